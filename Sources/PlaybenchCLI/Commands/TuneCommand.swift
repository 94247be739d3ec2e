import Balance
import ArgumentParser
import GameSeam
import RelentlessBalance
import Diagnostics
import Foundation
import RelentlessGeneration
import MonteCarlo
import Relentless
import RelentlessReports
import RelentlessSimulation
import RelentlessRuns

struct TuneCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "tune",
        abstract: "Find the value of a parameter that meets a target, with a confidence interval.",
        discussion: """
            Asks "what value of this parameter gives that outcome?". --param names a \
            DefaultGameParameters.plist key; with --coefficient k, the k-th number of its \
            expression moves instead (in 5.0 * (diffLevel / 10.0), coefficient 1 is 5.0). \
            --target says what to reach: survival(r)=share (alive after round r, 0.5 or 50%), \
            medianMoney(r)=x, meanMoney(r)=x (after round r), meanRounds=x, drift=x (money a \
            round at the top difficulty) or ruin=share (games eventually lost, extrapolated \
            beyond --max-rounds; README, "Beyond the horizon"). A round after --max-rounds, or a \
            drift or ruin the games cannot reach, is refused before any game is played.

            Method: retrospective approximation, a stochastic root-finding method. Every value \
            tried is played on the same game seeds (paired: the noise is common to all values), \
            bisection finds where the metric crosses the target, and where its --confidence \
            interval does: the values the target cannot be told apart from, the interval of the \
            answer. While that interval is wider than --tolerance, the games per value double \
            (from --first-games up to --max-games) and the search narrows to it. The metric \
            should move one way with the parameter over --range; integer keys (C7) are searched \
            over whole numbers.

            Examples:
              playbench tune --param dailyExpense --target "survival(5)=0.5" --range 100...600
              playbench tune --param dailyExpense --target "medianMoney(10)=1000" --players 3
              playbench tune --param numOfOrdersPerPlayer --coefficient 1 --target meanRounds=12 --range 0.5...3
              playbench tune --param dailyExpense --target "survival(5)=50%" --report tune.html --format json

            Exits 0 with an answer, 1 when the design has errors or the target is not reached \
            within --range, 64 on bad usage, 73 when an output cannot be written, 130 when \
            interrupted.

            A design of a game on the seam (Andora) tunes a whole-number parameter of the game \
            (--param playouts) for one lineup (--lineup, as simulate names it) to reach --target \
            METRIC=VALUE, with the same search.

            \(GameHelp.command("tune", ShippedGames.active))
            """)
    }

    @Argument(help: "The design directory. Default: the shipped Relentless design, built in.")
    var designDirectory: String?

    @Option(help: ArgumentHelp("The DefaultGameParameters.plist key to tune.", valueName: "key"))
    var param: String

    @Option(help: ArgumentHelp("Tune the k-th number of the key's expression (1-based) instead of its whole value.", valueName: "k"))
    var coefficient: Int?

    @Option(help: ArgumentHelp("What to reach: survival(r)=share, medianMoney(r)=x, meanMoney(r)=x or meanRounds=x.", valueName: "metric=value"))
    var target: String

    @Option(help: ArgumentHelp("Values to search, lo...hi. Default: a tenth to ten times the current value.", valueName: "lo...hi"))
    var range: String?

    @Option(help: ArgumentHelp("Stop when the interval of the value is this narrow. Default: 5% of the value found (at least 1 for an integer key).", valueName: "width"))
    var tolerance: Double?

    @Option(help: "Team size. Default: the size of --team, else of Players.plist's defaultTeam.")
    var players: Int?

    @Option(help: ArgumentHelp("Personas, one per player, comma-separated.", valueName: "a,b,c"))
    var team: String?

    @Option(help: "Games per value at the first stage (rounded up to a multiple of 256).")
    var firstGames: Int = 256

    @Option(help: "Most games per value (rounded up to a multiple of 256).")
    var maxGames: Int = 4096

    @Option(parsing: .unconditional, help: "The seed every game's seed derives from (the same for every value). (default: 1)", transform: SeedArgument.parse)
    var seed: UInt64 = 1

    @Option(name: .customLong("max-rounds"), help: "Stop a game that is still solvent after this many rounds (default: 30).")
    var maxRoundsOption: Int?
    private var maxRounds: Int { maxRoundsOption ?? 30 }

    @Option(help: ArgumentHelp("Games on the seam (Andora): the lineup whose metric is tuned, as simulate names it; needed when the design plays several.", valueName: "name"))
    var lineup: String?

    @OptionGroup var start: StartOption

    @Option(help: "Threads to play on. Default: every core. Never changes the result.")
    var threads: Int?

    @Option(help: "Confidence of the intervals, in (0.5, 1).")
    var confidence: Double = 0.95

    @Option(help: "Output: text or json.")
    var format: SimulationFormat = .text

    @Option(help: ArgumentHelp("Also write an HTML page with the metric against the value.", valueName: "file"))
    var report: String?

    func validate() throws {
        let chosen = DesignDirectory(designDirectory)
        try chosen.refuse(play: [
            ("players", players != nil), ("team", team != nil), ("max-rounds", maxRoundsOption != nil), ("start-difficulty", start.value != nil),
            ("coefficient", coefficient != nil), ("report", report != nil), ("lineup", lineup != nil),
        ])
        guard confidence > 0.5 && confidence < 1 else { throw ValidationError("--confidence must be between 0.5 and 1, e.g. 0.95") }
        guard firstGames >= 1, maxGames >= firstGames, maxGames <= 10_000_000 else { throw ValidationError("need 1 ≤ --first-games ≤ --max-games ≤ 10000000") }
        if let tolerance, !(tolerance > 0) { throw ValidationError("--tolerance must be above 0") }
        if let range { _ = try Self.parseRange(range) }
        // A game on the seam checks --param and --target against its own names when it runs.
        if chosen.game is any PlayableGame, !ShippedGames.hasOwnPath(chosen.game) { return }
        guard ParameterKey(rawValue: param) != nil else {
            let near = Suggestion.nearest(to: param, in: ParameterKey.allCases.map(\.rawValue)).map { "; did you mean \($0)?" } ?? ""
            throw ValidationError("--param \(param) is not a parameter (C6)\(near)")
        }
        let goal: TuneTarget
        do { goal = try TuneTarget(parsing: target) } catch { throw ValidationError(error.description) }
        // A round no game can play is refused before any game, as sweep refuses it.
        if let round = goal.round, round > maxRounds {
            throw ValidationError("--target \(target): round \(round) is after --max-rounds \(maxRounds); raise --max-rounds or aim at an earlier round")
        }
        if let range { _ = try Self.parseRange(range) }
        guard firstGames >= 1, maxGames >= firstGames, maxGames <= 10_000_000 else { throw ValidationError("need 1 ≤ --first-games ≤ --max-games ≤ 10000000") }
        guard maxRounds >= 1 && maxRounds <= 10_000 else { throw ValidationError("--max-rounds must be in 1...10000") }
        guard confidence > 0.5 && confidence < 1 else { throw ValidationError("--confidence must be between 0.5 and 1, e.g. 0.95") }
        if let tolerance, !(tolerance > 0) { throw ValidationError("--tolerance must be above 0") }
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
        if let coefficient, coefficient < 1 { throw ValidationError("--coefficient counts from 1") }
    }

    static func parseRange(_ text: String) throws -> ClosedRange<Double> {
        let parts = text.components(separatedBy: "...")
        guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite, a < b else {
            throw ValidationError("--range takes lo...hi with lo < hi, e.g. 100...600; got '\(text)'")
        }
        return a...b
    }

    func run() throws {
        try OutputPreflight.check(files: [report])
        let chosen = DesignDirectory(designDirectory)
        if let game = chosen.game as? any PlayableGame, !ShippedGames.hasOwnPath(game) {
            try tune(game, chosen)
            return
        }
        let playable = try PlayableDesign.load(designDirectory)
        let usable = playable.usable
        let startDifficulty = try start.resolve(for: usable, command: "tune")
        let key = ParameterKey(rawValue: param)!
        let goal = try TuneTarget(parsing: target)
        let personas = try TeamChoice.resolve(team: team, players: players, model: playable.players, design: usable.design, command: "tune")
        let currentText = usable.design.parameters.entries[key]?.text
        let template: ParameterTemplate
        do {
            template = try ParameterTemplate(key: key, text: currentText, coefficient: coefficient)
        } catch {
            throw ValidationError(error.description)
        }
        let integral = coefficient == nil && key.isIntegral
        let searchRange: ClosedRange<Double>
        if let range {
            searchRange = try Self.parseRange(range)
        } else if let now = template.current, now > 0 {
            searchRange = integral ? (now / 10).rounded(.down)...(now * 10).rounded(.up) : (now / 10)...(now * 10)
        } else if let currentText, template.current == nil {
            // An expression has no one value: say what can be tuned in it (issue 16).
            let numbers = ParameterTemplate.literals(in: currentText).map { String(currentText[$0]) }
            throw ValidationError(
                "\(param) is the expression \"\(currentText)\", not one number to search around: give --range lo...hi to replace it by a number"
                    + (numbers.isEmpty ? "" : ", or --coefficient k to tune its k-th number (\(numbers.enumerated().map { "\($0 + 1): \($1)" }.joined(separator: ", ")))"))
        } else {
            throw ValidationError("\(param) is \(template.current.map(\.designerText) ?? "not set in the design"), no positive value to search around; give --range lo...hi")
        }
        if goal.metric.isBeyondTheHorizon {
            let probe = GameSimulator(
                design: playable.prepared, team: personas, maxRounds: maxRounds, startDifficulty: startDifficulty, pipeline: usable.choice.pipeline)
            if probe.plateauStart == nil {
                let levels = usable.design.parameters.reachableDifficulties(from: startDifficulty)
                throw ValidationError(
                    "--target \(target): \(goal.metric.rawValue) is measured on two rounds at the top of the difficulty ramp (from round \(levels.count)); raise --max-rounds to at least \(levels.count + 1)")
            }
        }
        let first = Self.blocksRoundedUp(firstGames), most = Self.blocksRoundedUp(maxGames)
        let blocks = GameBlocks(games: most)
        let level = Confidence(confidence)
        let interruption = Interruption()
        defer { interruption.end() }
        let bar = ProgressBar(label: "tune")
        let local = LocalPlay(seed: seed, threads: threads, cancellation: interruption.cancellation) { _, done, total in bar.update(done: done, total: total) }
        // Each value's games so far: a later stage adds blocks to them instead of replaying them.
        var played: [Double: SimulationStatistics] = [:]
        var gamesPlayed = 0
        var failure: String?
        func evaluate(_ value: Double, _ games: Int) throws(GameError) -> TargetSearch.Evaluation? {
            var design = usable.design
            let text = template.text(for: value)
            do {
                design.parameters.entries[key] = try Parameters.entry(text, for: key)
            } catch {
                failure = "\(param) = \(text): \(error.message)"
                return nil
            }
            if let why = StartDifficulty.unplayable(startDifficulty, design.parameters, alsoUsed: usable.choice.parametersRead) {
                failure = "\(param) = \(text) \(why); narrow --range"
                return nil
            }
            let simulator: GameSimulator
            do {
                simulator = GameSimulator(
                    design: try PreparedDesign(design), team: personas, maxRounds: maxRounds, startDifficulty: startDifficulty,
                    pipeline: usable.choice.pipeline)
            } catch {
                failure = "\(param) = \(text): \(error)"
                return nil
            }
            let have = played[value]?.games ?? 0
            guard let statistics = try local.fold(
                run: 0, simulator: simulator, blocks: blocks, indices: (have / GameBlocks.standardSize)..<(games / GameBlocks.standardSize),
                into: played[value])
            else { return nil }
            gamesPlayed += games - have
            played[value] = statistics
            guard let e = goal.metric.estimate(statistics, round: goal.round, confidence: level) else {
                if goal.metric.isBeyondTheHorizon {
                    failure = "\(param) = \(text): no game played two rounds at the top of the difficulty ramp within --max-rounds \(maxRounds); narrow --range or raise --max-rounds"
                    return nil
                }
                // No game reached the round: every team was broke before it, the least money there is.
                return .init(value: value, games: games, estimate: -.infinity, lower: -.infinity, upper: -.infinity)
            }
            return .init(value: value, games: games, estimate: e.value, lower: e.lower, upper: e.upper)
        }
        let search = TargetSearch(
            range: searchRange, integral: integral, target: goal.value, tolerance: tolerance ?? 0, games: first...most)
        var found: TargetSearch.Result?
        do {
            found = try runSearch(search, evaluate)
        } catch let error as GameError {
            bar.finish()
            throw GameFailure.failure(error, designDirectory: designDirectory)
        } catch {
            bar.finish()
            Output.error("\(error)")
            throw ExitCode(1)
        }
        bar.finish()
        let outcome = try Self.answer(found, failure: failure)
        let result = TuneResult(
            design: usable.label, parameter: coefficient.map { "coefficient \($0) of \(param)" } ?? param, currentText: currentText ?? "(not set)",
            tunedText: template.text(for: outcome.value), target: goal, team: personas.map(\.name), seed: seed, maxRounds: maxRounds,
            startDifficulty: startDifficulty,
            confidence: confidence, range: searchRange, tolerance: tolerance ?? Self.defaultTolerance(outcome.value, integral: integral),
            gamesPlayed: gamesPlayed, search: outcome)
        interruption.end()
        if let report {
            try Output.exitingOnFileError { () throws(FileError) in try FileIO.write(Array(TuneRendering.html(result).utf8), to: report) }
        }
        Output.standard(format == .json ? DiagnosticRenderer.json(result) : TuneRendering.text(result))
    }

    /// The search with the default tolerance, which depends on the value: a first pass finds the
    /// value, and the tolerance is set from it.
    private func runSearch(
        _ search: TargetSearch, _ evaluate: (Double, Int) throws(GameError) -> TargetSearch.Evaluation?
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
        Output.error("interrupted: no value found")
        throw ExitCode(Interruption.exitStatus)
    }

    static func blocksRoundedUp(_ games: Int) -> Int {
        (games + GameBlocks.standardSize - 1) / GameBlocks.standardSize * GameBlocks.standardSize
    }

    /// The value of a whole-number parameter of a game on the seam at which one lineup's metric
    /// meets --target (METRIC=VALUE), found by the same search as Relentless's.
    private func tune<Game: PlayableGame>(_ game: Game, _ design: DesignDirectory) throws {
        let base = try SeamPlay.load(game, design, command: "tune", options: [:])
        let goal = try SeamTarget(parsing: target, of: game)
        guard let definition = game.parameter(named: param), case .integers(let domain) = definition.values else {
            let names = game.parameters.filter { if case .integers = $0.values { true } else { false } }.map(\.name)
            throw ValidationError("--param \(param): tune searches a whole-number parameter of \(game.name) designs (\(names.joined(separator: ", ")))")
        }
        let names = game.lineups(of: base).map(\.name)
        guard let index = lineup.map({ names.firstIndex(of: $0) }) ?? (names.count == 1 ? 0 : nil) else {
            let near = lineup.flatMap { Suggestion.nearest(to: $0, in: names) }.map { " (did you mean \"\($0)\"?)" } ?? ""
            throw ValidationError("--lineup: name one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))\(near)")
        }
        let searchRange = try range.map(Self.parseRange) ?? Double(domain.lowerBound)...Double(domain.upperBound)
        guard searchRange.lowerBound >= Double(domain.lowerBound), searchRange.upperBound <= Double(domain.upperBound) else {
            throw ValidationError("--range: \(param) takes \(definition.domain)")
        }
        let level = Confidence(confidence)
        let interruption = Interruption()
        defer { interruption.end() }
        let bar = ProgressBar(label: "tune")
        var failure: String?
        var gamesPlayed = 0
        func evaluate(_ value: Double, _ games: Int) -> TargetSearch.Evaluation? {
            let text = String(Int(value))
            let playable: Game.Playable
            do throws(PlayLoadError) {
                playable = try game.setting(base, [(param, text)])
            } catch {
                if case .option(let why) = error { failure = "\(param) = \(text): \(why); narrow --range" } else { failure = "\(param) = \(text): \(error)" }
                return nil
            }
            let run = game.play(playable, lineup: index, games: games, seed: seed, threads: threads, cancellation: interruption.cancellation) {
                bar.update(done: $0, total: $1)
            }
            guard !run.isPartial else { return nil }
            gamesPlayed += games
            guard let e = game.estimate(goal.metric.name, of: run.statistics, confidence: level) else {
                failure = "\(param) = \(text): the games give no \(goal.metric.name)"
                return nil
            }
            return .init(value: value, games: games, estimate: e.value, lower: e.lower, upper: e.upper)
        }
        let search = TargetSearch(range: searchRange, integral: true, target: goal.value, tolerance: tolerance ?? 1, games: firstGames...maxGames)
        let found: TargetSearch.Result?
        do {
            found = try search.run(evaluate)
        } catch {
            bar.finish()
            Output.error("\(error)")
            throw ExitCode(1)
        }
        bar.finish()
        let outcome = try Self.answer(found, failure: failure)
        let result = MetricTuneResult(
            design: design.label, parameter: param, metric: goal.metric, target: goal.value, lineup: names[index], seed: seed,
            confidence: confidence, gamesPlayed: gamesPlayed, search: outcome)
        Output.standard(format == .json ? DiagnosticRenderer.json(result) : result.text)
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
