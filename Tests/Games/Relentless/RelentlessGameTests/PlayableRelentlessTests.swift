import Diagnostics
import Foundation
import GameSeam
import MonteCarlo
import Relentless
import RelentlessGame
import RelentlessGeneration
import RelentlessRuns
import RelentlessSimulation
import TestSupport
import Testing

/// Relentless through the seam plays the games Relentless's own run plays: the same statistics,
/// encoded byte for byte, for every team and thread count. This is what lets the commands move
/// onto the seam without changing a number of Reports/relentless (issue 17).
@Suite struct PlayableRelentlessTests {
    static let game = PlayableRelentless()

    static func playable(_ options: GameOptionValues) throws -> PlayableRelentless.Playable {
        let (playable, diagnostics) = try game.playable(try RelentlessFilesTests.shippedFolder(), options)
        return try #require(playable, "\(diagnostics)")
    }

    static func encoded(_ statistics: SimulationStatistics) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(statistics)
    }

    @Test func aTeamPlaysTheGamesOfRelentlesssOwnRun() throws {
        let teams = ["casual,casual,casual,casual", "expert,novice,casual"]
        let playable = try Self.playable(["team": .texts(teams), "max-rounds": .integer(6)])
        // The oracle: the run the commands make today, SimulationBatch over a GameSimulator built
        // from the design as they build it.
        let prepared = try PreparedDesign(playable.design)
        let (model, _, _) = try RelentlessFiles.players(try RelentlessFilesTests.shippedFolder())
        for (i, names) in teams.enumerated() {
            let team = try names.split(separator: ",").map { try #require(model?.persona(named: String($0))) }
            let simulator = GameSimulator(design: prepared, team: team, maxRounds: 6)
            let expected = try SimulationBatch.run(simulator, games: 300, seed: 42, threads: 1).statistics
            for threads in [1, 3] {
                let seam = Self.game.play(playable, lineup: i, games: 300, seed: 42, threads: threads, cancellation: nil).statistics
                #expect(try Self.encoded(seam) == Self.encoded(expected), "team \(names) on \(threads) threads")
            }
        }
        // Both teams play the run's own seeds: one seed replays game i of either.
        let lineups = Self.game.lineups(of: playable)
        #expect(lineups.allSatisfy { $0.sharesRunSeeds })
        #expect(lineups[0].seeds(42).seed(game: 7) == GameSeeds(runSeed: 42).seed(game: 7))
        #expect(lineups[1].seeds(42).seed(game: 7) == lineups[0].seeds(42).seed(game: 7))
    }

    @Test func theDefaultTeamAndPlayersComeFromPlayersPlist() throws {
        let playable = try Self.playable([:])
        let (model, _, _) = try RelentlessFiles.players(try RelentlessFilesTests.shippedFolder())
        let defaultTeam = try #require(model).defaultTeam
        #expect(playable.teams.map { $0.map(\.name) } == [defaultTeam])
        #expect(playable.maxRounds == PlayableRelentless.defaultMaxRounds)
        let six = try Self.playable(["players": .integer(6)])
        #expect(six.teams[0].count == 6)
    }

    @Test(arguments: [
        (["team": .texts(["casual,nobody,casual"])], "unknown persona \"nobody\""),
        // Spaces and tabs around a name are trimmed, a line break is not: no persona's name holds one.
        (["team": .texts(["casual,\ncasual,expert"])], "unknown persona \"\ncasual\""),
        (["team": .texts(["casual"])], "a team of 1 is outside the design's team sizes 3...6"),
        (["team": .texts(["casual,casual,casual"]), "players": .integer(4)], "--team names 3 players but --players is 4"),
        (["max-rounds": .integer(0)], "--max-rounds takes a whole number in 1...10000, not 0"),
        (["max-rounds": .text("8")], "--max-rounds takes a whole number"),
        (["max-rounds": .integer(4), "timeline": .integer(5)], "--timeline must be a round in 1...4 (--max-rounds)"),
        (["start-difficulty": .number(99)], "--start-difficulty 99 is outside the difficulty range"),
    ] as [(GameOptionValues, String)])
    func optionsThatMakeNoSenseAreUsageErrors(options: GameOptionValues, message: String) throws {
        let error = try #require(throws: PlayLoadError.self) { try Self.game.playable(try RelentlessFilesTests.shippedFolder(), options) }
        guard case .option(let text) = error else { Issue.record("not an option error: \(error)"); return }
        #expect(text.contains(message), "\(text)")
    }

    @Test func settingAParameterChangesTheGamesAsTheDesignFileWould() throws {
        // --set dailyExpense=… plays what a design whose file says so plays (M1).
        let playable = try Self.playable(["max-rounds": .integer(5)])
        let set = try Self.game.setting(playable, [("dailyExpense", "90")])
        #expect(Self.game.value(of: "dailyExpense", in: set) == "90")
        var file = try RelentlessFilesTests.shippedFolder()
        let text = String(decoding: try #require(file.files["DefaultGameParameters.plist"]), as: UTF8.self)
        file.files["DefaultGameParameters.plist"] = Array(text.settingParameter("dailyExpense", to: "<integer>90</integer>").utf8)
        let written = try #require(try Self.game.playable(file, ["max-rounds": .integer(5)]).0)
        let a = Self.game.play(set, lineup: 0, games: 200, seed: 3, threads: 1, cancellation: nil).statistics
        let b = Self.game.play(written, lineup: 0, games: 200, seed: 3, threads: 1, cancellation: nil).statistics
        #expect(try Self.encoded(a) == Self.encoded(b))
        let before = Self.game.play(playable, lineup: 0, games: 200, seed: 3, threads: 1, cancellation: nil).statistics
        #expect(try Self.encoded(a) != Self.encoded(before), "a higher expense changed nothing")
        // A value the design cannot take says why (C6: more players than the catalogue serves).
        #expect(throws: PlayLoadError.self) { try Self.game.setting(playable, [("maxNumOfPlayers", "2")]) }
    }

    @Test func aReplayIsTheGameItsSeedPlays() throws {
        let playable = try Self.playable(["max-rounds": .integer(8)])
        let seed = GameSeeds(runSeed: 1).seed(game: 0)
        let text = Self.game.replay(playable, lineup: 0, game: 0, seed: seed)
        let summary = try playable.simulators[0].play(seed: seed)
        // One paragraph per round played, and the end as the simulator saw it (M2).
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("round ") }.count == summary.roundsPlayed + (summary.unplayable == nil ? 0 : 1))
        let label = try Self.playable([:]).label
        #expect(text.hasPrefix("\(label): replay of game seed \(seed), team casual, casual, casual, casual\n"))
        #expect(text.hasSuffix("\(summary.lost ? "lost" : "still solvent") after \(counted(summary.roundsPlayed, "round")) with money \(summary.money)\n"))
    }
}
