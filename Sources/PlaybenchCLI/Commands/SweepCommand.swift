import Diagnostics
import ArgumentParser
import RelentlessBalance
import Balance
import Foundation
import GameSeam
import RelentlessGeneration
import MonteCarlo
import Relentless
import RelentlessReports
import RelentlessSimulation
import RelentlessRuns

struct SweepCommand: ShardableCommand, SeamShardableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "sweep",
        abstract: "Play every combination of parameter values: a table, a CSV and heatmaps.",
        discussion: """
            Each --set names a DefaultGameParameters.plist key and the values it takes: a range \
            a...b:step of numbers, or a list v1,v2,… of numbers or expressions in diffLevel (C5). \
            The sweep plays --games games at every combination of the values (and of the team \
            sizes of --players), all from the same game seeds: common random numbers, so that \
            the differences between points are the parameters' doing, not noise.

            Each point reports the share of games alive after --round, the median and mean money \
            after it, and the mean rounds reached, with intervals. A combination that breaks a \
            rule (minNumOfPlayers above maxNumOfPlayers, rounds that cannot be generated, a \
            --start-difficulty outside the point's difficulty range) is listed as not played, \
            with why.

            The output directory gets, as each point finishes, points/NNNNN.json; at the end \
            sweep.csv, sweep.md (a table for a CI page), sweep.json and report.html (heatmaps: the \
            first --set across, the second or else the team size up). An interrupted sweep \
            (Ctrl-C, a killed job) keeps its finished points: run the same command with \
            --resume to play only the rest. --shard I/N spreads the points' games over a \
            cluster; 'playbench merge' writes the same directory one machine would.

            Examples:
              playbench sweep --set dailyExpense=30...60:5 --set roundTime=180,240,300
              playbench sweep --set dailyExpense=30...60:10 --players 3...6 --games 2000
              playbench sweep --set 'numOfCategories=4*diffLevel/10,5*diffLevel/10,6*diffLevel/10'
              playbench sweep --set dailyExpense=30...60:5 --output-dir runs/expense --resume

            One sweep at a time writes a directory: another one into it is refused while it runs \
            (exit 73). The four files at the end replace the directory's as a whole (written into \
            a new directory beside it with the points, swapped in with one rename): a killed \
            sweep leaves its points and either none of them or all four.

            Exits 0 when the sweep ran, 1 when the design has errors, 64 on bad usage (a --set \
            that cannot be read or lists a number no design may hold, outside its key's domain \
            or limit as check says; an output directory holding another sweep), 73 when an output \
            cannot be written or another sweep is writing it, 130 when interrupted (finished \
            points kept; --resume continues).

            A design of a game on the seam (Andora) sweeps the game's parameters instead: \
            --set NAME=values for each (a range a...b:step or a list), --games games of every \
            lineup at every point, every metric with its interval; --output-dir gets sweep.csv, \
            sweep.md and sweep.json together at the end. A combination that makes no design is \
            listed as not played, with why.

            \(GameHelp.command("sweep", ShippedGames.active))
            """)
    }

    @Argument(help: "The design directory. Default: the shipped Relentless design, built in.")
    var designDirectory: String?

    @Option(
        name: .customLong("set"),
        help: ArgumentHelp("A parameter and its values: key=a...b:step or key=v1,v2,… (repeat for more parameters).", valueName: "key=values"))
    var sets: [String] = []

    @Option(help: ArgumentHelp("Team sizes to sweep too: 4, 3...6 or 3,5. Default: the team's size.", valueName: "sizes"))
    var players: String?

    @Option(help: ArgumentHelp("Personas, one per player, comma-separated. Default: Players.plist's defaultTeam, repeated or cut to each size.", valueName: "a,b,c"))
    var team: String?

    @OptionGroup var play: PlayOptions

    @Option(help: "The round survival and money are measured after. Default: 5, or --max-rounds when fewer.")
    var round: Int?

    private var measuredRound: Int { round ?? min(5, play.maxRounds) }

    @Option(help: "Confidence of every interval, in (0.5, 1).")
    var confidence: Double = 0.95

    @Option(help: ArgumentHelp("Where the points, tables and report go.", valueName: "dir"))
    var outputDir: String = "sweep"

    @Option(help: ArgumentHelp("Andora designs: a matchup, A,B or A; repeat for several (as for simulate). Default: the design's matchups.", valueName: "A,B"))
    var agents: [String] = []

    @Flag(help: "Continue the sweep in --output-dir: play only the points it does not have yet.")
    var resume = false

    @OptionGroup var sharding: ShardOptions

    func validate() throws {
        guard !sets.isEmpty else { throw ValidationError("name at least one --set key=values, e.g. --set dailyExpense=30...60:5") }
        let chosen = DesignDirectory(designDirectory)
        try chosen.refuse(play: [
            ("players", players != nil), ("team", team != nil), ("max-rounds", play.maxRoundsGiven), ("start-difficulty", play.start.given),
            ("round", round != nil), ("resume", resume), ("shard", sharding.shard != nil), ("agents", !agents.isEmpty),
        ])
        guard confidence > 0.5 && confidence < 1 else { throw ValidationError("--confidence must be between 0.5 and 1, e.g. 0.95") }
        if chosen.game is any PlayableGame, !ShippedGames.hasOwnPath(chosen.game) {
            for set in sets { _ = try Self.seamSetting(set) }
            return
        }
        for set in sets {
            do { _ = try ParameterSetting(parsing: set) } catch { throw ValidationError(error.description) }
        }
        _ = try teamSizes()
        guard measuredRound >= 1 && measuredRound <= play.maxRounds else { throw ValidationError("--round must be in 1...--max-rounds (\(play.maxRounds))") }
        guard confidence > 0.5 && confidence < 1 else { throw ValidationError("--confidence must be between 0.5 and 1, e.g. 0.95") }
        if resume && sharding.shard != nil { throw ValidationError("--resume continues a sweep played here; a shard writes a part (see 'playbench merge')") }
    }

    /// `--players` as a list, nil when absent.
    func teamSizes() throws -> [Int]? {
        guard let players else { return nil }
        let sizes: [Int]
        if let range = players.range(of: "...") {
            guard let a = Int(players[..<range.lowerBound]), let b = Int(players[range.upperBound...]), a <= b else {
                throw ValidationError("--players takes a size (4), a range (3...6) or a list (3,5); got '\(players)'")
            }
            sizes = Array(a...b)
        } else {
            let parts = players.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else {
                throw ValidationError("--players takes a size (4), a range (3...6) or a list (3,5); got '\(players)'")
            }
            sizes = parts.compactMap { $0 }
        }
        guard sizes.allSatisfy({ $0 >= 1 && $0 <= 1000 }) else { throw ValidationError("--players: team sizes must be in 1...1000") }
        return sizes
    }

    func execute(merged: MergedParts?) throws {
        try OutputPreflight.check(directories: [outputDir])
        let chosen = DesignDirectory(designDirectory)
        if let game = chosen.game as? any PlayableGame, !ShippedGames.hasOwnPath(game) {
            if merged != nil { throw MergedParts.Problem.notTheirs(chosen) }
            try sweep(game, chosen)
            return
        }
        let playable = try PlayableDesign.load(designDirectory)
        let usable = playable.usable
        let start = try play.start.resolve(for: usable, command: "sweep")
        let settings = try sets.map { try ParameterSetting(parsing: $0) }
        let base = try TeamChoice.personas(team: team, players: nil, model: playable.players, command: "sweep")
        let sizes = try teamSizes() ?? [base.count]
        var teams: [Int: [Persona]] = [:]
        for size in sizes { teams[size] = try TeamChoice.personas(team: team, players: size, model: playable.players, command: "sweep") }
        let grid = SweepGrid(settings: settings, teamSizes: sizes)
        let points = grid.points
        let planned = points.map { point in plan(point, grid: grid, usable: usable, team: teams[point.players] ?? base, start: start) }
        let blocks = GameBlocks(games: play.games)
        let runs = planned.map { (simulator: $0.simulator, blocks: blocks) }
        let inputs = InputFingerprint.of(designDirectory: designDirectory)
        if let shard = try sharding.resolve() {
            try ShardPart.write(
                shard, options: sharding, runs: runs, seed: play.seed, threads: play.threads, inputs: inputs, designDirectory: designDirectory)
            return
        }
        let level = Confidence(confidence)
        func measured(_ statistics: SimulationStatistics, _ k: Int) -> SweepResult.Point {
            .measured(statistics, point: points[k], team: planned[k].team, round: measuredRound, confidence: level)
        }
        let store = try SweepStore(directory: outputDir, job: job(inputs: inputs, sizes: sizes, start: start), resume: resume && merged == nil)
        defer { store.close() }
        var results: [SweepResult.Point?] = points.map { store.finished[$0.index] }
        if let merged {
            try merged.verify(inputs: inputs, runs: runs)
            for k in points.indices {
                guard let simulator = planned[k].simulator else { continue }
                results[k] = measured(try merged.statistics(run: k, simulator: simulator, blocks: blocks) ?? SimulationStatistics(), k)
            }
        } else {
            try playHere(planned, blocks: blocks, results: &results, store: store, measured: measured)
        }
        let result = SweepResult(
            design: usable.label, parameters: settings.map(\.key.rawValue), teamSizes: sizes, seed: play.seed, games: play.games,
            maxRounds: play.maxRounds, startDifficulty: start, round: measuredRound, confidence: confidence,
            points: points.indices.map { k in
                results[k] ?? SweepResult.Point(point: points[k], team: planned[k].team, invalid: planned[k].invalid, games: 0, estimates: [])
            })
        try store.finish(result)
        Output.standard(SweepTables.text(result))
        Output.standard("\nwrote \(outputDir)/report.html, sweep.csv, sweep.md, sweep.json\n")
    }

    /// Plays the points not yet finished, saving each as it ends. Ctrl-C keeps the finished
    /// ones and exits 130.
    private func playHere(
        _ planned: [PlannedPoint], blocks: GameBlocks, results: inout [SweepResult.Point?], store: SweepStore,
        measured: (SimulationStatistics, Int) -> SweepResult.Point
    ) throws {
        let todo = planned.indices.filter { results[$0] == nil }
        let playing = todo.filter { planned[$0].simulator != nil }
        let interruption = Interruption()
        defer { interruption.end() }
        let bar = ProgressBar(label: "sweep")
        let total = playing.count * blocks.games
        for k in todo {
            guard let simulator = planned[k].simulator else {
                let point = SweepResult.Point(point: planned[k].point, team: planned[k].team, invalid: planned[k].invalid, games: 0, estimates: [])
                try store.save(point)
                results[k] = point
                continue
            }
            let before = (playing.firstIndex(of: k) ?? 0) * blocks.games
            let local = LocalPlay(seed: play.seed, threads: play.threads, cancellation: interruption.cancellation) { _, done, _ in
                bar.update(done: before + done, total: total)
            }
            let statistics: SimulationStatistics?
            do {
                statistics = try local.statistics(run: k, simulator: simulator, blocks: blocks)
            } catch {
                bar.finish()
                throw GameFailure.failure(error, designDirectory: designDirectory)
            }
            guard let statistics else {
                bar.finish()
                let done = results.compactMap { $0 }.count
                Output.error("interrupted: \(done) of \(counted(planned.count, "point")) finished and kept in \(outputDir)/points; run the same command with --resume to play the rest")
                throw ExitCode(Interruption.exitStatus)
            }
            let point = measured(statistics, k)
            try store.save(point)
            results[k] = point
        }
        bar.finish()
    }

    /// A point ready to play, or why it cannot be.
    struct PlannedPoint {
        var point: SweepPoint
        var team: [String]
        var simulator: GameSimulator?
        var invalid: String?
    }

    /// - Parameter start: every point's games start there (M3); nil for each point's minimum.
    private func plan(_ point: SweepPoint, grid: SweepGrid, usable: UsableDesign, team: [Persona], start: Double?) -> PlannedPoint {
        var design = usable.design
        design.parameters = grid.apply(point, to: design.parameters)
        let names = team.map(\.name)
        func invalid(_ why: String) -> PlannedPoint { PlannedPoint(point: point, team: names, simulator: nil, invalid: why) }
        if let why = StartDifficulty.unplayable(start, design.parameters, alsoUsed: usable.choice.parametersRead) { return invalid(why) }
        guard let sizes = design.parameters.teamSizes, sizes.contains(team.count) else {
            return invalid("a team of \(team.count) is outside minNumOfPlayers...maxNumOfPlayers")
        }
        do {
            let simulator = GameSimulator(
                design: try PreparedDesign(design), team: team, maxRounds: play.maxRounds, startDifficulty: start, pipeline: usable.choice.pipeline)
            // Rounds these values cannot make show in the first game: say so before the run.
            _ = try simulator.play(seed: GameSeeds(runSeed: play.seed).seed(game: 0))
            return PlannedPoint(point: point, team: names, simulator: simulator, invalid: nil)
        } catch {
            return invalid("cannot be played: \(error)")
        }
    }

    /// Everything the points' numbers depend on: a resumed sweep must match it.
    private func job(inputs: String, sizes: [Int], start: Double?) -> SweepStore.Job {
        SweepStore.Job(
            inputs: inputs, sets: sets, teamSizes: sizes, team: team, games: play.games, seed: play.seed, maxRounds: play.maxRounds,
            startDifficulty: start, round: measuredRound, confidence: confidence)
    }

    /// A `--set` of a game on the seam: the parameter's name and its values as written.
    static func seamSetting(_ text: String) throws -> (name: String, values: [String]) {
        do throws(SettingError) {
            let (name, spec) = try SettingText.split(text, example: "playouts=100,200,400")
            return (name, try SettingText.values(spec, of: text))
        } catch {
            throw ValidationError(error.description)
        }
    }

    func execute(seamParts: SeamParts) throws {
        let chosen = DesignDirectory(designDirectory)
        guard let game = chosen.game as? any PlayableGame else {
            throw MergedParts.Problem(description: "the parts are of a game on the seam; \(chosen.label) is a design of \(chosen.game.name)")
        }
        try sweep(game, chosen, parts: seamParts)
    }

    /// Every combination of the settings' values, each point played lineup by lineup (here, by
    /// one shard of a cluster job, or taken from the merged `parts` of one); the tables replace
    /// --output-dir's together when the last point is done.
    private func sweep<Game: PlayableGame>(_ game: Game, _ design: DesignDirectory, parts: SeamParts? = nil) throws {
        let base = try SeamPlay.load(game, design, command: "sweep", options: ["agents": agents])
        let settings = try sets.map(Self.seamSetting)
        // A parameter the game does not have, or a value outside its domain, is a usage error
        // before any game; a combination that makes no design is a point not played.
        for (name, values) in settings {
            guard let definition = game.parameter(named: name) else {
                let names = game.parameters.map(\.name)
                throw ValidationError("--set \(name): not a parameter of \(game.name) designs (\(names.joined(separator: ", ")))")
            }
            for value in values { if let problem = definition.check(value) { throw ValidationError("--set \(name): \(problem)") } }
        }
        let sweep = MetricSweep(game: game, base: base, settings: settings)
        // A sharded sweep's runs, point by point: every lineup of every point that makes a design.
        // Only a shard and a merge need them (a sweep played here resolves its points as it goes).
        func runs() -> [[SeamPlay.Run<Game>]] {
            sweep.designs.map { point in
                guard case .success(let playable) = point.design else { return [] }
                let label = zip(settings.map(\.name), point.values).map { "\($0)=\($1)" }.joined(separator: ", ")
                return SeamPlay.Run.all(game, playable).map { SeamPlay.Run(playable: $0.playable, lineup: $0.lineup, name: "\(label): \($0.name)") }
            }
        }
        if let shard = try sharding.resolve() {
            try SeamPlay.writePart(
                game, runs: runs().flatMap { $0 }, shard: shard, options: sharding, blocks: GameBlocks(games: play.games), seed: play.seed,
                threads: play.threads, inputs: try SeamPlay.fingerprint(game, design))
            return
        }
        let lock = try Output.exitingOnFileError { () throws(FileError) in try OutputLock(for: outputDir) }
        defer { lock.release() }
        let result: MetricSweepResult
        if let parts {
            let runs = runs()
            let folded = try parts.statistics(
                game, runs: runs.flatMap { $0 }, games: play.games, inputs: try SeamPlay.fingerprint(game, design))
            let firsts = runs.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.count) }
            result = sweep.result(design: design.label, games: play.games, seed: play.seed, confidence: Confidence(confidence)) { point, _ in
                Array(folded[firsts[point]..<firsts[point + 1]])
            }
        } else {
            let count = sweep.points.count
            let interruption = Interruption()
            let bar = ProgressBar(label: "sweep")
            let played = sweep.run(
                design: design.label, games: play.games, seed: play.seed, confidence: Confidence(confidence), threads: play.threads,
                cancellation: interruption.cancellation
            ) { point, done, total in bar.update(done: point * total + done, total: count * total) }
            bar.finish()
            interruption.end()
            guard let played else {
                Output.error("interrupted: nothing written; \(outputDir) is as it was")
                throw ExitCode(Interruption.exitStatus)
            }
            result = played
        }
        try Output.exitingOnFileError { () throws(FileError) in
            try DirectoryOutput.replace(
                outputDir,
                with: [
                    ("sweep.csv", MetricSweepTables.csv(result)), ("sweep.md", MetricSweepTables.markdown(result)),
                    ("sweep.json", DiagnosticRenderer.json(result)),
                ].map { (path: $0.0, bytes: Array($0.1.utf8)) })
        }
        Output.standard(MetricSweepTables.text(result))
    }
}
