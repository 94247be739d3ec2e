import Foundation
import GameSeam
import MonteCarlo
import Testing
@testable import RelentlessBalance

/// The ruin estimate beyond the horizon (``Horizon``) against its closed form. On the plateau,
/// money is a random walk with drift μ and spread σ a round (M1), and a team is ruined when its
/// money falls below 0 (M2). Seen as a Brownian motion with Siegmund's overshoot correction, a
/// team holding m is eventually ruined with probability exp(−2μd/σ²), d = m + 0.5826σ
/// (0.5826 = −ζ(1/2)/√(2π), the mean overshoot of a Gaussian walk in σ, rounded as ``Horizon``
/// has it). `HorizonTests` compares whole runs with long runs at intervals too wide to see the
/// correction's sign (a ±0.58σ shift of the boundary); here μ, σ and m are given and the estimate
/// must equal the closed form to 1e-12 (relative), while the wrong sign or no correction is off
/// by 10 % or more in every case.
@Suite("M2: eventual ruin on the plateau is exp(−2μ(m + 0.5826σ)/σ²)")
struct RuinClosedFormTests {
    /// The closed form, computed here from the given numbers alone.
    static func closedForm(mu: Double, sigma: Double, money: Double) -> Double {
        exp(-2 * mu * (money + 0.5826 * sigma) / (sigma * sigma))
    }

    /// A plateau whose money changes are μ − σ, μ and μ + σ: mean μ and sample standard deviation
    /// σ exactly (squared deviations σ², 0, σ² over n − 1 = 2), with teams alive at its start
    /// holding `startMoney`, and `lostBefore` of `games` games lost before it.
    static func plateau(mu: Double, sigma: Double, startMoney: [Double], games: Int = 1, lostBefore: Int = 0) -> Plateau {
        var change = Moments()
        for x in [mu - sigma, mu, mu + sigma] { change.add(x) }
        return Plateau(start: 18, difficulty: 10, change: change, games: games, lostBefore: lostBefore, startMoney: startMoney)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var mu: Double, sigma: Double, money: Double
        var testDescription: String { "μ \(mu), σ \(sigma), m \(money)" }
    }

    /// (μ, σ, m) and the ruin with the correction as it should be (+0.5826σ), without it (m), and
    /// with the wrong sign (m − 0.5826σ):
    /// - 10, 100, 0:    0.890012 | 1.000000 (+12.4 %) | 1.123580 (+26.2 %)
    /// - 20, 150, 100:  0.716671 | 0.837128 (+16.8 %) | 0.977832 (+36.4 %)
    /// - 5, 40, 250:    0.181201 | 0.209611 (+15.7 %) | 0.242477 (+33.8 %)
    /// - 101, 300, 50:  0.603804 | 0.893846 (+48.0 %) | 1.323212 (+119 %)
    /// A relative tolerance of 1e-12 leaves only rounding (the engine and this test compute the same
    /// few operations on exact inputs), some 10¹¹ times less than the smallest of those gaps.
    static let cases = [
        Case(mu: 10, sigma: 100, money: 0),
        Case(mu: 20, sigma: 150, money: 100),
        Case(mu: 5, sigma: 40, money: 250),
        Case(mu: 101, sigma: 300, money: 50),
    ]

    /// What it pins: the eventual-ruin function at a given drift and money, with σ measured from
    /// the plateau's changes, equals exp(−2μ(m + 0.5826σ)/σ²) (M2), so the overshoot correction
    /// moves the boundary 0.5826σ further from the money, not closer, and is not left out.
    @Test("the eventual ruin from money m at drift μ and spread σ is the closed form, correction added (to 1e-12)", arguments: cases)
    func eventualRuinIsTheClosedForm(_ c: Case) {
        let plateau = Self.plateau(mu: c.mu, sigma: c.sigma, startMoney: [c.money])
        #expect(plateau.change.mean == c.mu && abs(plateau.sigma - c.sigma) <= 1e-12 * c.sigma, "μ \(plateau.change.mean), σ \(plateau.sigma)")
        let expected = Self.closedForm(mu: c.mu, sigma: c.sigma, money: c.money)
        let estimate = plateau.eventualRuin(from: c.money, drift: c.mu)
        #expect(abs(estimate - expected) <= 1e-12 * expected, "estimate \(estimate), closed form \(expected)")
    }

    /// What it pins: the ruin ``Horizon`` reports is the same closed form, averaged over the money
    /// teams hold at the plateau's start, with the games lost before it counted as ruined:
    /// 1/4 + 3/4 × mean over m ∈ {100, 250, 400} of exp(−2μ(m + 0.5826σ)/σ²) at μ 20, σ 150, so
    /// 0.25 + 0.75 × (0.716671 + 0.548919 + 0.420433)/3 = 0.671506. Without the correction it
    /// would be 0.25 + 0.75 × (0.837128 + 0.641180 + 0.491098)/3 = 0.742352 (+10.6 %); with the
    /// wrong sign, 0.25 + 0.75 × (0.977832 + 0.748949 + 0.573641)/3 = 0.825105 (+22.9 %). Every
    /// starting money is above 0.5826σ = 87.39, so even the wrong sign leaves d > 0 and the ruin
    /// falling with μ: the drift interval's ends still give an ordered ruin interval, and the
    /// wrong sign fails an expectation here instead of trapping in `horizon(confidence:)`.
    @Test("the reported ruin averages the closed form over the plateau's starting money, losses before it counted in")
    func reportedRuinIsTheClosedFormAveraged() {
        let (mu, sigma) = (20.0, 150.0)
        let startMoney: [Double] = [100, 250, 400]
        let horizon = Self.plateau(mu: mu, sigma: sigma, startMoney: startMoney, games: 4, lostBefore: 1).horizon(confidence: .ninetyFive)
        #expect(horizon.drift.value == mu && abs(horizon.spread - sigma) <= 1e-12 * sigma, "μ \(horizon.drift.value), σ \(horizon.spread)")
        let onPlateau = startMoney.map { Self.closedForm(mu: mu, sigma: sigma, money: $0) }.reduce(0, +) / Double(startMoney.count)
        let expected = 0.25 + 0.75 * onPlateau
        #expect(abs(expected - 0.671506) < 1e-6, "the closed form itself: \(expected)")
        #expect(abs(horizon.ruin.value - expected) <= 1e-12 * expected, "reported \(horizon.ruin.value), closed form \(expected)")
        #expect(horizon.roundsToRuin == nil, "a positive drift: ruin is not certain")
    }
}
