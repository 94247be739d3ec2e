import Foundation
import MonteCarlo
import Testing
@testable import ShakyWords
@testable import ShakyWordsRuns

/// Statistics read from a shard's part are checked before anything sums them: a forged part is
/// refused with a reason, never a trap.
@Suite struct QuizStatisticsTests {
    static func played(_ games: Int) -> QuizStatistics {
        var s = QuizStatistics()
        for seed in 0..<games { s.record(GamePlay.play(GamePlayTests.design, contest: 0, seed: UInt64(seed))) }
        return s
    }

    /// `statistics` encoded, `change` applied to its JSON, decoded again.
    static func forged(_ statistics: QuizStatistics, _ change: (inout [String: Any]) -> Void) throws -> QuizStatistics {
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(statistics)) as? [String: Any])
        change(&object)
        return try JSONDecoder().decode(QuizStatistics.self, from: JSONSerialization.data(withJSONObject: object))
    }

    @Test func playedStatisticsPassAndMergeInAnyGrouping() {
        let s = Self.played(6)
        #expect(s.invariantViolation(games: 6) == nil)
        #expect(s.invariantViolation(games: 5) != nil)
        var left = Self.played(2)
        var rest = QuizStatistics()
        for seed in 2..<6 { rest.record(GamePlay.play(GamePlayTests.design, contest: 0, seed: UInt64(seed))) }
        left.merge(rest)
        // Counts merge exactly; moments up to rounding (the runner merges blocks in one fixed order).
        #expect(left.cells.map { [$0.level, $0.length, $0.questions, $0.timeouts, $0.unanswered] } == s.cells.map { [$0.level, $0.length, $0.questions, $0.timeouts, $0.unanswered] })
        #expect(left.byHints.map { [$0.hints, $0.questions] } == s.byHints.map { [$0.hints, $0.questions] })
        #expect(left.scoreCounts == s.scoreCounts && left.outrightWins == s.outrightWins && left.ties == s.ties)
        #expect(zip(left.cells, s.cells).allSatisfy { abs($0.points.mean - $1.points.mean) < 1e-9 })
    }

    @Test func countsNearIntMaxAreRefusedWithoutATrap() throws {
        let s = Self.played(3)
        let wins = try Self.forged(s) { $0["outrightWins"] = [Int.max, Int.max] }
        #expect(wins.invariantViolation(games: 3) != nil)
        let scores = try Self.forged(s) { object in
            object["scoreCounts"] = [["values": [1, 2], "counts": [Int.max, 1]], ["values": [1, 2], "counts": [Int.max, 1]]]
        }
        #expect(scores.invariantViolation(games: 3) != nil)
        let cells = try Self.forged(s) { object in
            var list = object["cells"] as! [[String: Any]]
            list[0]["questions"] = Int.max
            object["cells"] = list
        }
        #expect(cells.invariantViolation(games: 3) != nil)
        let hints = try Self.forged(s) { object in
            var list = object["byHints"] as! [[String: Any]]
            list[0]["questions"] = -1
            object["byHints"] = list
        }
        #expect(hints.invariantViolation(games: 3) != nil)
    }
}
