import Foundation
import Testing

@testable import TabulaImaginariumSync

/// Sessions are functions of their seed, and their statistics merge exactly in any order (the
/// runner's blocks, whatever the threads).
@Suite struct SyncStatisticsTests {
    static let model = try! SyncModel(SyncParameters(devices: 5, editsPerMinute: 2, grabsPerMinute: 4, tokens: 3, latencySeconds: 0.5, sessionMinutes: 60, reconnectsPerHour: 0.5))

    static func statistics(_ seeds: Range<UInt64>) -> SyncStatistics {
        var s = SyncStatistics()
        for seed in seeds { s.record(model.play(seed: seed)) }
        return s
    }

    @Test func aSeedGivesOneSession() {
        #expect(Self.model.play(seed: 9) == Self.model.play(seed: 9))
        #expect(Self.model.play(seed: 9) != Self.model.play(seed: 10))
    }

    /// Blocks merged in any order equal the whole, field for field; JSON keeps them byte for byte.
    @Test func blocksMergeToTheWholeInAnyOrder() throws {
        let whole = Self.statistics(0..<200)
        let blocks = [Self.statistics(0..<70), Self.statistics(70..<71), Self.statistics(71..<200), SyncStatistics()]
        for order in [[0, 1, 2, 3], [2, 0, 3, 1], [3, 2, 1, 0]] {
            var merged = SyncStatistics()
            for index in order { merged.merge(blocks[index]) }
            #expect(merged == whole)
        }
        #expect(whole.sessions == 200 && whole.totals.conflicts > 0 && whole.totals.droppedGrabs > 0)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(whole)
        #expect(try encoder.encode(JSONDecoder().decode(SyncStatistics.self, from: data)) == data)
    }

    /// Hostile totals saturate rather than trap.
    @Test func mergingSaturates() {
        var a = SyncStatistics()
        a.sessions = .max
        a.totals.conflicts = .max
        a.merge(Self.statistics(0..<3))
        #expect(a.sessions == .max && a.totals.conflicts == .max)
    }

    /// The per-session variance of conflicts is the sessions' own sample variance.
    @Test func conflictsVarianceIsTheSessions() throws {
        let counts = (UInt64(0)..<50).map { Double(Self.model.play(seed: $0).conflicts) }
        let mean = counts.reduce(0, +) / 50
        let variance = counts.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / 49
        let s = Self.statistics(0..<50)
        #expect(abs(try #require(s.conflictsPerSession) - mean) < 1e-12)
        #expect(abs(try #require(s.conflictsVariance) - variance) < 1e-9 * max(1, variance))
    }
}

/// Statistics read from a file are checked against what played sessions always hold.
@Suite struct SyncStatisticsInvariantTests {
    @Test func playedStatisticsHoldTheirInvariants() {
        let s = SyncStatisticsTests.statistics(0..<40)
        #expect(s.invariantViolation(sessions: 40) == nil)
        #expect(s.invariantViolation(sessions: 41) != nil)
    }

    @Test func aBrokenPartIsNamed() {
        let good = SyncStatisticsTests.statistics(0..<40)
        var wins = good
        wins.totals.hostWins += 1
        #expect(wins.invariantViolation(sessions: 40)?.contains("wins of") == true)
        var short = good
        short.totals.resyncBytes = [1]
        #expect(short.invariantViolation(sessions: 40)?.contains("strategies") == true)
        var hostile = good
        hostile.totals.hostGrabs = .max
        hostile.totals.peerGrabs = .max
        #expect(hostile.totals.grabs == .max && hostile.invariantViolation(sessions: 40) != nil)
        // A short part merges without a trap, padded to one total a strategy.
        var merged = SyncStatistics()
        merged.merge(short)
        #expect(merged.totals.resyncBytes.count == ResyncStrategy.allCases.count)
        var padded = short
        padded.merge(good)
        #expect(padded.totals.resyncBytes.count == ResyncStrategy.allCases.count)
    }
}
