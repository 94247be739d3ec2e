import Diagnostics
import ArgumentParser
import Balance
import GameSeam
import RelentlessBalance
import Foundation
import MonteCarlo
import RelentlessReports

struct SensitivityCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "sensitivity",
        abstract: "Rank the design's parameters by their effect on a metric (a tornado chart).",
        discussion: """
            Asks "which knobs matter?". Every key DefaultGameParameters.plist sets is moved \
            alone, down and up by --step (one at a time, ±10% by default: a number is \
            multiplied, an expression wrapped as 0.9 * (expr)), and played on the same game \
            seeds as the design itself, so each game is compared with its own twin and the \
            effect's interval is narrow. Keys are ranked by the larger of their two effects on \
            --metric; --report draws a tornado chart for every metric.

            A move that breaks a rule (a team size outside the range, minSatisfaction above \
            maxSatisfaction, a --start-difficulty outside the moved difficulty range) is listed \
            as not moved, with why. A whole-number key (C7) is \
            ceiled: ±10% of a small count may not change it, and then has no effect.

            With --personas the player model is moved instead of the design: each assumption \
            of the team's personas (a Players.plist key: describeSeconds, identifySeconds, \
            findSeconds, packSeconds, assembleSeconds, passSeconds, misunderstandChance, \
            confusionPerGroupItem, wrongTeammateChance, ordersAtOnce, strategy, hopelessOrders, \
            timeSpread) for every player at once: numbers by ±--step, ordersAtOnce by ±1, a \
            choice to its alternatives. It says how much of a design's numbers rests on each \
            assumption about real players (the README's table of assumptions comes from it).

            Metrics: roundsReached (the score, M2), lost (share of games lost), finalMoney, \
            satisfaction, correctPerRound, wrongPerRound, timedOutPerRound.

            Examples:
              playbench sensitivity
              playbench sensitivity --metric finalMoney --games 2000 --report sensitivity.html
              playbench sensitivity Designs/mine --step 0.2 --team novice,novice,expert --format json
              playbench sensitivity --personas --team casual,casual,casual,casual

            Exits 0 when the analysis ran, 1 when the design has errors, 64 on bad usage, 73 when \
            an output cannot be written, 130 when interrupted (the games so far are printed, \
            marked partial; no report is written).

            A design of a game on the seam (Andora) moves each of the game's whole-number \
            parameters ±--step around the design's value instead, every lineup and metric: the \
            slope with its interval and the elasticity, ranked by --metric.

            \(GameHelp.command("sensitivity", ShippedGames.active))
            """)
    }

    @Argument(help: "The design directory. Default: the shipped Relentless design, built in.")
    var designDirectory: String?

    @Option(name: .customLong("metric"), help: ArgumentHelp("The metric to rank by. Relentless: \(DiffMetric.allCases.map(\.rawValue).joined(separator: ", ")) (default: finalMoney); a game on the seam: one of its metrics (default: its first).", valueName: "metric"))
    var metricOption: String?

    @Option(help: "How far each parameter moves down and up, as a fraction (0.1 = ±10%).")
    var step: Double = 0.1

    @Flag(help: "Move the team's persona parameters (the player model's assumptions) instead of the design's.")
    var personas = false

    @Option(help: "Team size. Default: the size of --team, else of Players.plist's defaultTeam.")
    var players: Int?

    @Option(help: ArgumentHelp("Personas, one per player, comma-separated.", valueName: "a,b,c"))
    var team: String?

    @OptionGroup var play: PlayOptions

    @Option(help: "Confidence of every interval, in (0.5, 1).")
    var confidence: Double = 0.95

    @Option(help: "Output: text or json.")
    var format: SimulationFormat = .text

    @Option(help: ArgumentHelp("Also write an HTML page with a tornado chart per metric.", valueName: "file"))
    var report: String?

    func validate() throws {
        guard step > 0 && step < 1 else { throw ValidationError("--step must be between 0 and 1, e.g. 0.1 for ±10%") }
        guard play.games >= 2 else { throw ValidationError("--games must be at least 2") }
        guard confidence > 0.5 && confidence < 1 else { throw ValidationError("--confidence must be between 0.5 and 1, e.g. 0.95") }
        let chosen = DesignDirectory(designDirectory)
        try chosen.refuse(play: [
            ("personas", personas), ("players", players != nil), ("team", team != nil), ("max-rounds", play.maxRoundsGiven),
            ("start-difficulty", play.start.given), ("report", report != nil), ("agents", !agents.isEmpty),
        ])
        if !(chosen.game is any PlayableGame) || ShippedGames.hasOwnPath(chosen.game) { _ = try relentlessMetric() }
    }

    /// Relentless's metric to rank by.
    private func relentlessMetric() throws -> DiffMetric {
        guard let metricOption else { return .finalMoney }
        guard let metric = DiffMetric(rawValue: metricOption) else {
            throw ValidationError("--metric \(metricOption): one of \(DiffMetric.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return metric
    }

    @Option(help: ArgumentHelp("Andora designs: a matchup, A,B or A; repeat for several (as for simulate). Default: the design's matchups.", valueName: "A,B"))
    var agents: [String] = []

    func run() throws {
        try OutputPreflight.check(files: [report])
        let chosen = DesignDirectory(designDirectory)
        if let game = chosen.game as? any PlayableGame, !ShippedGames.hasOwnPath(game) {
            try sensitivity(game, chosen)
            return
        }
        let metric = try relentlessMetric()
        let playable = try PlayableDesign.load(designDirectory)
        let usable = playable.usable
        let start = try play.start.resolve(for: usable, command: "sensitivity")
        let team = try TeamChoice.resolve(team: team, players: players, model: playable.players, design: usable.design, command: "sensitivity")
        let analysis: Sensitivity
        do {
            analysis = personas
                ? try Sensitivity(personasOf: team, design: usable.design, pipeline: usable.choice, step: step, maxRounds: play.maxRounds, startDifficulty: start)
                : try Sensitivity(design: usable.design, team: team, pipeline: usable.choice, step: step, maxRounds: play.maxRounds, startDifficulty: start)
        } catch {
            Output.error("\(error)")
            throw ExitCode(1)
        }
        let interruption = Interruption()
        let bar = ProgressBar(label: "sensitivity")
        let result: SensitivityResult
        do {
            result = try analysis.run(
                games: play.games, seed: play.seed, confidence: Confidence(confidence), label: usable.label, threads: play.threads,
                cancellation: interruption.cancellation, progress: { bar.update(done: $0, total: $1) })
        } catch {
            bar.finish()
            interruption.end()
            throw GameFailure.failure(error, designDirectory: designDirectory)
        }
        bar.finish()
        interruption.end()
        if let report, !result.isPartial {
            try Output.exitingOnFileError { () throws(FileError) in try FileIO.write(Array(SensitivityRendering.html(result).utf8), to: report) }
        }
        Output.standard(format == .json ? DiagnosticRenderer.json(result) : SensitivityRendering.text(result, metric: metric))
        if result.isPartial {
            Output.error("interrupted: \(result.gamesPlayed) of \(counted(result.gamesRequested, "game")) played; the result is partial")
            throw ExitCode(Interruption.exitStatus)
        }
    }

    /// Every whole-number parameter of a game on the seam moved ±--step around the design's value.
    private func sensitivity<Game: PlayableGame>(_ game: Game, _ design: DesignDirectory) throws {
        let playable = try SeamPlay.load(game, design, command: "sensitivity", options: ["agents": agents])
        let names = game.metrics.map(\.name)
        let metric = metricOption ?? names.first ?? ""
        guard names.contains(metric) else {
            throw ValidationError("--metric \(metric): one of \(game.name)'s metrics: \(names.joined(separator: ", "))")
        }
        let interruption = Interruption()
        let bar = ProgressBar(label: "sensitivity")
        let result = MetricSensitivityResult.run(
            game, playable, design: design.label, step: step, games: play.games, seed: play.seed, confidence: Confidence(confidence),
            threads: play.threads, cancellation: interruption.cancellation
        ) { bar.update(done: $0, total: $1) }
        bar.finish()
        interruption.end()
        guard let result else {
            Output.error("interrupted: no result")
            throw ExitCode(Interruption.exitStatus)
        }
        Output.standard(format == .json ? DiagnosticRenderer.json(result) : result.text(metric: metric))
    }
}
