import Foundation
import MonteCarlo
import Testing
@testable import TabulaImaginariumSync

/// Sessions' grab conflicts, joins and edits against their closed forms (TS4, TS5, TS7), each
/// tested at significance 10⁻⁶ two-sided with fixed seeds: the test fails when a statistic lies
/// more than z = 4.8916 standard errors from its exact expectation.
///
/// The closed forms. Each of N devices grabs at rate g a second, each grab of one of K tokens
/// uniformly, so one token's grabs are a Poisson process of rate Λ = N·g / K whose points carry
/// independent uniform device marks (superposition and thinning). By the Mecke (Slivnyak)
/// formula, a grab at time t sees the other grabs as the same Poisson process, so
///   P(the next grab of its token comes within w, from another device) = (1 − e^(−Λw))·(N − 1)/N,
/// and a session of T seconds expects Λ(T − w) grabs before T − w, each with that chance: the
/// share `collisions` measures. Counting every pair of consecutive grabs, the expected conflicts
/// of one token are (N − 1)/N · ∫₀ᵀ Λ(1 − e^(−Λ·min(w, T − t))) dt
///   = (N − 1)/N · [ΛT − Λ(T − w)e^(−Λw) − (1 − e^(−Λw))]  for T ≥ w.
/// The two devices of a conflict are a uniform ordered pair of distinct devices; the host is one
/// of them in 2(N − 1) of the N(N − 1) pairs, so it wins 2/N of the conflicts (TS4).
@Suite struct CollisionTests {
    static let z = 4.8916  // P(|Z| > z) = 10⁻⁶ for a standard normal Z

    struct Setting: Sendable, CustomStringConvertible {
        var devices: Int
        var tokens: Int
        var grabsPerMinute: Double
        var latency: Double
        var minutes: Double
        var description: String { "N=\(devices) K=\(tokens) g=\(grabsPerMinute)/min w=\(latency)s T=\(minutes)min" }

        var parameters: SyncParameters {
            SyncParameters(devices: devices, editsPerMinute: 1, grabsPerMinute: grabsPerMinute, tokens: tokens, latencySeconds: latency, sessionMinutes: minutes)
        }
        var rate: Double { Double(devices) * grabsPerMinute / 60 / Double(tokens) }  // Λ, a token's grabs a second
        var otherDevice: Double { Double(devices - 1) / Double(devices) }
        var collisionChance: Double { (1 - exp(-rate * latency)) * otherDevice }
        var expectedConflicts: Double {
            let (l, w, t) = (rate, latency, minutes * 60)
            return Double(tokens) * otherDevice * (l * t - l * (t - w) * exp(-l * w) - (1 - exp(-l * w)))
        }
    }

    static let settings = [
        Setting(devices: 4, tokens: 2, grabsPerMinute: 6, latency: 2, minutes: 30),
        Setting(devices: 5, tokens: 6, grabsPerMinute: 1, latency: 0.25, minutes: 240),
        Setting(devices: 2, tokens: 1, grabsPerMinute: 20, latency: 1, minutes: 10),
        Setting(devices: 8, tokens: 3, grabsPerMinute: 3, latency: 0.5, minutes: 60),
    ]

    /// Per-session values whose expectation is exactly 0 under the closed form: their mean lies
    /// within z standard errors of 0.
    static func expectCentred(_ values: [Double], _ what: String) {
        let n = Double(values.count)
        let mean = values.reduce(0, +) / n
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        let error = (variance / n).squareRoot()
        #expect(abs(mean) <= z * error, "\(what): mean \(mean), standard error \(error)")
        #expect(error > 0, "\(what): no spread, the test could not fail")
    }

