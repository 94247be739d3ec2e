import ArgumentParser
import Balance
import Diagnostics
import Foundation
import GameSeam
import MonteCarlo
import Synchronization

struct TuneCommand: SeamShardableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "tune",
        abstract: "Find the value of a parameter that meets a target, with a confidence interval.",
        discussion: """
            Asks "what value of this parameter gives that outcome?". --param names a parameter \
            of the design's game (as --set does); with --coefficient k, the k-th number of its \
            expression moves instead (in 5.0 * (diffLevel / 10.0), coefficient 1 is 5.0). \
            --target says what to reach on one lineup's games (--lineup, or the design's only \
            one): METRIC=VALUE, a share as 0.5 or 50%, METRIC one of the game's metrics (a \
            round in parentheses where it takes one: survival(5)=0.5). A metric the games \
            cannot measure (a round after --max-rounds, a plateau they never reach) is refused \
            before any game is played.

            Method: retrospective approximation, a stochastic root-finding method. Every value \
            tried is played on the same game seeds (paired: the noise is common to all values), \
            bisection finds where the metric crosses the target, and where its --confidence \
            interval does: the values the target cannot be told apart from, the interval of the \
            answer. While that interval is wider than --tolerance, the games per value double \
            (from --first-games up to --max-games, in blocks of 256: a value's earlier games are \
            kept and extended) and the search narrows to it. The metric should move one way \
            with the parameter over --range; whole-number parameters are searched over whole \
            numbers.

            Several parameters and targets (a spec): repeat --param and give each target as a \
            band, "LINEUP: METRIC >= VALUE", "METRIC <= VALUE" or "LO <= METRIC <= HI", or \
            --targets Balance.plist. Bayesian optimization on the same seeds finds values that \
            meet every band (each interval inside, at --confidence for all together), or \
            prints the closest trade-off and the targets that conflict (exit 1). --output-dir \
            keeps each point played as it finishes; --resume continues there.

            A spec's games can be spread over the machines of a cluster: start the same command \
            with --shard I/N on N machines at once, each with the same --exchange DIR on a \
            filesystem they all see. Each plays its share of every point's games and waits for \
            the others' before the search goes on, so every shard prints the result one machine \
            would, byte for byte; shard 0 writes --report and --output-dir. The shards must run \
            at the same time (a Slurm job of N tasks, not an array whose tasks may wait for one \
            another): a shard that waits --shard-timeout for another stops (exit 75), and one \
            started again takes what it already wrote. 'playbench merge DIR/*.json' replays \
            the search from the exchange without playing.

            Examples:
              playbench tune --param dailyExpense --target "survival(5)=0.5" --range 100...600
              playbench tune --param dailyExpense --target "medianMoney(10)=1000" --players 3
              playbench tune --param numOfOrdersPerPlayer --coefficient 1 --target meanRounds=12 --range 0.5...3
              playbench tune --param dailyExpense --target "survival(5)=50%" --report tune.html --format json
              playbench tune Designs/andora --param playouts --lineup "mcts vs random on first" --target firstAgentScore=0.9
              playbench tune --param dailyExpense --param numOfOrdersPerPlayer --range dailyExpense=100...800 \\
                  --range numOfOrdersPerPlayer=1...4 --target "40% <= survival(10) <= 60%" --target "meanRounds >= 12"
              playbench tune --param dailyExpense --param numOfOrdersPerPlayer --range numOfOrdersPerPlayer=1...6 --targets Designs/relentless/Balance.plist
              playbench tune Designs/relentless --param dailyExpense --param numOfOrdersPerPlayer --range numOfOrdersPerPlayer=1...6 \\
                  --targets Designs/relentless/Balance.plist --shard auto/4 --exchange /shared/tune --output-dir tune

            Exits 0 with an answer, 1 when the design has errors or the target (or spec) is not \
            met within --range, 64 on bad usage, 65 when a file in --exchange is not this \
            search's, 73 when an output cannot be written, 75 when a shard waited too long for \
            another, 130 when interrupted.

            \(GameHelp.command("tune", GameRegistry.active))
            """)
    }

    @Argument(help: "The design directory, of any game the registry knows (see Games below). Default: the default game's design, built in.")
    var designDirectory: String?

    @Option(help: ArgumentHelp("The parameter to tune, as --set names it (see Games below); repeat it to tune several at once.", valueName: "name"))
    var param: [String] = []

    @OptionGroup var coefficientOption: CoefficientOption
    private var coefficient: Int? { coefficientOption.number }

    @Option(help: ArgumentHelp(
        "What to reach: METRIC=VALUE, e.g. survival(5)=0.5, meanRounds=12, draws=10%; or a band, repeated for a spec: \"LINEUP: METRIC >= VALUE\", \"METRIC <= VALUE\", \"LO <= METRIC <= HI\".",
        valueName: "target"))
    var target: [String] = []

    @Option(help: ArgumentHelp("A Balance.plist whose targets are the spec (the gate's form: lineup, metric, atLeast/atMost).", valueName: "file"))
    var targets: String?

    @Option(help: ArgumentHelp(
        "Values to search, lo...hi (KEY=lo...hi with several --param). Default: a tenth to ten times the current value, else every value the parameter takes.",
        valueName: "lo...hi"))
    var range: [String] = []

    @Option(help: "With several targets or parameters: most points played (each on --first-games to --max-games).")
    var maxPoints: Int = 40

    @Option(help: ArgumentHelp(
        "With several targets or parameters: keep each point played in this directory as it finishes (--resume continues there), and write tune.json and tune.txt at the end.",
        valueName: "dir"))
    var outputDir: String?

    @OptionGroup var resume: ResumeOption

    @OptionGroup var sharding: SpecShardOptions

    @Option(help: ArgumentHelp("Stop when the interval of the value is this narrow. Default: 5% of the value found (at least 1 for a whole-number parameter).", valueName: "width"))
    var tolerance: Double?

    @OptionGroup var players: PlayersOption

    @OptionGroup var team: TeamOption

    @Option(help: "Games per value at the first stage (rounded up to a multiple of 256).")
    var firstGames: Int = 256

    @Option(help: "Most games per value (rounded up to a multiple of 256).")
    var maxGames: Int = 4096

    @Option(parsing: .unconditional, help: "The seed every game's seed derives from (the same for every value). (default: 1)", transform: SeedArgument.parse)
    var seed: UInt64 = 1

    @OptionGroup var maxRounds: MaxRoundsOption

    @OptionGroup var lineup: LineupOption

    @OptionGroup var start: StartOption

    @OptionGroup var threading: ThreadsOption
    var threads: Int? { threading.value }

    @OptionGroup var confidence: ConfidenceOption

    @Option(help: "Output: text or json.")
    var format: SimulationFormat = .text

    @Option(help: ArgumentHelp("Also write an HTML page with the metric against the value.", valueName: "file"))
    var report: String?

    private var chosen = ChosenDesign()

    mutating func validate() throws {
        try chosen.design(designDirectory).refuse(play + [coefficientOption.given])
        guard firstGames >= 1, maxGames >= firstGames, maxGames <= 10_000_000 else { throw ValidationError("need 1 ≤ --first-games ≤ --max-games ≤ 10000000") }
        if let tolerance, !(tolerance > 0) { throw ValidationError("--tolerance must be above 0") }
        guard !param.isEmpty else { throw ValidationError("name the parameter to tune with --param (repeat it for several)") }
        guard !target.isEmpty || targets != nil else { throw ValidationError("say what to reach with --target (repeat it for a spec), or --targets Balance.plist") }
        guard (1...1_000).contains(maxPoints) else { throw ValidationError("--max-points must be in 1...1000") }
        if resume.isOn && outputDir == nil { throw ResumeOption.refusal("continues the search kept in --output-dir: name it") }
        try sharding.refuse(spec: isSpec, resuming: resume.isOn)
        if isSpec {
            try validateSpec()
        } else {
            if outputDir != nil || resume.isOn { throw ValidationError("--output-dir and --resume keep a spec's search (several --param or --target); one value's search is short: run it again") }
            guard range.count <= 1 else { throw ValidationError("--range: one parameter takes one range") }
            if let range = range.first { _ = try Self.parseRange(range) }
        }
    }

    /// Several parameters or targets, or a target that is a band: the search of a spec
    /// (``Balance/SpecSearch``), not the one-target bisection.
    var isSpec: Bool { param.count > 1 || target.count != 1 || targets != nil || !target[0].contains("=") || target[0].contains("<") || target[0].contains(">") }

    static func parseRange(_ text: String) throws -> ClosedRange<Double> {
        let parts = text.components(separatedBy: "...")
        guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite, a < b else {
            throw ValidationError("--range takes lo...hi with lo < hi, e.g. 100...600; got '\(text)'")
        }
        return a...b
    }

    mutating func run() throws {
        try OutputPreflight.check(files: [report])
        let design = chosen.design(designDirectory)
        let game = try SeamPlay.playableGame(design, command: "tune")
        if isSpec { return try tuneSpec(game, design) }
        try tune(game, design)
    }

    /// A sharded spec replayed from the parts its shards left in --exchange (`merge`).
    mutating func execute(seamParts: SeamParts) throws {
        guard isSpec else { throw PartProblem(description: "'\(PartProblem.spelled(seamParts.command))' is one value's search, which no shard plays") }
        try OutputPreflight.check(files: [report])
        let design = chosen.design(designDirectory)
        try tuneSpec(try SeamPlay.playableGame(design, command: "tune"), design, parts: seamParts)
    }

    /// The games' options of the design played, as given.
    var play: [(name: String, value: GameOptionValue?)] { [team.given, players.given, maxRounds.given, start.given] }

    /// The value of a number parameter at which one lineup's metric meets --target.
    private func tune<Game: PlayableGame>(_ game: Game, _ design: DesignDirectory) throws {
        let base = try SeamPlay.load(game, design, command: "tune", options: GameOptionValues(play))
        let (param, target) = (self.param[0], self.target[0])
        let goal = try SeamTarget(parsing: target, of: game)
        let name = coefficient.map { "\(param)[\($0)]" } ?? param
        let shown = coefficient.map { "coefficient \($0) of \(param)" } ?? param
        guard let definition = game.parameter(named: name), let domain = definition.numericRange else {
            let names = game.parameters.filter(\.isNumeric).map(\.name)
            let near = Suggestion.nearest(to: param, in: names).map { "; did you mean \($0)?" } ?? ""
            throw ValidationError("--param \(param): tune searches a number parameter of \(game.name) designs (\(names.joined(separator: ", ")))\(near)")
        }
        let names = game.lineups(of: base).map(\.name)
        guard let index = try lineup.index(in: names) ?? (names.count == 1 ? 0 : nil) else { throw lineup.refusal(among: names) }
        if let why = game.unmeasurable(goal.metric.name, lineup: index, in: base) { throw ValidationError("--target \(target): \(why)") }
        let current = game.value(of: name, in: base)
        if let coefficient, current == nil {
            let whole = game.value(of: param, in: base) ?? "not set"
            var count = 0
            while game.value(of: "\(param)[\(count + 1)]", in: base) != nil { count += 1 }
            throw ValidationError("--coefficient \(coefficient): \(param) is \"\(whole)\", which has \(counted(count, "number")); --coefficient must be in 1...\(max(1, count))")
        }
        let searchRange = try self.searchRange(game, base, name: name, definition: definition, domain: domain, current: current, given: range.first)
        let integral = definition.isIntegral

        let level = confidence.level
        let first = Self.blocksRoundedUp(firstGames), most = Self.blocksRoundedUp(maxGames)
        let blocks = GameBlocks(games: most)
        let interruption = Interruption()
        defer { interruption.end() }
        let bar = ProgressBar(label: "tune")
        // Each value's games so far: a later stage adds blocks to them instead of replaying them.
        var played: [Double: (statistics: Game.Statistics, games: Int)] = [:]
        var gamesPlayed = 0
        var failure: String?
        func evaluate(_ value: Double, _ games: Int) -> TargetSearch.Evaluation? {
            let text = integral ? String(Int64(value)) : "\(value)"
            let playable: Game.Playable
            do throws(PlayLoadError) {
                playable = try game.setting(base, [(name, text)])
            } catch {
                failure = Self.failure(error, at: "\(shown) = \(text)")
                return nil
            }
            let have = played[value]?.games ?? 0
            guard
                let statistics = extend(
                    game, playable, lineup: index, played[value], to: games, blocks: blocks, cancellation: interruption.cancellation, bar: bar)
            else { return nil }
            gamesPlayed += games - have
            played[value] = (statistics, games)
            guard let e = game.estimate(goal.metric.name, of: statistics, confidence: level) else {
                // No value where none means the least there is (no game reached the round: every
                // team broke before it) is below any target; otherwise the games cannot answer.
                if goal.metric.noValueIsLeast { return .init(value: value, games: games, estimate: -.infinity, lower: -.infinity, upper: -.infinity) }
                failure = "\(shown) = \(text): the games give no \(goal.metric.name); narrow --range"
                return nil
            }
            return .init(value: value, games: games, estimate: e.value, lower: e.lower, upper: e.upper)
        }
        let search = TargetSearch(range: searchRange, integral: integral, target: goal.value, tolerance: tolerance ?? 0, games: first...most)
        let found: TargetSearch.Result?
        do {
            found = try runSearch(search, evaluate)
        } catch {
            bar.finish()
            Output.error("\(error)")
            throw ExitCode(1)
        }
        bar.finish()
        let outcome = try Self.answer(found, failure: failure)
        let tunedPlayable = try? game.setting(base, [(name, integral ? String(Int64(outcome.value)) : "\(outcome.value)")])
        let result = MetricTuneResult(
            design: design.label, parameter: shown, currentText: game.value(of: param, in: base) ?? "(not set)",
            tunedText: tunedPlayable.flatMap { game.value(of: param, in: $0) } ?? "(none)", metric: goal.metric, target: goal.value,
            lineup: names[index], lineupNoun: game.lineupNoun, playedAs: game.playedAs(base), seed: seed, confidence: confidence.value, range: searchRange,
            tolerance: tolerance ?? Self.defaultTolerance(outcome.value, integral: integral), gamesPlayed: gamesPlayed, search: outcome)
        interruption.end()
        if let report {
            try Output.exitingOnFileError { () throws(FileError) in try FileIO.write(Array(result.html.utf8), to: report) }
        }
        Output.standard(format == .json ? DiagnosticRenderer.json(result) : result.text)
    }

    /// Why the value searched (`shown`: "dailyExpense = 90") cannot be played, for the message
    /// the search ends with.
    static func failure(_ error: PlayLoadError, at shown: String) -> String {
        switch error {
        case .option(let why): "\(why); narrow --range"
        case .file(let file): file.description
        case .unplayable(let why, _): "\(shown) \(why); narrow --range"
        }
    }

    /// A value's games of one lineup extended from those `soFar` to `games` (both whole
    /// blocks of the standard size, which the counts are rounded up to), its earlier games
    /// kept, not replayed; nil when interrupted.
    func extend<Game: PlayableGame>(
        _ game: Game, _ playable: Game.Playable, lineup: Int, _ soFar: (statistics: Game.Statistics, games: Int)?, to games: Int, blocks: GameBlocks,
        cancellation: Cancellation, bar: ProgressBar
    ) -> Game.Statistics? {
        let (statistics, have) = soFar ?? (game.emptyStatistics(), 0)
        let indices = (have / GameBlocks.standardSize)..<(games / GameBlocks.standardSize)
        guard let played = play(game, playable, lineup: lineup, indices: indices, blocks: blocks, cancellation: cancellation, bar: bar) else { return nil }
        var extended = statistics
        GameBlocks.fold(played, into: &extended)
        return extended
    }

    /// The statistics of blocks `indices` of one lineup's games, in block order; nil when
    /// interrupted.
    func play<Game: PlayableGame>(
        _ game: Game, _ playable: Game.Playable, lineup: Int, indices: Range<Int>, blocks: GameBlocks, cancellation: Cancellation, bar: ProgressBar
    ) -> [Game.Statistics]? {
        let finished = Mutex<[Int: Game.Statistics]>([:])
        let complete = game.play(playable, lineup: lineup, blocks: blocks, indices: indices, seed: seed, threads: threads, cancellation: cancellation) {
            block, statistics in
            let done = finished.withLock { finished in
                finished[block] = statistics
                return finished.count
            }
            bar.update(done: done, total: indices.count)
        }
        guard complete else { return nil }
        return indices.compactMap { block in finished.withLock { $0[block] } }
    }

    /// --range, else a tenth to ten times the parameter's value now (whole numbers outward for a
    /// whole-number parameter), else every value it takes. A value that is an expression, or no
    /// positive number, has nothing to search around: give --range, or --coefficient k for a
    /// number of the expression.
    func searchRange<Game: PlayableGame>(
        _ game: Game, _ base: Game.Playable, name: String, definition: ParameterDefinition, domain: ClosedRange<Double>, current: String?, given range: String?
    ) throws -> ClosedRange<Double> {
        if let range {
            let searched = try Self.parseRange(range)
            guard domain.contains(searched.lowerBound), domain.contains(searched.upperBound) else { throw ValidationError("--range: \(name) takes \(definition.domain)") }
            if definition.isIntegral, searched.lowerBound.rounded(.up) > searched.upperBound.rounded(.down) {
                throw ValidationError("--range \(range): \(name) takes whole numbers, and there is none in \(range)")
            }
            return searched
        }
        guard let current else { return domain }
        guard let now = Double(current) else {
            // An expression has no one value: say what can be tuned in it (issue 16).
            var numbers: [String] = []
            while let number = game.value(of: "\(name)[\(numbers.count + 1)]", in: base) { numbers.append(number) }
            let listed = numbers.enumerated().map { "\($0 + 1): \($1)" }
            // A spec names each range by its key and takes no --coefficient.
            let spelling = isSpec ? "--range \(name)=lo...hi" : "--range lo...hi"
            throw ValidationError(
                "\(name) is the expression \"\(current)\", not one number to search around: give \(spelling) to replace it by a number"
                    + (listed.isEmpty || coefficient != nil || isSpec ? "" : ", or --coefficient k to tune its k-th number (\(listed.joined(separator: ", ")))"))
        }
        guard now > 0 else { throw ValidationError("\(name) is \(current), no positive value to search around; give --range \(isSpec ? "\(name)=" : "")lo...hi") }
        return definition.isIntegral ? (now / 10).rounded(.down)...(now * 10).rounded(.up) : (now / 10)...(now * 10)
    }

    /// The search with the default tolerance, which depends on the value: a first pass finds the
    /// value, and the tolerance is set from it.
    private func runSearch(
        _ search: TargetSearch, _ evaluate: (Double, Int) -> TargetSearch.Evaluation?
    ) throws -> TargetSearch.Result? {
        guard tolerance == nil else { return try search.run(evaluate) }
        var search = search
        search.tolerance = Double.infinity
        search.games = search.games.lowerBound...search.games.lowerBound
        guard let rough = try search.run(evaluate) else { return nil }
        var refined = search
        refined.tolerance = Self.defaultTolerance(rough.value, integral: search.integral)
        refined.games = search.games.lowerBound...Self.blocksRoundedUp(maxGames)
        return try refined.run(evaluate)
    }

    static func defaultTolerance(_ value: Double, integral: Bool) -> Double {
        max(integral ? 1 : 1e-6, abs(value) * 0.05)
    }

    /// The search's answer; none is a value the design cannot take (`failure`, exit 1) or Ctrl-C (130).
    static func answer(_ found: TargetSearch.Result?, failure: String?) throws -> TargetSearch.Result {
        if let found { return found }
        if let failure {
            Output.error(failure)
            throw ExitCode(1)
        }
        Output.error("\(Interruption.word): no value found")
        throw ExitCode(Interruption.exitStatus)
    }

    static func blocksRoundedUp(_ games: Int) -> Int {
        (games + GameBlocks.standardSize - 1) / GameBlocks.standardSize * GameBlocks.standardSize
    }
}

