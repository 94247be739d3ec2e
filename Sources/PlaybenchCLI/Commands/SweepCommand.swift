import ArgumentParser
import Balance
import Diagnostics
import Foundation
import GameSeam
import MonteCarlo

struct SweepCommand: SeamShardableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "sweep",
        abstract: "Play every combination of parameter values: a table, a CSV and heatmaps.",
        discussion: """
            Each --set names a parameter of the design's game (a key of the design's parameters \
            file, say; see Games below) and the values it takes: a range a...b:step of \
            numbers, or a list v1,v2,… of values (numbers, or what else the parameter takes: an \
            expression in diffLevel, C5). The sweep plays --games games of every lineup at every \
            combination of the values, from the seeds each lineup has at every point: common \
            random numbers where a lineup's seeds do not follow the parameters, so that the \
            differences between points are the parameters' doing, not noise.

            Each point reports the metrics the game's tables show (survival and money after \
            --round, say), each with its interval. A \
            combination that makes no design (minNumOfPlayers above maxNumOfPlayers, a \
            --start-difficulty outside the point's difficulty range) is listed as not played, \
            with why. A sweep has at most 10,000 points in all (each --set at most 1,000 \
            values), refused before any game.

            The output directory gets, as each point finishes, points/NNNNN.json; at the end \
            sweep.csv, sweep.md (a table for a CI page), sweep.json and report.html (heatmaps: the \
            first --set across, the second or else the lineups up). An interrupted sweep \
            (Ctrl-C, a killed job) keeps its finished points: run the same command with \
            --resume to play only the rest. --shard I/N spreads the points' games over a \
            cluster; 'playbench merge' writes the same directory one machine would.

            Examples:
              playbench sweep --set dailyExpense=30...60:5 --set roundTime=180,240,300
              playbench sweep --set dailyExpense=30...60:10 --players 3...6 --games 2000
              playbench sweep --set 'numOfCategories=4*diffLevel/10,5*diffLevel/10,6*diffLevel/10'
              playbench sweep --set dailyExpense=30...60:5 --output-dir runs/expense --resume
              playbench sweep Designs/andora --agents mcts,random --set playouts=50,100,200

            One sweep at a time writes a directory: another one into it is refused while it runs \
            (exit 73). The four files at the end replace the directory's as a whole (written into \
            a new directory beside it with the points, swapped in with one rename): a killed \
            sweep leaves its points and either none of them or all four.

            Exits 0 when the sweep ran, 1 when the design has errors, 64 on bad usage (a --set \
            that cannot be read or lists a value outside its parameter's values; an output \
            directory holding another sweep), 73 when an output cannot be written or another \
            sweep is writing it, 130 when interrupted (finished points kept; --resume continues).

            \(GameHelp.command("sweep", GameRegistry.active))
            """)
    }

    @Argument(help: "The design directory, of any game the registry knows (see Games below). Default: the default game's design, built in.")
    var designDirectory: String?

    @Option(
        name: .customLong("set"),
        help: ArgumentHelp("A parameter and its values: name=a...b:step or name=v1,v2,… (repeat for more parameters).", valueName: "name=values"))
    var sets: [String] = []

    @Option(
        name: .customLong(PlayersOption.name),
        help: ArgumentHelp(GameHelp.option(PlayersOption.name, "Team sizes to sweep too, outermost: 4, 3...6 or 3,5 (as --set players=…). Default: the team's size."), valueName: "sizes"))
    var players: String?

    @OptionGroup var team: TeamOption

    @OptionGroup var play: PlayOptions

    @OptionGroup var round: RoundOption

    @OptionGroup var confidence: ConfidenceOption

    @Option(help: ArgumentHelp("Where the points, tables and report go. Default: Reports/<design's directory name>/sweep (Reports/<game>/sweep for a built-in design), beside the design's report.", valueName: "dir"))
    var outputDir: String?

    /// --output-dir, else the sweep folder beside the design's report (not ./sweep in whatever
    /// folder the command runs from, issue 39).
    private var directory: String { outputDir ?? (chosen.value ?? DesignDirectory(designDirectory)).reportsFolder + "/sweep" }

    @OptionGroup var agents: AgentsOption

    @OptionGroup var resume: ResumeOption

    @OptionGroup var sharding: ShardOptions

    private var chosen = ChosenDesign()

    mutating func validate() throws {
        guard !sets.isEmpty || players != nil else { throw ValidationError("name at least one --set key=values, e.g. --set dailyExpense=30...60:5") }
        let design = chosen.design(designDirectory)
        try design.refuse(gameOptions)
        try design.refuse(playOption: PlayersOption.name, given: players != nil)
        let counts = try sets.map { try Self.setting($0).values.count } + (try teamSizes().map { [$0.count] } ?? [])
        // The grid's points multiply: bounded in all, before any game (each set alone is bounded too).
        let points = counts.reduce(1) { total, count in total.multipliedReportingOverflow(by: count).overflow ? Int.max : total * count }
        guard points <= Self.maxPoints else {
            let shown = points == Int.max ? "more than 10^18" : points.groupedText
            throw ValidationError(
                "the sweep has \(shown) points (\(counts.map(String.init).joined(separator: " × ")) values of --set\(players == nil ? "" : " and --players")); it plays at most \(Self.maxPoints.groupedText): narrow a range or take bigger steps")
        }
        if resume.isOn && sharding.shard != nil { throw ResumeOption.refusal("continues a sweep played here; a shard writes a part (see 'playbench merge')") }
    }

    /// The most points a sweep plays: each plays --games games, so a grid beyond this is hours of
    /// play and a page no one reads; a finer look at a region is a second, narrower sweep.
    static let maxPoints = 10_000

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

    /// A `--set`: the parameter's name and its values as written.
    static func setting(_ text: String) throws -> (name: String, values: [String]) {
        do throws(SettingError) {
            let (name, spec) = try SettingText.split(text, example: "dailyExpense=30...60:5")
            return (name, try SettingText.values(spec, of: text))
        } catch {
            throw ValidationError(error.description)
        }
    }

    mutating func run() throws {
        let design = chosen.design(designDirectory)
        try OutputPreflight.check(directories: [directory])
        try sweep(try SeamPlay.playableGame(design, command: "sweep"), design)
    }

    mutating func execute(seamParts: SeamParts) throws {
        let design = chosen.design(designDirectory)
        try sweep(try SeamPlay.playableGame(design, command: "sweep"), design, parts: seamParts)
    }

    /// The games' options of the design played, as given.
    private var gameOptions: [(name: String, value: GameOptionValue?)] { [team.given, agents.given, round.given] + play.given }

    private var options: GameOptionValues { GameOptionValues(gameOptions) }

    /// Every combination of the settings' values (team sizes outermost), each point played lineup
    /// by lineup here (points saved as they finish), by one shard of a cluster job, or taken
    /// from the merged `parts` of one; the tables and report replace --output-dir's together when
    /// the last point is done.
    private func sweep<Game: PlayableGame>(_ game: Game, _ design: DesignDirectory, parts: SeamParts? = nil) throws {
        let base = try SeamPlay.load(game, design, command: "sweep", options: options)
        var settings = try sets.map(Self.setting)
        if let sizes = try teamSizes() { settings.insert((PlayersOption.name, sizes.map(String.init)), at: 0) }
        // A parameter the game does not have, or a value outside its values, is a usage error
        // before any game; a combination that makes no design is a point not played.
        for (name, values) in settings {
            guard let definition = game.parameter(named: name) else {
                let names = game.parameters.map(\.name)
                let near = Suggestion.nearest(to: name, in: names).map { "; did you mean \($0)?" } ?? ""
                throw ValidationError("--set \(name): not a parameter of \(game.name) designs\(near) (\(names.joined(separator: ", ")))")
            }
            for value in values {
                // A value the game cannot take at all (an expression that does not parse, a
                // number no design may hold) is a usage error, in the game's words first; one
                // that breaks a rule alone or with the others makes its points not played.
                do throws(PlayLoadError) { _ = try game.setting(base, name, to: value) } catch {
                    if case .option(let why) = error { throw ValidationError("--set \(name): \(why)") }
                }
                if let problem = definition.check(value) { throw ValidationError("--set \(name): \(problem)") }
            }
        }
        let sweep = MetricSweep(game: game, base: base, settings: settings)
        let designs = sweep.designs
        // A sharded sweep's runs, point by point: every lineup of every point that makes a design.
        func runs() -> [[SeamPlay.Run<Game>]] {
            designs.map { point in
                guard case .success(let playable) = point.design else { return [] }
                let label = zip(settings.map(\.name), point.values).map { "\($0)=\($1)" }.joined(separator: ", ")
                return SeamPlay.Run.all(game, playable).map { SeamPlay.Run(playable: $0.playable, lineup: $0.lineup, name: "\(label): \($0.name)") }
            }
        }
        let inputs = try SeamPlay.fingerprint(game, design)
        if let shard = try sharding.resolve() {
            try SeamPlay.writePart(
                game, runs: runs().flatMap { $0 }, shard: shard, options: sharding, blocks: GameBlocks(games: play.games), seed: play.seed,
                threads: play.threads, inputs: inputs)
            return
        }
        let level = confidence.level
        // The parts are checked before the output directory is touched.
        var merged: (folded: [Game.Statistics], firsts: [Int])?
        if let parts {
            let runs = runs()
            merged = (
                try parts.statistics(game, runs: runs.flatMap { $0 }, games: play.games, inputs: inputs),
                runs.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.count) }
            )
        }
        let job = SweepJob(inputs: inputs, sets: sets + (players.map { ["\(PlayersOption.name)=\($0)"] } ?? []), options: options.asWritten, games: play.games, seed: play.seed, confidence: confidence.value)
        let store = try SweepStore(directory: directory, job: job, resume: resume.isOn && parts == nil, merging: parts != nil)
        defer { store.close() }
        var points: [MetricSweepResult.Point?] = designs.indices.map { store.finished[$0] }
        if let (folded, firsts) = merged {
            for (k, point) in designs.enumerated() {
                switch point.design {
                case .failure(let why): points[k] = sweep.notPlayed(k, values: point.values, why)
                case .success(let playable):
                    points[k] = sweep.measured(
                        k, values: point.values, design: playable, statistics: Array(folded[firsts[k]..<firsts[k + 1]]), games: play.games, confidence: level)
                }
            }
        } else {
            try playHere(sweep, designs, points: &points, store: store)
        }
        let result = sweep.result(design: design.label, games: play.games, seed: play.seed, confidence: level, points: points.compactMap { $0 })
        try store.finish(result)
        Output.standard(MetricSweepTables.text(result))
        Output.standard("\nwrote \(directory)/report.html, sweep.csv, sweep.md, sweep.json\n")
    }

    /// Plays the points not yet finished, saving each as it ends. Ctrl-C keeps the finished
    /// ones and exits 130.
    private func playHere<Game: PlayableGame>(
        _ sweep: MetricSweep<Game>, _ designs: [(values: [String], design: Result<Game.Playable, PointNotPlayed>)], points: inout [MetricSweepResult.Point?],
        store: SweepStore
    ) throws {
        let todo = designs.indices.filter { points[$0] == nil }
        let playing = todo.filter { if case .success = designs[$0].design { true } else { false } }
        let interruption = Interruption()
        defer { interruption.end() }
        let bar = ProgressBar(label: "sweep")
        let count = playing.count
        for k in todo {
            let point: MetricSweepResult.Point
            switch designs[k].design {
            case .failure(let why):
                point = sweep.notPlayed(k, values: designs[k].values, why)
            case .success(let playable):
                let before = playing.firstIndex(of: k) ?? 0
                guard let played = sweep.play(
                    k, values: designs[k].values, design: playable, games: play.games, seed: play.seed, confidence: confidence.level,
                    threads: play.threads, cancellation: interruption.cancellation, progress: { done, total in bar.update(done: before * total + done, total: count * total) })
                else {
                    bar.finish()
                    let done = points.compactMap { $0 }.count
                    Output.error("\(Interruption.word): \(done) of \(counted(designs.count, "point")) finished and kept in \(directory)/points; run the same command with \(ResumeOption.flag) to play the rest")
                    throw ExitCode(Interruption.exitStatus)
                }
                point = played
            }
            try Output.exitingOnFileError { () throws(FileError) in try store.save(point) }
            points[k] = point
        }
        bar.finish()
    }
}
