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

            \(GameHelp.command("diff", GameRegistry.active))
            """)
    }

    @Argument(help: "The design before the change (a directory).")
    var oldDesign: String

    @Argument(help: "The design after the change (a directory).")
    var newDesign: String

    @OptionGroup var team: TeamOption

    @OptionGroup var agents: AgentsOption

    @OptionGroup var lineup: LineupOption

    @OptionGroup var play: PlayOptions
    private var games: Int { play.games }
    private var seed: UInt64 { play.seed }
    private var threads: Int? { play.threads }

    @OptionGroup var confidence: ConfidenceOption

    @Option(help: "Output: text, markdown (a pull-request comment) or json.")
    var format: DiffFormat = .text

    @Option(help: ArgumentHelp("Write the result to this file (atomically) instead of standard output.", valueName: "file"))
    var output: String?

    private var chosenBefore = ChosenDesign()
    private var chosenAfter = ChosenDesign()

    mutating func validate() throws {
        // An interval needs the spread of at least two paired games.
        try play.validatePaired()
        let (before, after) = (chosenBefore.design(oldDesign), chosenAfter.design(newDesign))
        // A missing directory is no game's: run says which one is missing (66), not that it
        // is a design of the default game.
        let bothExist = [oldDesign, newDesign].allSatisfy { FileManager.default.fileExists(atPath: $0) }
        guard !bothExist || before.game.name == after.game.name else {
            throw ValidationError("\(oldDesign) is a design of \(before.game.name) and \(newDesign) one of \(after.game.name): diff compares two designs of one game")
        }
        try before.refuse(gameOptions)
    }

    /// The games' options of the designs played, as given.
    private var gameOptions: [(name: String, value: GameOptionValue?)] { [team.given, agents.given] + play.given }

    mutating func run() throws {
        try OutputPreflight.check(files: [output])
        let (before, after) = (chosenBefore.design(oldDesign), chosenAfter.design(newDesign))
        try diff(try SeamPlay.comparingGame(before, command: "diff"), before, after)
    }

    /// Every lineup both designs play (or --lineup), paired game by game, every change alone.
    private func diff<Game: ComparingGame>(_ game: Game, _ before: DesignDirectory, _ after: DesignDirectory) throws {
        let options = GameOptionValues(gameOptions)
        var old = try SeamPlay.load(game, before, command: "diff", options: options)
        var new = try SeamPlay.load(game, after, command: "diff", options: options)
        guard !game.gameMetrics.isEmpty else { throw Output.usage("diff compares games one by one: \(game.name) names no metric every game has a value of") }
        var (oldNames, newNames) = (game.lineups(of: old).map(\.name), game.lineups(of: new).map(\.name))
        var shared = Self.shared(oldNames, newNames)
        if shared.isEmpty, team.value == nil, agents.value == nil, lineup.name == nil,
            let common = Self.commonLineups(game, old: old, new: new, before, after, options: options) {
            // Each design's own lineups differ (a starter's team, the shipped one's): those of
            // them the other design plays too are compared, and the note says so.
            Output.standardError("""
                diff: the designs' own \(game.lineupNoun)s differ (\(oldDesign): \(oldNames.joined(separator: "; ")); \(newDesign): \(newNames.joined(separator: "; "))); \
                comparing on those both play\n
                """)
            (old, new) = common
            (oldNames, newNames) = (game.lineups(of: old).map(\.name), game.lineups(of: new).map(\.name))
            shared = Self.shared(oldNames, newNames)
        }
        guard !shared.isEmpty else {
            throw Output.usage(Self.nothingShared(game, oldNames, newNames, labels: (oldDesign, newDesign)))
        }
        if let k = try lineup.index(in: shared.map { oldNames[$0.old] }) { shared = [shared[k]] }
        let pairs = shared.count
        let interruption = Interruption()
        let progress = ProgressBar(label: "diff")
        var results: [DesignDiffResult] = []
        for (k, pair) in shared.enumerated() where k == 0 || !interruption.cancellation.isCancelled {
            results.append(DesignDiffResult.run(
                game, old: old, new: new, lineup: pair.old, newLineup: pair.new, labels: (oldDesign, newDesign), games: games, seed: seed,
                confidence: confidence.level, threads: threads, cancellation: interruption.cancellation
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

    /// The lineups both designs play, by name: each one's place in the old design and the new.
    static func shared(_ oldNames: [String], _ newNames: [String]) -> [(old: Int, new: Int)] {
        oldNames.indices.compactMap { i in newNames.firstIndex(of: oldNames[i]).map { (old: i, new: $0) } }
    }

    /// Both designs loaded to play each one's own lineups that the other plays too (a team of
    /// personas both Players.plist have), through the options that name them; nil when there
    /// are none, or the game names its lineups by no option.
    static func commonLineups<Game: ComparingGame>(
        _ game: Game, old: Game.Playable, new: Game.Playable, _ before: DesignDirectory, _ after: DesignDirectory, options: GameOptionValues
    ) -> (old: Game.Playable, new: Game.Playable)? {
        func loaded(_ design: DesignDirectory, _ options: GameOptionValues) -> Game.Playable? {
            guard let (playable, diagnostics) = try? game.playable(design, options), !diagnostics.hasErrors else { return nil }
            return playable
        }
        let candidates = game.lineups(of: old).indices.compactMap { game.options(playing: $0, of: old) }
            + game.lineups(of: new).indices.compactMap { game.options(playing: $0, of: new) }
        var common = GameOptionValues()
        for candidate in candidates {
            let asked = options.merging(candidate)
            guard loaded(before, asked) != nil, loaded(after, asked) != nil else { continue }
            common = common.gathering(candidate)
        }
        guard !common.isEmpty, let o = loaded(before, options.merging(common)), let n = loaded(after, options.merging(common)) else { return nil }
        return (o, n)
    }

    /// Why nothing can be compared: what each design plays, and the options that name a
    /// lineup both can play, where the game has them.
    static func nothingShared<Game: PlayableGame>(_ game: Game, _ oldNames: [String], _ newNames: [String], labels: (String, String)) -> String {
        let noun = game.lineupNoun
        let pickers = game.playOptions.filter(\.picksLineups).map { "--\($0.name)" + ($0.valueName.map { " " + $0 } ?? "") }
        let how = pickers.isEmpty
            ? "a \(noun) both designs' files name is compared"
            : "name one both play with \(pickers.joined(separator: " or "))"
        return "the designs play no \(noun) in common: \(labels.0) plays \(oldNames.joined(separator: "; ")), \(labels.1) plays \(newNames.joined(separator: "; ")); \(how) (see 'playbench diff --help')"
    }
}
