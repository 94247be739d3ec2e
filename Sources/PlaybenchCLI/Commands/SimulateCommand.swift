import ArgumentParser
import Diagnostics
import Foundation
import GameSeam
import MonteCarlo

/// How `simulate` prints its result.
enum SimulationFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

struct SimulateCommand: SeamShardableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "simulate",
        abstract: "Play many games of a design with modelled players: money, satisfaction, survival.",
        discussion: """
            Plays --games games of a design's lineups (what its game plays side by side: a team \
            of modelled players, a matchup of agents on a rule variant) and prints what they \
            came to, with intervals; --format json gives every statistic (counts, means, \
            standard deviations, extremes, quantiles). What a lineup is, which options pick it \
            and what is printed is the game's: see Games below.

            Games run on all cores; the result depends only on the design, its options, the seed \
            and --games, never on --threads. A progress bar shows on a terminal. Ctrl-C stops \
            early and prints the games finished so far, marked partial (exit 130): on standard \
            output even with --output, whose file is left as it was (a partial result never \
            replaces a complete one).

            --replay prints one game of every lineup instead, round by round or move by move: \
            the game a seed makes where its game names games by their seeds (the seeds a run \
            prints), else the game of that number in the run of --seed.

            On a cluster, --shard I/N plays one N-th of the games and writes a part; \
            'playbench merge' combines the N parts into exactly this command's output (the \
            reference's "Clusters" article).

            Examples:
              playbench simulate                               # the default game's shipped design
              playbench simulate --team novice,casual,expert --games 5000
              playbench simulate --players 6 --format json --output sim.json
              playbench simulate --team expert,expert,expert --replay 1234567
              playbench simulate --games 100000 --shard 3/8 --part parts/3.json
              playbench simulate Designs/andora --agents random --games 100000
              playbench simulate Designs/andora --agents mcts:200,random --games 400 --replay 3

            Exits 0 on success, 1 when the design has errors, 64 on bad usage (an option its \
            game does not take, a team size outside the design's range, an unknown persona or \
            agent), 130 when interrupted.

            \(GameHelp.command("simulate", GameRegistry.active))
            """)
    }

    @Argument(help: "The design directory, of any game the registry knows (see Games below). Default: the default game's design, built in.")
    var designDirectory: String?

    @OptionGroup var files: DesignFileOptions

    @OptionGroup var sets: SettingOption

    @OptionGroup var players: PlayersOption

    @OptionGroup var team: TeamOption

    @OptionGroup var play: PlayOptions
    private var games: Int { play.games }
    private var seed: UInt64 { play.seed }
    private var threads: Int? { play.threads }

    @Option(help: "Output: text (for people) or json (every statistic, for tools).")
    var format: SimulationFormat = .text

    @Option(help: ArgumentHelp("Write the result to this file instead of standard output: a regular file is replaced atomically, a device or FIFO written to, - is standard output.", valueName: "file"))
    var output: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Print one game of every lineup instead of playing many: the game of a seed the run printed, or the game of this number in the run of --seed, as the design's game names games (see Games below).", valueName: "game"),
        transform: SeedArgument.parse)
    var replay: UInt64?

    @OptionGroup var timeline: TimelineOption

    @OptionGroup var agents: AgentsOption

    @OptionGroup var sharding: ShardOptions

    private var chosen = ChosenDesign()

    mutating func validate() throws {
        try chosen.design(designDirectory, files: files).refuse(gameOptions, files: [("catalogue", files.catalogue != nil), ("parameters", files.parameters != nil)])
        try files.validate(designDirectory: designDirectory)
        // A part records its design's files by the directory (or the built-in design) it read.
        if files.given && sharding.shard != nil { throw ValidationError("--shard needs a design directory, not files named one by one") }
        if replay != nil && sharding.shard != nil { throw ValidationError("--replay plays one game: it cannot be sharded") }
        // A part names its design by its files alone: a setting beside them would not be merged as played.
        if !sets.isEmpty && sharding.shard != nil { throw ValidationError("a shard plays the design's files as they are: write the values of --set into the design and shard that") }
        _ = try sets.settings()
        if timeline.value != nil && replay == nil { throw ValidationError("--timeline shows a round of a replayed game: give --replay SEED too") }
    }

    mutating func run() throws {
        try OutputPreflight.check(files: [output])
        let design = chosen.design(designDirectory, files: files)
        guard let replay else { return try simulate(try SeamPlay.playableGame(design, command: "simulate"), design) }
        try replayGames(try SeamPlay.replayingGame(design, command: "simulate"), design, replay)
    }

    /// `--replay VALUE` of a design of `game`.
    private func replayGames<Game: ReplayingGame>(_ game: Game, _ design: DesignDirectory, _ value: UInt64) throws {
        let playable = try load(game, design)
        try write(try Self.replay(game, playable, value, seed: seed, format: format))
    }

    /// The games' options of the design played, as given (validate refuses those its game does not take).
    var gameOptions: [(name: String, value: GameOptionValue?)] { [team.given, players.given, agents.given, timeline.given] + play.given }

    /// Every lineup, --games games each: played here, by one shard of a cluster job, or taken
    /// from the merged `parts` of one.
    private func simulate<Game: PlayableGame>(_ game: Game, _ design: DesignDirectory, parts: SeamParts? = nil) throws {
        let playable = try load(game, design)
        // The design's fingerprint ties a job's parts together; a run played here needs none.
        if let shard = try sharding.resolve() {
            try SeamPlay.writePart(
                game, runs: SeamPlay.Run.all(game, playable), shard: shard, options: sharding, blocks: GameBlocks(games: games), seed: seed, threads: threads,
                inputs: try SeamPlay.fingerprint(game, design))
            return
        }
        if let parts {
            let lineups = game.lineups(of: playable)
            let statistics = try parts.statistics(game, runs: SeamPlay.Run.all(game, playable), games: games, inputs: try SeamPlay.fingerprint(game, design))
            let run = PlayedRun<Game>(
                playable: playable, lineups: lineups, statistics: statistics, seed: seed, gamesRequested: games,
                how: "merged from \(counted(parts.files.count, "part"))", label: design.label, interrupted: false)
            try write(format == .json ? DiagnosticRenderer.json(game.simulationJSON(run)) : game.simulationText(run))
            return
        }
        let run = SeamPlay.run(game, playable, label: design.label, games: games, seed: seed, threads: threads, command: "simulate")
        try write(format == .json ? DiagnosticRenderer.json(game.simulationJSON(run)) : game.simulationText(run), partial: !run.isComplete)
        if !run.isComplete {
            Output.error("\(Interruption.word): the result is partial")
            throw ExitCode(Interruption.exitStatus)
        }
    }

    /// The design with the options given and every --set applied in order, as sweep applies a
    /// point's values.
    private func load<Game: PlayableGame>(_ game: Game, _ design: DesignDirectory) throws -> Game.Playable {
        let playable = try SeamPlay.load(game, design, command: "simulate", options: GameOptionValues(gameOptions))
        let settings = try sets.settings()
        guard !settings.isEmpty else { return playable }
        return try SeamPlay.made(design, command: "simulate") { () throws(PlayLoadError) in try game.setting(playable, settings) }
    }

    /// `--replay VALUE`: the games it names (``ReplayingGame/replayedGames(_:of:seed:)``), each
    /// under its heading; as JSON one game's value, or a list of them.
    static func replay<Game: ReplayingGame>(_ game: Game, _ playable: Game.Playable, _ value: UInt64, seed: UInt64, format: SimulationFormat) throws -> String {
        let games = game.replayedGames(value, of: playable, seed: seed)
        switch format {
        case .text:
            return games.map { replayed in
                (replayed.heading.map { $0 + "\n" } ?? "") + game.replay(playable, lineup: replayed.lineup, game: replayed.game, seed: replayed.seed)
            }.joined()
        case .json:
            var values: [any Encodable & Sendable] = []
            for replayed in games {
                guard let value = game.replayJSON(playable, lineup: replayed.lineup, game: replayed.game, seed: replayed.seed) else {
                    throw ValidationError("--replay of a \(game.name) game prints it for people: leave out --format json")
                }
                values.append(value)
            }
            return values.count == 1 ? DiagnosticRenderer.json(values[0]) : DiagnosticRenderer.json(values.map(AnyEncodable.init))
        }
    }

    /// The result to --output, or standard output. A partial result (Ctrl-C) goes to standard
    /// output in any case: --output keeps the complete result it had.
    private func write(_ text: String, partial: Bool = false) throws {
        guard let output, !partial else {
            if let output { Output.error("\(Interruption.word): \(output) is left as it was; the partial result follows on standard output") }
            Output.standard(text)
            return
        }
        try Output.exitingOnFileError { () throws(FileError) in try FileIO.write(Array(text.utf8), to: output) }
    }

    mutating func execute(seamParts: SeamParts) throws {
        let design = chosen.design(designDirectory, files: files)
        try simulate(try SeamPlay.playableGame(design, command: "simulate"), design, parts: seamParts)
    }
}
