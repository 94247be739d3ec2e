import ArgumentParser
import Diagnostics
import Foundation
import GameSeam
import RelentlessGeneration
import MonteCarlo
import Relentless
import RelentlessSimulation
import RelentlessGame
import RelentlessReports
import RelentlessRuns

/// How `simulate` prints its result.
enum SimulationFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

struct SimulateCommand: ShardableCommand, SeamShardableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "simulate",
        abstract: "Play many games of a design with modelled players: money, satisfaction, survival.",
        discussion: """
            Plays --games whole games with a team of modelled players (personas from the \
            design's Players.plist, else the shipped one). Every round is generated as the host \
            would (G1–G8) and played on one clock by the rules P1–P7: orders appear every 15 s, \
            drain satisfaction while active, are filled by the players' modelled actions \
            (describe, find, pack, pass, assemble; descriptions are sometimes misunderstood), \
            delivered to the closest order of the house (P5) or time out (P6). After each round \
            money changes by the summed satisfaction (M1); a team with money below 0 has lost \
            (M2); the difficulty starts at --start-difficulty (the host's slider, by default \
            minDifficultyLevel) and rises each round (M3) until --max-rounds.

            Prints, per round: the share of all games still alive, money p10/p50/p90, mean \
            satisfaction, and orders correct, wrong, timed out and open; then how many games \
            were lost, and for the p10, p50 and p90 games of final money the command that \
            replays that exact game (--replay prints it round by round). --format json gives \
            every statistic (counts, means, standard deviations, extremes, quantiles).

            Games run on all cores; the result depends only on the design, team, seed, games and \
            max rounds (and --start-difficulty), never on --threads. A progress bar shows on a terminal. Ctrl-C stops \
            early and prints the games finished so far, marked partial (exit 130): on standard \
            output even with --output, whose file is left as it was (a partial result never \
            replaces a complete one).

            On a cluster, --shard I/N plays one N-th of the games and writes a part; \
            'playbench merge' combines the N parts into exactly this command's output (README, \
            "Runs on a cluster").

            Examples:
              playbench simulate                               # shipped design, default team
              playbench simulate --team novice,casual,expert --games 5000
              playbench simulate --players 6 --format json --output sim.json
              playbench simulate --team expert,expert,expert --replay 1234567
              playbench simulate --games 100000 --shard 3/8 --part parts/3.json

            An Andora design (a directory with Andora.plist, such as Designs/andora) is played \
            instead by its rule variants and matchups of agents: every variant with every \
            matchup, --games games each, seats alternating so that neither agent holds X more \
            often (with an odd --games, the first agent holds X once more). It prints per variant X's, O's and the draws' shares, the first player's \
            advantage (P(X wins) − P(O wins)) and X's score with their intervals, how games \
            ended (a line of mini-fields, R1.9.1, or a player who cannot place, R1.9.2) and \
            their length; then each variant against the first and what the mini-field strategy \
            (R1.4) changes. --agents picks the matchups: A,B plays agent A against agent B, A \
            alone plays A against itself; agents are random, greedy, mcts or mcts:PLAYOUTS.

              playbench simulate Designs/andora --agents random --games 100000    # seconds
              playbench simulate Designs/andora --agents mcts:200,random --games 400
              playbench simulate Designs/andora    # the design's matchups: MCTS takes minutes

            Exits 0 on success, 1 when the design or Players.plist has errors, 64 on bad \
            usage (a team size outside the design's range, an unknown persona), 130 when \
            interrupted.

            \(GameHelp.command("simulate", ShippedGames.active))
            """)
    }

    @Argument(help: "The design directory. Default: the shipped Relentless design, built in.")
    var designDirectory: String?

    @OptionGroup var files: DesignFileOptions
    private var named: NamedDesignFiles { files.named }

    @Option(help: "Team size. Default: the size of --team, else of Players.plist's defaultTeam (repeated or cut to this size when both are absent or differ).")
    var players: Int?

    @Option(help: ArgumentHelp("Personas, one per player, comma-separated (see Players.plist).", valueName: "a,b,c"))
    var team: String?

    @OptionGroup var play: PlayOptions
    private var games: Int { play.games }
    private var seed: UInt64 { play.seed }
    private var maxRounds: Int { play.maxRounds }
    private var threads: Int? { play.threads }

    @Option(help: "Output: text (for people) or json (every statistic, for tools).")
    var format: SimulationFormat = .text

    @Option(help: ArgumentHelp("Write the result to this file instead of standard output: a regular file is replaced atomically, a device or FIFO written to, - is standard output.", valueName: "file"))
    var output: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Print one game: for Relentless the game with this game seed (a run prints it for its p10/p50/p90 games), round by round; for a game on the seam (Andora) game number N of the run, move by move, for every lineup.", valueName: "seed"),
        transform: SeedArgument.parse)
    var replay: UInt64?

    @Option(help: ArgumentHelp("With --replay: also print every action of every player in this round (1-based), by when it started.", valueName: "round"))
    var timeline: Int?

    @Option(help: ArgumentHelp("Andora designs: a matchup, A,B (agent A against B) or A (against itself); repeat for several. Agents: random, greedy, mcts, mcts:PLAYOUTS. Default: the design's matchups.", valueName: "A,B"))
    var agents: [String] = []

    @OptionGroup var sharding: ShardOptions

    func validate() throws {
        try chosenDesign.refuse(
            play: [
                ("players", players != nil), ("team", team != nil), ("replay", replay != nil), ("timeline", timeline != nil),
                ("max-rounds", play.maxRoundsGiven), ("start-difficulty", play.start.given), ("shard", sharding.shard != nil), ("agents", !agents.isEmpty),
            ],
            files: [("catalogue", files.catalogue != nil), ("parameters", files.parameters != nil)])
        try named.validate(designDirectory: designDirectory)
        // A part records its design's files by the directory (or the built-in design) it read.
        if named.given && sharding.shard != nil { throw ValidationError("--shard needs a design directory, not --catalogue/--parameters files") }
        if let players, players < 1 { throw ValidationError("--players must be at least 1") }
        if replay != nil && sharding.shard != nil { throw ValidationError("--replay plays one game: it cannot be sharded") }
        if let timeline {
            guard replay != nil else { throw ValidationError("--timeline shows a round of a replayed game: give --replay SEED too") }
            guard timeline >= 1 && timeline <= play.maxRounds else { throw ValidationError("--timeline must be a round in 1...\(play.maxRounds)") }
        }
    }

    func execute(merged: MergedParts?) throws {
        try OutputPreflight.check(files: [output])
        let chosen = chosenDesign
        if let game = chosen.game as? any PlayableGame {
            // Parts hold the statistics of games not on the seam: a directory of a game on it is not theirs.
            if merged != nil { throw MergedParts.Problem.notTheirs(chosen) }
            try simulate(game, chosen)
            return
        }
        let playable = try PlayableDesign.load(designDirectory, files: named)
        let (design, label, choice, prepared, playersLabel) = (
            playable.usable.design, playable.usable.label, playable.usable.choice, playable.prepared, playable.playersLabel
        )
        let start = try play.start.resolve(for: playable.usable, command: "simulate")
        let personas = try TeamChoice.resolve(team: team, players: players, model: playable.players, design: design, command: "simulate")
        let simulator = GameSimulator(design: prepared, team: personas, maxRounds: maxRounds, startDifficulty: start, pipeline: choice.pipeline)
        let names = personas.map(\.name)
        if let replay {
            try replayGame(simulator, seed: replay, label: label, names: names)
            return
        }

        let blocks = GameBlocks(games: games)
        let inputs = InputFingerprint.of(designDirectory: designDirectory)
        if let shard = try sharding.resolve() {
            try ShardPart.write(
                shard, options: sharding, runs: [(simulator, blocks)], seed: seed, threads: threads, inputs: inputs, designDirectory: designDirectory)
            return
        }
        let run: MonteCarloRun<SimulationStatistics>
        let how: String
        if let merged {
            try merged.verify(inputs: inputs, runs: [(simulator, blocks)])
            let statistics = try merged.statistics(run: 0, simulator: simulator, blocks: blocks) ?? SimulationStatistics()
            run = MonteCarloRun(statistics: statistics, gamesRequested: games, gamesPlayed: statistics.games, threads: 1)
            how = "merged from \(merged.files.count) part\(merged.files.count == 1 ? "" : "s")"
        } else {
            (run, how) = try playHere(simulator, blocks: blocks)
        }
        let report = SimulationReport(
            run, design: label, playersFile: playersLabel, team: names, seed: seed, maxRounds: maxRounds, startDifficulty: start,
            replay: { replayCommand(names: names, startDifficulty: start, seed: $0) },
            reproduceRound: { round, gameSeed in
                GenerateCommandLine.of(
                    designDirectory: designDirectory, files: named, players: round.players, difficulty: round.difficulty, seed: gameSeed,
                    round: UInt64(round.round), explain: true)
            })
        let text: String
        switch format {
        case .text:
            text = SimulationText.render(report, how: how)
        case .json:
            text = DiagnosticRenderer.json(report)
        }
        try write(text, partial: run.isPartial)
        if run.isPartial {
            Output.error("interrupted: \(run.gamesPlayed) of \(counted(run.gamesRequested, "game")) played; the result is partial")
            throw ExitCode(Interruption.exitStatus)
        }
    }

    /// Plays every game here, with a progress bar; (the run, how long it took on how many threads).
    private func playHere(_ simulator: GameSimulator, blocks: GameBlocks) throws -> (MonteCarloRun<SimulationStatistics>, String) {
        let interruption = Interruption()
        let progress = ProgressBar(label: "simulate")
        let clock = ContinuousClock.now
        let run: MonteCarloRun<SimulationStatistics>
        do {
            run = try LocalPlay(seed: seed, threads: threads, cancellation: interruption.cancellation) { _, done, total in
                progress.update(done: done, total: total)
            }.play(simulator, blocks: blocks, indices: blocks.indices, into: nil, blockFinished: nil)
        } catch {
            progress.finish()
            interruption.end()
            throw SimulateCommand.failure(error, designDirectory: designDirectory, files: named)
        }
        progress.finish()
        interruption.end()
        let elapsed = ContinuousClock.now - clock
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return (run, String(format: "%.2f s on %d thread%@", seconds, run.threads, run.threads == 1 ? "" : "s"))
    }

    /// The design named on the command line, and its game.
    private var chosenDesign: DesignDirectory { DesignDirectory(designDirectory, files: files) }

    /// Every lineup of a game on the seam, --games games each.
    private func simulate<Game: PlayableGame>(_ game: Game, _ design: DesignDirectory, parts: SeamParts? = nil) throws {
        let playable = try SeamPlay.load(game, design, options: ["agents": agents])
        // The design file's fingerprint ties a job's parts together; a run played here needs none.
        if let shard = try sharding.resolve() {
            try SeamPlay.writePart(
                game, runs: SeamPlay.Run.all(game, playable), shard: shard, options: sharding, blocks: GameBlocks(games: games), seed: seed, threads: threads,
                inputs: try SeamPlay.fingerprint(game, design))
            return
        }
        if let parts {
            let lineups = game.lineups(of: playable)
            let statistics = try parts.statistics(game, lineups: lineups.map(\.name), games: games, inputs: try SeamPlay.fingerprint(game, design))
            let run = PlayedRun<Game>(
                playable: playable, lineups: lineups, statistics: statistics, seed: seed, gamesRequested: games,
                how: "merged from \(counted(parts.files.count, "part"))", label: design.label, interrupted: false)
            try write(format == .json ? DiagnosticRenderer.json(game.simulationJSON(run)) : game.simulationText(run))
            return
        }
        if let replay {
            // For a game on the seam --replay names a game of the run (its number), not a seed.
            guard format == .text else { throw ValidationError("--replay prints a game for people: leave out --format json") }
            var text = ""
            for (i, lineup) in game.lineups(of: playable).enumerated() {
                text += "\(lineup.name), game \(replay) of seed \(seed):\n"
                text += game.replay(playable, lineup: i, game: replay, seed: lineup.seeds(seed).seed(game: replay))
            }
            try write(text)
            return
        }
        let run = SeamPlay.run(game, playable, label: design.label, games: games, seed: seed, threads: threads, command: "simulate")
        try write(format == .json ? DiagnosticRenderer.json(game.simulationJSON(run)) : game.simulationText(run), partial: !run.isComplete)
        if !run.isComplete {
            Output.error("interrupted: the result is partial")
            throw ExitCode(Interruption.exitStatus)
        }
    }

    /// The result to --output, or standard output. A partial result (Ctrl-C) goes to standard
    /// output in any case: --output keeps the complete result it had.
    private func write(_ text: String, partial: Bool = false) throws {
        guard let output, !partial else {
            if let output { Output.error("interrupted: \(output) is left as it was; the partial result follows on standard output") }
            Output.standard(text)
            return
        }
        try Output.exitingOnFileError { () throws(FileError) in try FileIO.write(Array(text.utf8), to: output) }
    }

    private func replayGame(_ simulator: GameSimulator, seed gameSeed: UInt64, label: String, names: [String]) throws {
        var rounds: [ReplayLog.RoundRow] = []
        let summary: GameSummary
        do {
            summary = try simulator.play(seed: gameSeed, timeline: timeline.map { $0 - 1 }) { played in
                let players = played.outcome.players.enumerated().map { p, o in
                    ReplayLog.PlayerRow(
                        player: p + 1, persona: names[p], satisfaction: o.satisfaction, correct: o.correct, wrong: o.wrong,
                        timedOut: o.timedOut, open: o.open, neverShown: o.neverShown, discarded: o.discarded, gaveUp: o.gaveUp,
                        time: Dictionary(uniqueKeysWithValues: TimeBreakdown.parts.map { ($0.name, o.time[keyPath: $0.path]) }))
                }
                rounds.append(ReplayLog.RoundRow(
                    round: played.index + 1, difficulty: played.difficulty, orders: played.round.allOrders.count,
                    packageLimit: played.round.packageLimit, end: played.outcome.end.rawValue, endSeconds: played.outcome.endTime,
                    satisfactionSum: played.outcome.satisfactionSum, moneyChange: played.moneyChange, money: played.money,
                    lost: played.lost, players: players,
                    generate: GenerateCommandLine.of(
                        designDirectory: designDirectory, files: named, players: names.count, difficulty: played.difficulty, seed: gameSeed,
                        round: UInt64(played.index)),
                    moneyIn: played.income, moneyOut: played.expense, timeline: played.outcome.timeline))
            }
        } catch {
            throw SimulateCommand.failure(error, designDirectory: designDirectory, files: named)
        }
        let log = ReplayLog(
            design: label, team: names, seed: gameSeed, startDifficulty: simulator.startDifficulty, roundsPlayed: summary.roundsPlayed,
            money: summary.money, lost: summary.lost, rounds: rounds, unplayable: summary.unplayable,
            reproduce: summary.unplayable.map { u in
                GenerateCommandLine.of(
                    designDirectory: designDirectory, files: named, players: u.players, difficulty: u.difficulty, seed: gameSeed, round: UInt64(u.round), explain: true)
            })
        try write(format == .json ? DiagnosticRenderer.json(log) : log.text())
    }

    /// Reports a game that could not be played, with the command that makes its round, and
    /// returns the exit code (1) to end the command with.
    static func failure(_ error: GameError, designDirectory: String?, files: NamedDesignFiles = .none) -> ExitCode {
        Output.error("\(error.description)\n  reproduce: \(generateCommand(error, designDirectory: designDirectory, files: files))")
        return ExitCode(1)
    }

    /// `playbench generate …` for the round that could not be made.
    static func generateCommand(_ error: GameError, designDirectory: String?, files: NamedDesignFiles = .none) -> String {
        GenerateCommandLine.of(
            designDirectory: designDirectory, files: files, players: error.players, difficulty: error.difficulty, seed: error.seed,
            round: UInt64(error.round))
    }

    /// `playbench simulate … --replay SEED` for one game of this run.
    private func replayCommand(names: [String], startDifficulty: Double?, seed gameSeed: UInt64) -> String {
        ReplayCommandLine.of(
            designDirectory: designDirectory, files: named, names: names, maxRounds: maxRounds, startDifficulty: startDifficulty, seed: gameSeed)
    }

    func execute(seamParts: SeamParts) throws {
        let chosen = chosenDesign
        guard let game = chosen.game as? any PlayableGame else {
            throw MergedParts.Problem(description: "the parts are of a game on the seam; \(chosen.label) is a design of \(chosen.game.name)")
        }
        try simulate(game, chosen, parts: seamParts)
    }
}
