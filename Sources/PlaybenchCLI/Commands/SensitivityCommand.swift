import ArgumentParser
import Balance
import Diagnostics
import Foundation
import GameSeam
import MonteCarlo

struct SensitivityCommand: SeamShardableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "sensitivity",
        abstract: "Rank the design's parameters by their effect on a metric (a tornado chart).",
        discussion: """
            Asks "which knobs matter?". Every parameter the design sets is moved alone, down and \
            up by --step (one at a time, ±10% by default: a number multiplied, a whole-number \
            parameter to the next whole values; how else a game moves its parameters, an \
            expression say, is the game's), and played on the same game seeds as the design \
            itself, so each game is compared with its own twin and the effect's interval is \
            narrow. Parameters are ranked by the larger of their two effects on --metric, one of \
            the metrics every game has a value of; --report draws a tornado chart for every \
            metric. A move that makes no design (a rule it breaks) is listed as not moved, with \
            why.

            With --personas the player model is moved instead of the design: each assumption of \
            the team's personas for every player at once (see Games below). It says how much of \
            a design's numbers rests on each assumption about real players.

            A design that plays several lineups is measured on each (--lineup picks one).

            On a cluster, --shard I/N plays one N-th of the games (every move of each, so each \
            game is still compared with its twin) and writes a part; 'playbench merge' then \
            prints and writes exactly what one machine would.

            Examples:
              playbench sensitivity
              playbench sensitivity --metric finalMoney --games 2000 --report sensitivity.html
              playbench sensitivity Designs/mine --step 0.2 --team novice,novice,expert --format json
              playbench sensitivity --personas --team casual,casual,casual,casual
              playbench sensitivity Designs/andora --agents mcts:100,random --metric firstAgentScore
              playbench sensitivity --games 100000 --report tornado.html --shard 2/8 --part parts/2.json

            Exits 0 when the analysis ran, 1 when the design has errors, 64 on bad usage, 73 when \
            an output cannot be written, 130 when interrupted (the games so far are printed, \
            marked partial; no report is written).

            \(GameHelp.command("sensitivity", GameRegistry.active))
            """)
    }

    @Argument(help: "The design directory, of any game the registry knows (see Games below). Default: the default game's design, built in.")
    var designDirectory: String?

    @Option(name: .customLong("metric"), help: ArgumentHelp("The metric to rank by, one every game has a value of (see Games below). Default: the game's first.", valueName: "metric"))
    var metricOption: String?

    @Option(help: "How far each parameter moves down and up, as a fraction (0.1 = ±10%).")
    var step: Double = 0.1

    @OptionGroup var personas: PersonasOption

    @OptionGroup var players: PlayersOption

    @OptionGroup var team: TeamOption

    @OptionGroup var agents: AgentsOption

    @OptionGroup var lineup: LineupOption

    @OptionGroup var play: PlayOptions

    @OptionGroup var confidence: ConfidenceOption

    @Option(help: "Output: text or json.")
    var format: SimulationFormat = .text

    @Option(help: ArgumentHelp("Also write an HTML page with a tornado chart per metric.", valueName: "file"))
    var report: String?

    @OptionGroup var sharding: ShardOptions

    private var chosen = ChosenDesign()

    mutating func validate() throws {
        guard step > 0 && step < 1 else { throw ValidationError("--step must be between 0 and 1, e.g. 0.1 for ±10%") }
        try play.validatePaired()
        try chosen.design(designDirectory).refuse([personas.given] + gameOptions)
    }

    /// The games' options of the design played, as given.
    private var gameOptions: [(name: String, value: GameOptionValue?)] { [players.given, team.given, agents.given] + play.given }

    mutating func run() throws {
        try OutputPreflight.check(files: [report])
        let design = chosen.design(designDirectory)
        try sensitivity(try SeamPlay.comparingGame(design, command: "sensitivity"), design)
    }

    mutating func execute(seamParts: SeamParts) throws {
        try OutputPreflight.check(files: [report])
        let design = chosen.design(designDirectory)
        try sensitivity(try SeamPlay.comparingGame(design, command: "sensitivity"), design, parts: seamParts)
    }

    /// Every parameter moved alone on every lineup (or --lineup's), game by game against the
    /// design: played here, by one shard of a cluster job, or taken from the merged `parts` of one.
    private func sensitivity<Game: ComparingGame>(_ game: Game, _ design: DesignDirectory, parts: SeamParts? = nil) throws {
        let playable = try SeamPlay.load(
            game, design, command: "sensitivity",
            options: GameOptionValues(gameOptions))
        let names = game.gameMetrics.map(\.name)
        guard !names.isEmpty else { throw ValidationError("sensitivity compares games one by one: \(game.name) names no metric every game has a value of") }
        if let metricOption, !names.contains(metricOption) {
            throw ValidationError("--metric \(metricOption): one of \(game.name)'s metrics every game has a value of: \(names.joined(separator: ", "))")
        }
        let lineups = game.lineups(of: playable).map(\.name)
        let measured = try lineup.index(in: lineups).map { [$0] } ?? Array(lineups.indices)
        let runNames = measured.map { lineups[$0] }
        let moves = game.moves(of: playable, step: step, subject: personas.isOn ? PersonasOption.name : nil)
        if let shard = try sharding.resolve() {
            return try writePart(game, playable, design, measured: measured, runNames: runNames, moves: moves, shard: shard)
        }
        var results: [SensitivityResult] = []
        if let parts {
            results = try merged(game, playable, design, measured: measured, runNames: runNames, moves: moves, parts: parts)
        } else {
            let interruption = Interruption()
            let bar = ProgressBar(label: "sensitivity")
            for (k, index) in measured.enumerated() where !interruption.cancellation.isCancelled || k == 0 {
                results.append(SensitivityResult.run(
                    game, playable, lineup: index, moves: moves, design: design.label, step: step, games: play.games, seed: play.seed,
                    confidence: confidence.level, threads: play.threads, cancellation: interruption.cancellation
                ) { done, total in bar.update(done: k * total + done, total: measured.count * total) })
            }
            bar.finish()
            interruption.end()
        }
        let partial = results.count < measured.count || results.contains(where: \.isPartial)
        if let report, !partial {
            let page = SensitivityResult.html(results)
            try Output.exitingOnFileError { () throws(FileError) in try FileIO.write(Array(page.utf8), to: report) }
        }
        Output.standard(
            format == .json
                ? (results.count == 1 ? DiagnosticRenderer.json(results[0]) : DiagnosticRenderer.json(results))
                : results.map { $0.text(metric: metricOption) }.joined(separator: "\n"))
        if partial {
            Output.error("\(Interruption.word): the result is partial")
            throw ExitCode(Interruption.exitStatus)
        }
    }

    /// Shard `shard`'s blocks of games of every measured lineup (its index and its name in the
    /// part), each game played by the design and every move, written as a part of their paired
    /// moments block by block.
    private func writePart<Game: ComparingGame>(
        _ game: Game, _ playable: Game.Playable, _ design: DesignDirectory, measured: [Int], runNames: [String], moves: ParameterMoves<Game.Playable>, shard: Shard
    ) throws {
        let blocks = GameBlocks(games: play.games)
        let (seed, threads) = (play.seed, play.threads)
        try SeamPlay.writePart(
            gameName: game.name, runs: runNames, shard: shard, options: sharding, blocks: blocks,
            inputs: try SeamPlay.fingerprint(game, design)
        ) { (index, indices, cancellation, blockFinished: @escaping @Sendable (Int, PairedMoments) -> Void) in
            let lineup = measured[index]
            let run = game.playPaired(
                playable, lineup: lineup, variants: SensitivityResult.variants(moves, lineup: lineup), blocks: blocks, indices: indices, seed: seed,
                threads: threads, cancellation: cancellation, blockFinished: { block, record in blockFinished(block, record.moments) })
            return !run.isPartial
        }
    }

    /// Every measured lineup's result from the parts of a sharded run: each block's moments
    /// checked (shape, counts, the moments' own invariants) and folded in block order, as one
    /// machine folds them.
    private func merged<Game: ComparingGame>(
        _ game: Game, _ playable: Game.Playable, _ design: DesignDirectory, measured: [Int], runNames: [String], moves: ParameterMoves<Game.Playable>, parts: SeamParts
    ) throws -> [SensitivityResult] {
        let metrics = game.gameMetrics.count
        let played = SensitivityResult.variants(moves, lineup: 0).map { $0 != nil }
        let reader = PartReader<PairedMoments>(gameName: game.name) { moments, games in
            moments.invariantViolation(games: games, metrics: metrics, played: played)
        }
        let blocks = try parts.blockStatistics(
            reader, lineups: runNames, blocks: GameBlocks(games: play.games), inputs: try SeamPlay.fingerprint(game, design)
        ) { _, _, _ in nil }
        return zip(measured, blocks).map { lineup, blocks in
            var moments = PairedMoments(metrics: metrics, variants: played.count)
            GameBlocks.fold(blocks, into: &moments)
            return SensitivityResult(
                game, playable, lineup: lineup, moves: moves, design: design.label, step: step, games: play.games, seed: play.seed,
                confidence: confidence.level, moments: moments, gamesPlayed: play.games)
        }
    }
}
