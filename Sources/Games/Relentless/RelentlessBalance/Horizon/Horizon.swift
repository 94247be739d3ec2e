import Diagnostics
import Foundation
import GameSeam
import MonteCarlo
import RelentlessRuns

/// Beyond the horizon: what happens to a team after `--max-rounds`, extrapolated from the rounds
/// played at the top of the difficulty ramp.
///
/// ```swift
/// switch Horizon.estimate(run.statistics, confidence: .ninetyFive) {
/// case .success(let horizon): horizon.drift.value, horizon.ruin.interval   // +101 a round, [0, 0]
/// case .failure(let why): print(why)                                      // no game reached the top
/// }
/// ```
///
/// ## Why rounds there are one random experiment
/// Once the difficulty has reached its last level (its maximum, or a level where difficultyChange
/// is 0, M3), every round is generated from the same parameters (G1–G8) from its own streams, and
/// played by the same team; nothing of a round depends on the money before it. So each round's
/// money change (M1) is an independent draw from one distribution, and money is a random walk
/// from the money a team holds when the plateau starts. (`HorizonTests` checks this: the changes
/// of different plateau rounds have the same distribution and do not correlate.)
///
/// ## Method
/// The walk is approximated by a Brownian motion with the measured drift μ and variance σ² per
/// round (the pooled mean and variance of every plateau round's change), with Siegmund's
/// correction for the overshoot of a discrete walk: ruin, money below 0 (M2), from money m is
/// first passage below −d with d = m + 0.583 σ. Then
/// - eventual ruin: 1 if μ ≤ 0, else exp(−2μd/σ²);
/// - ruin within H rounds: Φ((−d − μH)/(σ√H)) + exp(−2μd/σ²) Φ((−d + μH)/(σ√H));
/// - rounds to ruin when μ < 0: d/|μ| (Wald).
/// These are averaged over the money teams hold at the plateau's start (up to 200 evenly spaced
/// quantiles of its distribution), and games lost before the plateau count as ruined. Intervals
/// come from the drift's normal interval (which dominates: the answers are monotone in μ) and
/// the Wilson interval of the losses before the plateau, each at half the error rate
/// (Bonferroni); σ and the money at the plateau's start are taken as measured. Long runs
/// (`--max-rounds 300`) agree with these within their intervals (`HorizonTests`).
public struct Horizon: Sendable, Hashable, Codable {
    /// 1-based: the first round at the ramp's last difficulty.
    public var plateauRound: Int
    public var difficulty: Double
    /// Money change per round there (M1), over every plateau round played.
    public var drift: Estimate
    /// Standard deviation of that change.
    public var spread: Double
    /// Share of all games lost before the plateau (M2).
    public var lostBefore: Estimate
    /// Share of all games that are eventually lost (before the plateau, or ruined on it).
    public var ruin: Estimate
    /// Mean rounds from the plateau's start to ruin, for teams alive there; nil unless the whole
    /// drift interval is below 0 (otherwise ruin is not certain).
    public var roundsToRuin: Estimate?

    /// Why there is no estimate.
    public struct Unavailable: Error, Sendable, Hashable, Codable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// Siegmund's constant: the mean overshoot of a Gaussian random walk, in standard deviations.
    static let overshoot = 0.5826
    /// Quantiles of the plateau's starting money averaged over.
    static let startPoints = 200

    public static func estimate(_ statistics: SimulationStatistics, confidence: Confidence) -> Result<Horizon, Unavailable> {
        switch Plateau.of(statistics) {
        case .failure(let why): return .failure(why)
        case .success(let plateau): return .success(plateau.horizon(confidence: confidence))
        }
    }

    /// The share of all games lost by `round` (1-based, past the plateau's start), extrapolated.
    public static func ruin(_ statistics: SimulationStatistics, byRound round: Int, confidence: Confidence) -> Result<Estimate, Unavailable> {
        switch Plateau.of(statistics) {
        case .failure(let why): return .failure(why)
        case .success(let plateau):
            guard round >= plateau.start + 1 else { return .failure(Unavailable(reason: "round \(round) is before the plateau (round \(plateau.start + 1))")) }
            return .success(plateau.ruin(within: round - plateau.start, confidence: confidence))
        }
    }
}

/// The plateau of a batch: where it starts, the money change there, and the money at its start.
struct Plateau {
    /// 0-based index of the first plateau round.
    var start: Int
    var difficulty: Double
    var change: Moments
    var games: Int
    /// Games lost before the plateau.
    var lostBefore: Int
    /// Money of the teams alive at the plateau's start (evenly spaced quantiles).
    var startMoney: [Double]

