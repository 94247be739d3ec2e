import ArgumentParser
import Balance
import Diagnostics
import Foundation
import GameSeam
import MonteCarlo

/// How `diff` prints its result.
enum DiffFormat: String, ExpressibleByArgument, CaseIterable {
    case text, markdown, json
}

struct DiffCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "diff",
        abstract: "What a change to a design does: both designs played on the same seeds, differences with intervals.",
        discussion: """
            Plays --games games of OLD_DESIGN and of NEW_DESIGN, game i of both from the same \
            seed, on every lineup both play (as simulate names them; --lineup picks one), and \
            compares them metric by metric, each a value every game has (see Games below). \
            Because both designs meet the same random draws wherever the change leaves them \
            alike (paired games, common random numbers), most of the noise cancels: the \
            difference is measured game by game, and its interval is far narrower than the \
            spread of either design's games.

            A difference whose interval excludes 0 is one the change really made. Then every \
            change between the designs (each parameter, and whatever else the game compares: \
            the catalogue, a persona, the pipeline; at most the first 12) is applied alone to \
            the old design and played on the same seeds, and the metrics it moves are listed \
            against it ("moved by"). Effects alone need not add up to the whole difference: \
            changes can interact. A change that is invalid alone (minNumOfPlayers above the old \
            maxNumOfPlayers, say) is reported as such.

            Examples:
              playbench diff Designs/relentless Designs/harsher
              playbench diff old/ new/ --team casual,casual,expert --games 4000 --format markdown > comment.md
              playbench diff old/ new/ --format json --output diff.json

            Exits 0 when the comparison ran (whatever it found), 1 when a design has errors, 64 \
            on bad usage, 66 when a design directory is missing, 73 when --output cannot be \
            written, 130 when interrupted (the games so far are printed on standard output, \
            marked partial; --output is left as it was).

            \(GameHelp.command("diff", ShippedGames.active))
            """)
    }

    @Argument(help: "The design before the change (a directory).")
    var oldDesign: String

    @Argument(help: "The design after the change (a directory).")
    var newDesign: String

    @Option(help: ArgumentHelp(GameHelp.option("team", "Personas, one per player, comma-separated; found in each design's Players.plist. Default: each design's default team."), valueName: "a,b,c"))
    var team: String?

    @Option(help: ArgumentHelp(GameHelp.option("agents", "a matchup, A,B or A; repeat for several (as for simulate). Default: each design's matchups."), valueName: "A,B"))
    var agents: [String] = []

    @Option(help: ArgumentHelp(GameHelp.option("lineup", "the one lineup to compare, as simulate names it. Default: every lineup both designs play."), valueName: "name"))
    var lineup: String?

    @OptionGroup var play: PlayOptions
    private var games: Int { play.games }
    private var seed: UInt64 { play.seed }
    private var threads: Int? { play.threads }

    @Option(help: "Confidence of every interval, in (0.5, 1).")
    var confidence: Double = 0.95

    @Option(help: "Output: text, markdown (a pull-request comment) or json.")
    var format: DiffFormat = .text

    @Option(help: ArgumentHelp("Write the result to this file (atomically) instead of standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
        // An interval needs the spread of at least two paired games.
        guard games >= 2 else { throw ValidationError("--games must be at least 2") }
        guard confidence > 0.5 && confidence < 1 else { throw ValidationError("--confidence must be between 0.5 and 1, e.g. 0.95") }
        let (before, after) = (DesignDirectory(oldDesign), DesignDirectory(newDesign))
        guard before.game.name == after.game.name else {
            throw ValidationError("\(oldDesign) is a design of \(before.game.name) and \(newDesign) one of \(after.game.name): diff compares two designs of one game")
        }
        try before.refuse(play: [
            ("team", team != nil), ("max-rounds", play.maxRoundsGiven), ("start-difficulty", play.start.given), ("agents", !agents.isEmpty),
            ("lineup", lineup != nil),
        ])
    }

    func run() throws {
        try OutputPreflight.check(files: [output])
        let before = DesignDirectory(oldDesign)
        try diff(try SeamPlay.playableGame(before, command: "diff"), before, DesignDirectory(newDesign))
    }

    /// Every lineup both designs play (or --lineup), paired game by game, every change alone.
    private func diff<Game: PlayableGame>(_ game: Game, _ before: DesignDirectory, _ after: DesignDirectory) throws {
        let options = PlayOptionValues(given: [("team", team.map { [$0] }), ("agents", agents)] + play.given)
        let old = try SeamPlay.load(game, before, command: "diff", options: options)
        let new = try SeamPlay.load(game, after, command: "diff", options: options)
        guard !game.gameMetrics.isEmpty else { throw ValidationError("diff compares games one by one: \(game.name) names no metric every game has a value of") }
        let (oldNames, newNames) = (game.lineups(of: old).map(\.name), game.lineups(of: new).map(\.name))
        var shared = oldNames.indices.compactMap { i in newNames.firstIndex(of: oldNames[i]).map { (old: i, new: $0) } }
        if let lineup {
            shared = shared.filter { oldNames[$0.old] == lineup }
            guard !shared.isEmpty else {
                let near = Suggestion.nearest(to: lineup, in: oldNames).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw ValidationError("--lineup \(lineup): not a \(game.lineupNoun) both designs play\(near)")
            }
        }
        guard !shared.isEmpty else {
            throw ValidationError("the designs play no \(game.lineupNoun) in common (\(oldNames.joined(separator: "; ")) against \(newNames.joined(separator: "; "))): name one both play")
        }
        let pairs = shared.count
        let interruption = Interruption()
        let progress = ProgressBar(label: "diff")
        var results: [DesignDiffResult] = []
        for (k, pair) in shared.enumerated() where k == 0 || !interruption.cancellation.isCancelled {
            results.append(DesignDiffResult.run(
                game, old: old, new: new, lineup: pair.old, newLineup: pair.new, labels: (oldDesign, newDesign), games: games, seed: seed,
                confidence: Confidence(confidence), threads: threads, cancellation: interruption.cancellation
            ) { done, total in progress.update(done: k * total + done, total: pairs * total) })
        }
        progress.finish()
        interruption.end()
        let partial = results.count < shared.count || results.contains(where: \.isPartial)
        let text: String
        switch format {
        case .text: text = results.map(\.text).joined(separator: "\n")
        case .markdown: text = results.map(\.markdown).joined(separator: "\n")
        case .json: text = results.count == 1 ? DiagnosticRenderer.json(results[0]) : DiagnosticRenderer.json(results)
        }
        if let output, !partial {
            try Output.exitingOnFileError { () throws(FileError) in try FileIO.write(Array(text.utf8), to: output) }
        } else {
            if let output { Output.error("\(Interruption.word): \(output) is left as it was; the partial result follows on standard output") }
            Output.standard(text)
        }
        if partial {
            Output.error("\(Interruption.word): the result is partial")
            throw ExitCode(Interruption.exitStatus)
        }
    }
}
