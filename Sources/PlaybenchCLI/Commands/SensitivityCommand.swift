import ArgumentParser
import Balance
import Diagnostics
import Foundation
import GameSeam
import MonteCarlo

struct SensitivityCommand: ParsableCommand {
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

            Examples:
              playbench sensitivity
              playbench sensitivity --metric finalMoney --games 2000 --report sensitivity.html
              playbench sensitivity Designs/mine --step 0.2 --team novice,novice,expert --format json
              playbench sensitivity --personas --team casual,casual,casual,casual
              playbench sensitivity Designs/andora --agents mcts:100,random --metric firstAgentScore

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

    /// Every parameter moved alone on every lineup (or --lineup's), game by game against the design.
    private func sensitivity<Game: ComparingGame>(_ game: Game, _ design: DesignDirectory) throws {
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
        let moves = game.moves(of: playable, step: step, subject: personas.isOn ? PersonasOption.name : nil)
        let interruption = Interruption()
        let bar = ProgressBar(label: "sensitivity")
        var results: [SensitivityResult] = []
        for (k, index) in measured.enumerated() where !interruption.cancellation.isCancelled || k == 0 {
            results.append(SensitivityResult.run(
                game, playable, lineup: index, moves: moves, design: design.label, step: step, games: play.games, seed: play.seed,
                confidence: confidence.level, threads: play.threads, cancellation: interruption.cancellation
            ) { done, total in bar.update(done: k * total + done, total: measured.count * total) })
        }
        bar.finish()
        interruption.end()
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
}
