import Diagnostics
import ArgumentParser
import RelentlessBalance
import Foundation
import GameSeam
import Balance
import MonteCarlo
import Relentless
import RelentlessReports
import RelentlessSimulation

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
            Plays --games games of OLD_DESIGN and of NEW_DESIGN with the same team, game i of \
            both from the same seed, and compares them metric by metric: rounds reached, share \
            of games lost, final money, satisfaction, and orders correct, wrong and timed out per \
            round. Because both designs meet the same random draws wherever the change leaves \
            them alike (paired games, common random numbers), most of the noise cancels: the \
            difference is measured game by game, and its interval is far narrower than the \
            spread of either design's games.

            A difference whose interval excludes 0 is one the change really made. Then every \
            change between the designs (each DefaultGameParameters.plist key, the catalogue as a \
            whole, each persona of the team, the pipeline; at most the first 12) is applied \
            alone to the old design and played on the same seeds, and the metrics it moves are \
            listed against it ("moved by"). Effects alone need not add up to the whole \
            difference: changes can interact. A key that is invalid alone (minNumOfPlayers \
            above the old maxNumOfPlayers, say) is reported as such.

            Examples:
              playbench diff Designs/relentless Designs/harsher
              playbench diff old/ new/ --team casual,casual,expert --games 4000 --format markdown > comment.md
              playbench diff old/ new/ --format json --output diff.json

            Exits 0 when the comparison ran (whatever it found), 1 when a design has errors, 64 \
            on bad usage, 66 when a design directory is missing, 73 when --output cannot be \
            written, 130 when interrupted (the games so far are printed on standard output, \
            marked partial; --output is left as it was).

            Two designs of a game on the seam (Andora) are compared lineup by lineup (the lineups \
            both play, by name), every metric's change new − old with its interval, taken as \
            independent samples; a change whose interval excludes 0 is marked *.

            \(GameHelp.command("diff", ShippedGames.active))
            """)
    }

    @Argument(help: "The design before the change (a directory).")
    var oldDesign: String

    @Argument(help: "The design after the change (a directory).")
    var newDesign: String

    @Option(help: ArgumentHelp("Personas, one per player, comma-separated; found in each design's Players.plist. Default: the old design's default team.", valueName: "a,b,c"))
    var team: String?

    @OptionGroup var play: PlayOptions
    private var games: Int { play.games }
    private var seed: UInt64 { play.seed }
    private var maxRounds: Int { play.maxRounds }
    private var threads: Int? { play.threads }

    @Option(help: "Confidence of every interval, in (0.5, 1).")
    var confidence: Double = 0.95

    @Option(help: ArgumentHelp("Andora designs: a matchup, A,B or A; repeat for several (as for simulate). Default: each design's matchups.", valueName: "A,B"))
    var agents: [String] = []

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
        try before.refuse(play: [("team", team != nil), ("max-rounds", play.maxRoundsGiven), ("start-difficulty", play.start.given), ("agents", !agents.isEmpty)])
    }

    func run() throws {
        try OutputPreflight.check(files: [output])
        let named = DesignDirectory(oldDesign)
        if let game = named.game as? any PlayableGame, !ShippedGames.hasOwnPath(game) {
            try diff(game, named, DesignDirectory(newDesign))
            return
        }
        let (old, new) = (try PlayableDesign.load(oldDesign), try PlayableDesign.load(newDesign))
        // Both designs, and every change alone, start where the host set the slider (M3).
        let start = try StartOption.resolve(play.start.value, for: [old.usable, new.usable], command: "diff")
        let names = team ?? old.players.defaultTeam.joined(separator: ",")
        let before = DesignVariant(
            design: old.usable.design, team: try TeamChoice.resolve(team: names, players: nil, model: old.players, design: old.usable.design, command: "diff"),
            pipeline: old.usable.choice)
        let after = DesignVariant(
            design: new.usable.design, team: try TeamChoice.resolve(team: names, players: nil, model: new.players, design: new.usable.design, command: "diff"),
            pipeline: new.usable.choice)
        let catalogueChanged = try Output.exitingOnFileError { () throws(FileError) in
            try FileIO.read(Self.catalogue(oldDesign)) != FileIO.read(Self.catalogue(newDesign))
        }
        let diff: DesignDiff
        do {
            diff = try DesignDiff(
                old: before, new: after, changes: DesignChange.between(before, after, catalogueChanged: catalogueChanged), maxRounds: maxRounds,
                startDifficulty: start)
        } catch {
            Output.error("\(error)")
            throw ExitCode(1)
        }
        let interruption = Interruption()
        let progress = ProgressBar(label: "diff")
        let result: DiffResult
        do {
            result = try diff.run(
                games: games, seed: seed, confidence: Confidence(confidence), labels: (oldDesign, newDesign), threads: threads,
                cancellation: interruption.cancellation, progress: { progress.update(done: $0, total: $1) })
        } catch {
            progress.finish()
            interruption.end()
            Output.error("\(error.description)\n  (one of the two designs, or a change applied alone, cannot play this game)")
            throw ExitCode(1)
        }
        progress.finish()
        interruption.end()
        let text: String
        switch format {
        case .text: text = DiffText.render(result)
        case .markdown: text = DiffMarkdown.render(result)
        case .json: text = DiagnosticRenderer.json(result)
        }
        if let output, !result.isPartial {
            try Output.exitingOnFileError { () throws(FileError) in try FileIO.write(Array(text.utf8), to: output) }
        } else {
            if let output { Output.error("interrupted: \(output) is left as it was; the partial result follows on standard output") }
            Output.standard(text)
        }
        if result.isPartial {
            Output.error("interrupted: \(result.gamesPlayed) of \(counted(result.gamesRequested, "game")) played; the result is partial")
            throw ExitCode(Interruption.exitStatus)
        }
    }

    static func catalogue(_ directory: String) -> String {
        (directory as NSString).appendingPathComponent(DesignSources.catalogueFileName)
    }

    /// Two designs of a game on the seam, every lineup they share, metric by metric.
    private func diff<Game: PlayableGame>(_ game: Game, _ before: DesignDirectory, _ after: DesignDirectory) throws {
        let old = try SeamPlay.load(game, before, command: "diff", options: ["agents": agents]), new = try SeamPlay.load(game, after, command: "diff", options: ["agents": agents])
        let oldRun = SeamPlay.run(game, old, label: before.label, games: games, seed: seed, threads: threads, command: "diff old")
        guard oldRun.isComplete else { throw Self.interrupted }
        let newRun = SeamPlay.run(game, new, label: after.label, games: games, seed: seed, threads: threads, command: "diff new")
        guard newRun.isComplete else { throw Self.interrupted }
        let result = MetricDiffResult.compare(game, old: oldRun, new: newRun, confidence: Confidence(confidence))
        let text = switch format {
        case .text: result.text
        case .markdown: result.markdown
        case .json: DiagnosticRenderer.json(result)
        }
        if let output {
            try Output.exitingOnFileError { () throws(FileError) in try FileIO.write(Array(text.utf8), to: output) }
        } else {
            Output.standard(text)
        }
    }

    /// Ctrl-C during a seam diff: nothing printed, --output left as it was.
    private static var interrupted: ExitCode {
        Output.error("interrupted: no comparison; --output, if any, is as it was")
        return ExitCode(Interruption.exitStatus)
    }
}
