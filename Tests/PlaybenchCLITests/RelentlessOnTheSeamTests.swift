import ArgumentParser
import Foundation
import GameSeam
import RelentlessGame
import Testing
import TestSupport
@testable import PlaybenchCLI

/// What `simulate` prints for Relentless is what Relentless on the seam (`PlayableRelentless`)
/// renders from the games the seam plays with the options as the command hands them over: the
/// command adds nothing and drops no option (issue 17). (That the bytes are those of Relentless's
/// own path before the move was checked against that binary when simulate moved; CI's
/// regeneration of Reports/relentless keeps checking the report's.)
@Suite struct RelentlessOnTheSeamTests {
    static let game = PlayableRelentless()

    /// The seam's run of `options` on the shipped design directory, with `how` as the command said it.
    static func run(_ options: GameOptionValues, games: Int, seed: UInt64, how: String) throws -> PlayedRun<PlayableRelentless> {
        let folder = DesignDirectory(Fixtures.shippedDesign.path)
        let playable = try #require(try game.playable(folder, options).0)
        let played = game.play(playable, games: games, seed: seed, threads: 2, cancellation: nil)
        return PlayedRun(
            playable: playable, lineups: game.lineups(of: playable), statistics: played.statistics, seed: seed, gamesRequested: games, how: how,
            label: folder.label, interrupted: !played.complete)
    }

    @Test(arguments: [
        ["--team", "casual,casual,casual"],
        ["--team", "expert,novice,casual,casual", "--max-rounds", "9", "--start-difficulty", "3"],
    ])
    func simulatePrintsWhatTheSeamRenders(arguments: [String]) throws {
        let command = ["simulate", Fixtures.shippedDesign.path, "--games", "150", "--seed", "5"] + arguments
        let full = command + (arguments.contains("--max-rounds") ? [] : ["--max-rounds", "8"])
        // The options as the command hands them over, typed: each given one, nothing else.
        let options = GameOptionValues(try SimulateCommand.parse(Array(full.dropFirst())).gameOptions)
        #expect(options.names == (["max-rounds"] + (arguments.contains("--start-difficulty") ? ["start-difficulty"] : []) + ["team"]))

        let json = try CommandRunner.playbench(full + ["--format", "json"])
        #expect(json.status == 0, "\(json.standardError)")
        let seamJSON = try Self.run(options, games: 150, seed: 5, how: "")
        #expect(DiagnosticRenderer.json(Self.game.simulationJSON(seamJSON)) == json.standardOutput)

        // The text's first line says how the games were played ("0.41 s on 2 threads"): the
        // seam's run is given the same words, and every other byte must agree.
        let text = try CommandRunner.playbench(full)
        #expect(text.status == 0, "\(text.standardError)")
        let first = try #require(text.standardOutput.split(separator: "\n").first)
        let how = try #require(first.range(of: " (", options: .backwards)).upperBound
        let seamText = try Self.run(options, games: 150, seed: 5, how: String(first[how...].dropLast()))
        #expect(Self.game.simulationText(seamText) == text.standardOutput)
    }
}
