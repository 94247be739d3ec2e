import Diagnostics
import ArgumentParser
import Foundation
import GameSeam
import RelentlessGeneration
import MonteCarlo
import Relentless
import RelentlessReports
import RelentlessSimulation
import RelentlessGame
import RelentlessRuns

struct ReportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "report",
        abstract: "Simulate a design with several teams and write a balance report for people and tools.",
        discussion: """
            Plays --games games for each team (as `simulate` does, all on the same seed) and \
            writes into --output:

              report.html   one self-contained page (no script, font or network): money per \
            round as a fan chart (median, p25–p75, p10–p90), the share of teams alive with its \
            95% interval, the hazard (share of the teams playing a round that lose in it), \
            satisfaction with its spread, what became of the orders, the difficulty, and the \
            games worth replaying; teams side by side
              summary.md    a short summary that fits a CI job summary
              curves.csv    every number the charts draw, one row per team and round
              results.json  the same, with the replay commands

            Teams: each --team is one team (comma-separated personas from Players.plist). \
            Without --team: the design's default team, a team of the same size of each other \
            persona that plays (not `idle`-like or `perfect`-like bounds), and the default team \
            at the design's smallest and largest team sizes.

            The directory is replaced as a whole, after the simulations finish: the files are \
            written into a new directory beside it, with everything else it held (a screenshot, \
            subdirectories) kept, and swapped in with one rename. Ctrl-C, or a kill, at any \
            moment leaves the previous report or the new one, complete (Ctrl-C: exit 130). A \
            second report into the same directory is refused while one runs (exit 73).

            For an Andora design (a directory with Andora.plist) the report compares its rule \
            variants instead, with every matchup of agents (--agents, as for simulate): the \
            answer to the strategy question (R1.4), who wins, the first player's advantage with \
            its interval, each variant against the first, game length, and every number; it \
            writes report.html, summary.md and results.json.

            Examples:
              playbench report                                   # shipped design → Reports/relentless
              playbench report Designs/andora                    # → Reports/andora
              playbench report Designs/mine --output /tmp/mine --games 5000
              playbench report --team casual,casual,casual --team expert,novice,casual

            \(GameHelp.command("report", ShippedGames.active))
            """)
    }

    @Argument(help: "The design directory. Default: the shipped Relentless design, built in.")
    var designDirectory: String?

    @Option(help: ArgumentHelp("Where to write the report. Default: Reports/<design's directory name> (Reports/relentless for the shipped design).", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("A team, comma-separated personas; repeat for several teams.", valueName: "a,b,c"))
    var team: [String] = []

    @Option(help: ArgumentHelp("Andora designs: a matchup, A,B or A; repeat for several (as for simulate). Default: the design's matchups.", valueName: "A,B"))
    var agents: [String] = []

    @OptionGroup var play: PlayOptions
    private var games: Int { play.games }
    private var seed: UInt64 { play.seed }
    private var maxRounds: Int { play.maxRounds }
    private var threads: Int? { play.threads }

    func validate() throws {
        try DesignDirectory(designDirectory).refuse(
            play: [("team", !team.isEmpty), ("max-rounds", play.maxRoundsGiven), ("start-difficulty", play.start.given), ("agents", !agents.isEmpty)])
    }

    func run() throws {
        try OutputPreflight.check(directories: [directory])
        let chosen = DesignDirectory(designDirectory)
        if let game = chosen.game as? any PlayableGame {
            try report(game, chosen)
            return
        }
        let playable = try PlayableDesign.load(designDirectory)
        let (usable, model, prepared, playersLabel) = (playable.usable, playable.players, playable.prepared, playable.playersLabel)
        let start = try play.start.resolve(for: usable, command: "report")
        let teams = try (team.isEmpty ? defaultTeams(model, sizes: usable.design.parameters.teamSizes) : team).map {
            try TeamChoice.resolve(team: $0, players: nil, model: model, design: usable.design, command: "report")
        }
        let lock = try lockDirectory()
        defer { lock.release() }

        let interruption = Interruption()
        var curves: [TeamCurves] = []
        for personas in teams {
            let names = personas.map(\.name)
            let simulator = GameSimulator(design: prepared, team: personas, maxRounds: maxRounds, startDifficulty: start, pipeline: usable.choice.pipeline)
            let progress = ProgressBar(label: "report \(TeamCurves.label(names))")
            let run: MonteCarloRun<SimulationStatistics>
            do {
                run = try SimulationBatch.run(
                    simulator, games: games, seed: seed, threads: threads, cancellation: interruption.cancellation,
                    progress: { progress.update(done: $0, total: $1) })
            } catch {
                progress.finish()
                interruption.end()
                throw SimulateCommand.failure(error, designDirectory: designDirectory)
            }
            progress.finish()
            if run.isPartial {
                interruption.end()
                Output.error("interrupted: nothing written; the previous report, if any, is as it was")
                throw ExitCode(Interruption.exitStatus)
            }
            curves.append(TeamCurves(run, team: names, seed: seed, maxRounds: maxRounds, startDifficulty: start) { gameSeed in
                ReplayCommandLine.of(designDirectory: designDirectory, names: names, maxRounds: maxRounds, startDifficulty: start, seed: gameSeed)
            })
        }
        // The floor and the ceiling of play for every team size, on the same seeds.
        var bounds: [BalanceReport.Bounds] = []
        for size in Set(teams.map(\.count)).sorted() {
            var pair: [TeamCurves] = []
            for persona in [Persona.idleBound, Persona.perfectBound] {
                let team = [Persona](repeating: persona, count: size)
                let simulator = GameSimulator(design: prepared, team: team, maxRounds: maxRounds, startDifficulty: start, pipeline: usable.choice.pipeline)
                let run: MonteCarloRun<SimulationStatistics>
                do {
                    run = try SimulationBatch.run(simulator, games: games, seed: seed, threads: threads, cancellation: interruption.cancellation)
                } catch {
                    interruption.end()
                    throw SimulateCommand.failure(error, designDirectory: designDirectory)
                }
                if run.isPartial {
                    interruption.end()
                    Output.error("interrupted: nothing written; the previous report, if any, is as it was")
                    throw ExitCode(Interruption.exitStatus)
                }
                var curves = TeamCurves(run, team: team.map(\.name), seed: seed, maxRounds: maxRounds, startDifficulty: start) { _ in "" }
                curves.exemplars = []  // a bound is a reference, not a game to replay
                pair.append(curves)
            }
            bounds.append(BalanceReport.Bounds(players: size, idle: pair[0], perfect: pair[1]))
        }
        let report = BalanceReport(
            design: usable.label, playersFile: playersLabel, seed: seed, games: games, maxRounds: maxRounds, startDifficulty: start, teams: curves,
            bounds: bounds)
        // The games are over: Ctrl-C now ends the process at once, leaving the old report or
        // the new one, whole (the four files replace the previous ones together).
        interruption.end()
        let directory = try writeFiles([
            ("report.html", HTMLReport.render(report)), ("summary.md", SummaryMarkdown.render(report)),
            ("curves.csv", CurvesCSV.render(report)), ("results.json", DiagnosticRenderer.json(report)),
        ])
        Output.standard("wrote \(directory)/report.html, summary.md, curves.csv, results.json (\(counted(curves.count, "team")) × \(counted(games, "game")))\n")
    }

    /// Plays every lineup of a game on the seam and writes its report's files together, after
    /// the games.
    private func report<Game: PlayableGame>(_ game: Game, _ design: DesignDirectory) throws {
        let playable = try SeamPlay.load(game, design, options: ["agents": agents])
        let lock = try lockDirectory()
        defer { lock.release() }
        let run = SeamPlay.run(game, playable, label: design.label, games: games, seed: seed, threads: threads, command: "report")
        guard run.isComplete else {
            Output.error("interrupted: nothing written; the previous report, if any, is as it was")
            throw ExitCode(Interruption.exitStatus)
        }
        let (files, played) = game.report(run)
        let output = try writeFiles(files.map { file in
            switch file {
            case .text(let name, let contents): (name, contents)
            case .json(let name, let value): (name, DiagnosticRenderer.json(value))
            }
        })
        let names = files.map(\.name)
        Output.standard("wrote \(output)/\(names.joined(separator: ", ")) (\(played) × \(counted(games, "game")))\n")
    }

    /// --output, else Reports/<design's directory name>.
    private var directory: String {
        output ?? "Reports/\(designDirectory.map { ($0 as NSString).lastPathComponent } ?? "relentless")"
    }

    /// The report directory for this run alone, taken before the games: a second run is refused
    /// at once, not after them.
    private func lockDirectory() throws -> OutputLock {
        try Output.exitingOnFileError { () throws(FileError) in try OutputLock(for: directory) }
    }

    /// Replaces the report directory by one with `files` (and whatever else it held); returns it.
    private func writeFiles(_ files: [(name: String, text: String)]) throws -> String {
        try Output.exitingOnFileError { () throws(FileError) in
            try DirectoryOutput.replace(directory, with: files.map { (path: $0.name, bytes: Array($0.text.utf8)) })
        }
        return directory
    }

    /// The default team, then a team of the same size of every other persona that really plays,
    /// then the default team at the design's smallest and largest team sizes (repeated or cut, as
    /// `simulate --players` does): teams and team sizes side by side.
    private func defaultTeams(_ model: PlayerModel, sizes: ClosedRange<Int>?) -> [String] {
        var teams = [model.defaultTeam.joined(separator: ",")]
        func add(_ team: [String]) {
            let text = team.joined(separator: ",")
            if !team.isEmpty, !teams.contains(text) { teams.append(text) }
        }
        for persona in model.personas where !persona.isBound {
            add(Array(repeating: persona.name, count: model.defaultTeam.count))
        }
        for size in [sizes?.lowerBound, sizes?.upperBound].compactMap({ $0 }) where !model.defaultTeam.isEmpty {
            add((0..<size).map { model.defaultTeam[$0 % model.defaultTeam.count] })
        }
        return teams
    }
}