    @Test(arguments: settings)
    func collisionsWithinALatency(setting: Setting) throws {
        let model = try SyncModel(setting.parameters)
        let sessions = (UInt64(0)..<400).map { model.play(seed: 1_000 + $0) }
        let q = setting.collisionChance
        // The share's numerator less q times its denominator, session by session: mean 0 exactly
        // (Mecke), the sessions independent.
        Self.expectCentred(sessions.map { Double($0.windowConflicts) - q * Double($0.windowGrabs) }, "collisions \(setting)")
        Self.expectCentred(sessions.map { Double($0.conflicts) - setting.expectedConflicts }, "conflicts \(setting)")
        if setting.devices == 2 {
            #expect(sessions.allSatisfy { $0.hostWins == $0.conflicts })  // 2/N = 1: every conflict is the host's
        } else {
            Self.expectCentred(sessions.map { Double($0.hostWins) - 2 / Double(setting.devices) * Double($0.conflicts) }, "host's wins \(setting)")
        }
        // The statistics' ratios are the sessions' sums.
        var statistics = SyncStatistics()
        for s in sessions { statistics.record(s) }
        #expect(statistics.collisions.successes == sessions.reduce(0) { $0 + $1.windowConflicts })
        #expect(statistics.hostWins.successes + sessions.reduce(0) { $0 + $1.peerWins } == statistics.totals.conflicts)
    }

    /// The share counts a grab whose token's next grab, if by another device, falls within the
    /// latency: (1 − e^(−Λw))(N − 1)/N, not the chance that any grab by another device does,
    /// 1 − e^(−(N − 1)gw/K) (a grab followed by its own device's and then another's within w is
    /// no collision). The two agree to first order in Λw; at Λw = 10 (five devices grabbing one
    /// token once a second, two seconds of latency) they are 0.800 and 0.9997, and the measured
    /// share must be the first and lie hundreds of standard errors from the second.
    @Test func theShareIsOfTheTokensNextGrabNotOfAnyGrab() throws {
        let setting = Setting(devices: 5, tokens: 1, grabsPerMinute: 60, latency: 2, minutes: 10)
        let model = try SyncModel(setting.parameters)
        var statistics = SyncStatistics()
        for seed in UInt64(0)..<40 { statistics.record(model.play(seed: 5_000 + seed)) }
        let (n, share) = (Double(statistics.collisions.trials), statistics.collisions.value)
        let q = setting.collisionChance
        let anyGrab = 1 - exp(-Double(setting.devices - 1) * setting.grabsPerMinute / 60 * setting.latency / Double(setting.tokens))
        let error = (q * (1 - q) / n).squareRoot()
        #expect(n > 100_000, "\(n) grabs with a window")
        #expect(abs(share - q) <= Self.z * error, "share \(share), closed form \(q), standard error \(error)")
        #expect(abs(share - anyGrab) > 100 * error, "share \(share), any grab within w \(anyGrab), standard error \(error)")
    }

    /// Edits split between the devices as Poisson streams do: given the total, the host's are
    /// binomial with chance 1/N; joins are N − 1 a session plus Poisson reconnects of mean
    /// (N − 1)·r·T.
    @Test func editsAndJoins() throws {
        let (n, minutes, reconnects) = (6, 120.0, 0.75)
        let model = try SyncModel(SyncParameters(devices: n, editsPerMinute: 2, grabsPerMinute: 0, sessionMinutes: minutes, reconnectsPerHour: reconnects))
        var statistics = SyncStatistics()
        for seed in UInt64(0)..<300 { statistics.record(model.play(seed: seed)) }
        let edits = Double(statistics.totals.edits), share = 1 / Double(n)
        #expect(abs(Double(statistics.totals.hostEdits) - edits * share) <= Self.z * (edits * share * (1 - share)).squareRoot())
        let extra = Double(statistics.totals.joins - 300 * (n - 1)), mean = 300 * Double(n - 1) * reconnects * minutes / 60
        #expect(abs(extra - mean) <= Self.z * mean.squareRoot(), "reconnects \(extra), expected \(mean)")
        #expect(statistics.messagesPerEdit == Double(n - 1) && statistics.relayedPerPeerEdit == Double(n - 2))
    }
}