/// `--target METRIC=VALUE` for a game on the seam: one of its metrics, and the value to reach
/// (a share as 0.5 or 50%).
struct SeamTarget {
    var metric: MetricDefinition
    var value: Double

    init<Game: PlayableGame>(parsing text: String, of game: Game) throws {
        let names = game.metrics.map(\.name)
        let parts = text.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
        guard parts.count == 2 else { throw ValidationError("--target takes METRIC=VALUE, with METRIC one of \(names.joined(separator: ", "))") }
        guard let metric = game.metric(named: parts[0]) else {
            let near = Suggestion.nearest(to: parts[0], in: names).map { " (did you mean \($0)?)" } ?? ""
            throw ValidationError("--target \(text): '\(parts[0])' is not a metric of \(game.name) designs (\(names.joined(separator: ", ")))\(near)")
        }
        let percent = parts[1].hasSuffix("%")
        guard let number = Double(percent ? String(parts[1].dropLast()) : parts[1]), number.isFinite else {
            throw ValidationError("--target \(text): '\(parts[1])' is not a number")
        }
        let value = percent ? number / 100 : number
        if metric.kind == .proportion, !(0...1).contains(value) {
            throw ValidationError("--target \(text): a share is in 0...1 (0.5 or 50%)")
        }
        self.metric = metric
        self.value = value
    }
}
