import AndoraRuns
import Foundation
import Testing

/// What merge trusts of a shard's Andora counts: forged counts are named, never trap.
@Suite struct MatchStatisticsInvariantTests {
    static func forged(_ change: (inout [String: Any]) -> Void) throws -> MatchStatistics {
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(MatchStatistics())) as? [String: Any])
        change(&object)
        return try JSONDecoder().decode(MatchStatistics.self, from: JSONSerialization.data(withJSONObject: object))
    }

    @Test func countsThatCannotComeFromPlayAreNamed() throws {
        #expect(MatchStatistics().invariantViolation(games: 0) == nil)
        // Two games claimed, one win and one draw recorded, but no lengths: the lengths do not add up.
        let noLengths = try Self.forged { $0["games"] = 2; $0["xWins"] = 1; $0["draws"] = 1 }
        #expect(noLengths.invariantViolation(games: 2)?.contains("game lengths") == true)
        // Sums that would overflow an Int are refused before they are added.
        let huge = try Self.forged { $0["games"] = 2; $0["xWins"] = Int.max; $0["oWins"] = 1 }
        #expect(huge.invariantViolation(games: 2)?.contains("outside 0...2") == true)
        // A lengths array merge would index past its end.
        let short = try Self.forged { $0["games"] = 1; $0["draws"] = 1; $0["lengths"] = [1] }
        #expect(short.invariantViolation(games: 1)?.contains("game lengths") == true)
        // Seats with more wins than games.
        var lengths = [Int](repeating: 0, count: 82)
        lengths[40] = 2
        let seats = try Self.forged {
            $0["games"] = 2; $0["xWins"] = 2; $0["lengths"] = lengths; $0["evenSeats"] = ["games": 0, "xWins": 2, "oWins": 0]
        }
        #expect(seats.invariantViolation(games: 2)?.contains("seats") == true)
    }
}