    static func of(_ statistics: SimulationStatistics) -> Result<Plateau, Horizon.Unavailable> {
        let rounds = statistics.rounds
        guard let last = rounds.last, statistics.games > 0 else {
            return .failure(.init(reason: "no game was played"))
        }
        if statistics.lost == statistics.games, rounds.count < 2 || rounds[rounds.count - 2].difficulty != last.difficulty {
            return .failure(.init(reason: "every game was lost by round \(rounds.count), before the top of the difficulty ramp: all were ruined"))
        }
        guard let start = rounds.firstIndex(where: { $0.difficulty == last.difficulty }), rounds.count - start >= 2 else {
            return .failure(.init(
                reason: "no game played two rounds at the top of the difficulty ramp (round \(rounds.count) is at difficulty \(last.difficulty.designerText)); raise --max-rounds"))
        }
        var change = Moments()
        for r in start..<rounds.count { change.merge(rounds[r].moneyChange) }
        guard change.count >= 2 else {
            return .failure(.init(reason: "fewer than two rounds were played at the top difficulty"))
        }
        var startMoney: [Double] = [0]
        var alive = statistics.games
        if start > 0 {
            let before = rounds[start - 1]
            alive = before.survived
            let negatives = before.played - before.survived
            let points = min(alive, Horizon.startPoints)
            startMoney = (0..<points).compactMap { i in
                before.money.value(atRank: negatives + (2 * i + 1) * alive / (2 * points)).map { Double(max(0, $0)) }
            }
        }
        return .success(Plateau(
            start: start, difficulty: last.difficulty, change: change, games: statistics.games, lostBefore: statistics.games - alive,
            startMoney: startMoney))
    }

    func horizon(confidence: Confidence) -> Horizon {
        let half = confidence.split(2)
        let drift = change.meanInterval(half) ?? change.mean...change.mean
        let lost = Proportion(lostBefore, of: games)
        let lostInterval = lost.interval(half)
        func total(_ lostShare: Double, _ ruinedOnPlateau: Double) -> Double { lostShare + (1 - lostShare) * ruinedOnPlateau }
        let eventual = { (mu: Double) in average { eventualRuin(from: $0, drift: mu) } }
        let ruin = Estimate(
            value: total(lost.value, eventual(change.mean)),
            interval: total(lostInterval.lowerBound, eventual(drift.upperBound))...total(lostInterval.upperBound, eventual(drift.lowerBound)),
            sample: change.count)
        var roundsToRuin: Estimate?
        if drift.upperBound < 0, !startMoney.isEmpty {
            let rounds = { (mu: Double) in average { distance(from: $0) / -mu } }
            roundsToRuin = Estimate(value: rounds(change.mean), interval: rounds(drift.lowerBound)...rounds(drift.upperBound), sample: startMoney.count)
        }
        let fullDrift = change.meanInterval(confidence) ?? drift
        return Horizon(
            plateauRound: start + 1, difficulty: difficulty, drift: Estimate(value: change.mean, interval: fullDrift, sample: change.count),
            spread: change.standardDeviation, lostBefore: Estimate(value: lost.value, interval: lost.interval(confidence), sample: games),
            ruin: ruin, roundsToRuin: roundsToRuin)
    }

    /// Share of all games lost within `rounds` plateau rounds (the plateau's first included).
    func ruin(within rounds: Int, confidence: Confidence) -> Estimate {
        let half = confidence.split(2)
        let drift = change.meanInterval(half) ?? change.mean...change.mean
        let lost = Proportion(lostBefore, of: games)
        let lostInterval = lost.interval(half)
        func total(_ lostShare: Double, _ ruined: Double) -> Double { lostShare + (1 - lostShare) * ruined }
        let within = { (mu: Double) in average { ruinWithin(Double(rounds), from: $0, drift: mu) } }
        return Estimate(
            value: total(lost.value, within(change.mean)),
            interval: total(lostInterval.lowerBound, within(drift.upperBound))...total(lostInterval.upperBound, within(drift.lowerBound)),
            sample: change.count)
    }

    var sigma: Double { change.standardDeviation }

    func average(_ f: (Double) -> Double) -> Double {
        startMoney.isEmpty ? 0 : startMoney.reduce(0) { $0 + f($1) } / Double(startMoney.count)
    }

    /// How far below the money a walk must fall to be ruined, with the overshoot correction.
    func distance(from money: Double) -> Double { money + Horizon.overshoot * sigma }

    func eventualRuin(from money: Double, drift mu: Double) -> Double {
        guard mu > 0 else { return 1 }
        guard sigma > 0 else { return 0 }
        return exp(-2 * mu * distance(from: money) / (sigma * sigma))
    }

    /// First passage of a Brownian motion with drift `mu` below −d within `h` rounds.
    func ruinWithin(_ h: Double, from money: Double, drift mu: Double) -> Double {
        let d = distance(from: money)
        guard sigma > 0 else { return mu < 0 && d + mu * h < 0 ? 1 : 0 }
        let s = sigma * h.squareRoot()
        let first = Normal.cdf((-d - mu * h) / s)
        // exp(−2μd/σ²) Φ(·) in logs: the exponential alone overflows when μ is very negative.
        let second = exp(-2 * mu * d / (sigma * sigma) + Self.logCdf((-d + mu * h) / s))
        return min(1, first + second)
    }

    /// log Φ(x), accurate far in the left tail (Mills' ratio) where Φ itself underflows.
    static func logCdf(_ x: Double) -> Double {
        if x > -30 { return log(Normal.cdf(x)) }
        return -x * x / 2 - log(-x) - 0.5 * log(2 * Double.pi) + log1p(-1 / (x * x))
    }
}
