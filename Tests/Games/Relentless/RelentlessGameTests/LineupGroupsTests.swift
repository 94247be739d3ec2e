import Foundation
import GameSeam
import MonteCarlo
import RelentlessGame
import RelentlessRuns
import Synchronization
import Testing
import TestSupport

/// A report's lineups of one team size play together, each round generated once for all of
/// them (``PlayableRelentless/lineupGroups(of:)``, issue 44); what each lineup records must be
/// what it records played alone, and the seam's run must keep its order, progress and Ctrl-C.
@Suite struct LineupGroupsTests {
    static let game = PlayableRelentless()

    static func reportPlayable(_ options: GameOptionValues) throws -> PlayableRelentless.Playable {
        try game.reportPlayable(try PlayableRelentlessTests.playable(options))
    }

    @Test func aReportsLineupsAreGroupedByTeamSizeAndStart() throws {
        let playable = try Self.reportPlayable(["max-rounds": .integer(4)])
        let groups = Self.game.lineupGroups(of: playable)
        let sizes = playable.lineupTeams.map(\.count)
        // Every lineup once; a group holds one size, and no two groups the same size.
        #expect(groups.joined().sorted() == Array(sizes.indices))
        #expect(groups.allSatisfy { group in group.allSatisfy { sizes[$0] == sizes[group[0]] } })
        #expect(Set(groups.map { sizes[$0[0]] }).count == groups.count)
        #expect(groups.count == Set(sizes).count && groups.count < sizes.count, "\(groups) for sizes \(sizes)")
        // Teams that start apart (a gate's targets may ask) meet other rounds: not grouped.
        var apart = playable
        apart.teamStarts = playable.lineupTeams.indices.map { $0 == 0 ? 3 : nil }
        #expect(Self.game.lineupGroups(of: apart).contains([0]))
    }

    @Test func lineupsPlayedTogetherRecordWhatTheyRecordAlone() throws {
        for design in ["relentless", "harsher"] {
            var folder = try RelentlessFilesTests.shippedFolder()
            if design == "harsher" {
                // Teams lose there, at different rounds: a group's teams leave it one by one.
                folder.files["DefaultGameParameters.plist"] = try Fixtures.bytes(Fixtures.harsherDesign.appendingPathComponent("DefaultGameParameters.plist"))
            }
            let (asked, diagnostics) = try Self.game.playable(folder, ["max-rounds": .integer(8)])
            let playable = try Self.game.reportPlayable(try #require(asked, "\(diagnostics)"))
            let together = Self.game.play(playable, games: 140, seed: 11, threads: 2, cancellation: nil)
            #expect(together.complete && together.statistics.count == playable.lineupTeams.count)
            for k in playable.lineupTeams.indices {
                let alone = Self.game.play(playable, lineup: k, games: 140, seed: 11, threads: 1, cancellation: nil).statistics
                #expect(try PlayableRelentlessTests.encoded(together.statistics[k]) == PlayableRelentlessTests.encoded(alone), "\(design): lineup \(k)")
            }
        }
    }

    @Test func progressCountsEveryLineupsGamesAndCtrlCKeepsTheOrder() throws {
        let playable = try Self.reportPlayable(["max-rounds": .integer(3)])
        let lineups = playable.lineupTeams.count
        let calls = Mutex<[Int]>([])
        let run = Self.game.play(playable, games: 60, seed: 2, threads: 1, cancellation: nil) { done, total in
            #expect(total == 60 * lineups)
            calls.withLock { $0.append(done) }
        }
        let done = calls.withLock { $0 }
        #expect(run.complete && done.last == 60 * lineups && done == done.sorted())
        // Stopped at once: the first lineup's group is begun and says it played nothing; the
        // lineups after it are not listed (a prefix, the last of it partial).
        let cancelled = Cancellation()
        cancelled.cancel()
        let stopped = Self.game.play(playable, games: 60, seed: 2, threads: 1, cancellation: cancelled)
        #expect(!stopped.complete && stopped.statistics.count == 1 && stopped.statistics[0].games == 0)
    }
}
