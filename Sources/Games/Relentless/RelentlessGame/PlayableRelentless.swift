import Diagnostics
import GameSeam
import MonteCarlo
import Relentless
import RelentlessBalance
import RelentlessGeneration
import RelentlessReports
import RelentlessRuns
import RelentlessSimulation

/// Relentless played through the seam's generic commands (``PlayableGame``): each team is a
/// lineup, a game is one ``GameSimulator`` game into ``SimulationStatistics``, its metrics are
/// per game (survival, rounds reached, final money), and its whole-number parameters are what
/// `--set` changes.
///
/// Its teams play the run's own seeds (``Lineup/sharesRunSeeds``): game i of every team is
/// `GameSeeds(runSeed: seed).seed(game: i)`, so the one seed a report prints replays that game
/// with `simulate --replay`.
public struct PlayableRelentless: PlayableGame {
    public let definition = RelentlessDefinition()

    public var name: String { definition.name }
    public var summary: String { definition.summary }
    public var designFileName: String { definition.designFileName }
    public var commands: [String: String] { definition.commands }
    public var fileOptions: [DesignFileOption] { definition.fileOptions }
    public var checkOptions: Set<CheckOption> { definition.checkOptions }
    public var rules: [RulesArticle] { definition.rules }
    public var playOptions: Set<String> { definition.playOptions }
    public var inputFileNames: [String] { RelentlessFiles.inputFileNames }

    /// Every kind of item, an assembled item nested two levels, expressions in diffLevel that C7
    /// ceils, personas of its own and two balance targets, every key commented with its rule.
    public var starterDesign: [StarterFile] { StarterDesign.files }

    public init() {}

    public func check(_ design: any DesignFolder, _ request: CheckRequest) throws(DesignFileError) -> CheckResult {
        try definition.check(design, request)
    }

    /// A design ready to play: read and checked, its teams resolved, a simulator per team.
    public struct Playable: Sendable {
        public var design: Design
        public var choice: PipelineChoice
        /// The teams asked for (`--team`, or Players.plist's default team), one lineup each.
        public var teams: [[Persona]]
        /// Whether `--team` named ``teams`` (a report then plays them alone, not every persona).
        public var teamsNamed: Bool
        /// A report's floor and ceiling of play at each team size (idle and perfect players),
        /// lineups after ``teams``; none elsewhere.
        public var bounds: [[Persona]] = []
        /// The personas of the design's Players.plist.
        public var model: PlayerModel
        public var maxRounds: Int
        /// nil for the design's minimum (M3).
        public var startDifficulty: Double?
        /// `--start-difficulty` as given, the minimum included (nil when absent): it overrides a
        /// Balance.plist's start.
        public var startAsked: Double?
        /// Each team's own start (M3; nil entries: the minimum) when the teams start apart, as a
        /// gate's targets may ask; nil: every lineup from ``startDifficulty``.
        public var teamStarts: [Double?]?
        /// `--timeline R`: a replay also lists every action of round R (1-based).
        public var timeline: Int?
        /// `--round R`: the round after which tables measure survival and money (default 5, or
        /// the last round when games are shorter).
        public var round: Int
        /// `--team` as given, one per team: what a new team size (``parameters``' players) cuts or
        /// repeats; nil entries for Players.plist's default team.
        public var teamTexts: [String?]
        /// One per lineup (``teams``, then ``bounds``), for ``design`` as it is now.
        public fileprivate(set) var simulators: [GameSimulator]
        /// Every lineup's team: ``teams``, then ``bounds``.
        public var lineupTeams: [[Persona]] { teams + bounds }

        /// Where lineup `k`'s games start (M3): its team's own start, else ``startDifficulty``.
        public func start(of k: Int) -> Double? {
            guard let teamStarts, k < teamStarts.count else { return startDifficulty }
            return teamStarts[k]
        }
        /// Where the design came from, as the commands that replay a game or make a round again
        /// name it.
        public var designDirectory: String?
        public var named: NamedDesignFiles
        /// How messages name the design and the Players.plist its personas came from.
        public var label: String
        public var playersLabel: String
    }

    /// Rounds a game lasts at most when `--max-rounds` is not given (as the commands' default).
    public static let defaultMaxRounds = 30

    public func playable(_ folder: any DesignFolder, _ options: PlayOptionValues) throws(PlayLoadError) -> (Playable?, [Diagnostic]) {
        let read: (design: Design?, label: String, choice: PipelineChoice, diagnostics: [Diagnostic])
        let players: (PlayerModel?, label: String, [Diagnostic])
        do throws(DesignFileError) {
            read = try RelentlessFiles.design(folder)
            players = try RelentlessFiles.players(folder)
        } catch {
            throw .file(error)
        }
        let choice = read.choice
        let diagnostics = read.diagnostics + players.2
        guard let design = read.design, let model = players.0, !diagnostics.hasErrors else { return (nil, diagnostics) }

        let maxRounds = try Self.integer(options, "max-rounds", in: 1...10_000) ?? Self.defaultMaxRounds
        let playersWanted = try Self.integer(options, "players", in: 1...1_000)
        var start: Double?, asked: Double?
        if let text = options["start-difficulty"]?.last {
            guard let value = Double(text), StartDifficulty.allows(value, in: design.parameters) else {
                let what = Double(text)?.isFinite == true ? "is outside" : "is not a difficulty: it takes a number in"
                throw .option("--start-difficulty \(text) \(what) \(StartDifficulty.range(of: design.parameters)) of \(read.label)")
            }
            start = StartDifficulty.normalised(value, for: design.parameters)
            asked = value
        }
        if let start {
            // The design was read as every command reads it, on the ramp from the minimum; this
            // ramp's values are checked here (check covers every start, on a grid of them).
            let ramp = ParameterChecks.check(design.parameters, alsoUsed: choice.parametersRead, start: start).filter { $0.severity == .error }
            if !ramp.isEmpty {
                throw .unplayable(
                    reason: "cannot start at difficulty \(start.designerText) (--start-difficulty): its parameters fail on the ramp from there (M3)",
                    diagnostics: ramp)
            }
        }
        let timeline = try Self.integer(options, "timeline", in: 1...maxRounds)
        let round = try Self.integer(options, "round", in: 1...maxRounds) ?? min(5, maxRounds)
        let teamTexts = options["team"] ?? []
        var teams: [[Persona]] = []
        for text in teamTexts.isEmpty ? [nil] : teamTexts.map(Optional.some) {
            teams.append(try Self.team(text, players: playersWanted, model: model, parameters: design.parameters))
        }
        var playable = Playable(
            design: design, choice: choice, teams: teams, teamsNamed: !teamTexts.isEmpty, model: model, maxRounds: maxRounds, startDifficulty: start,
            startAsked: asked, timeline: timeline, round: round, teamTexts: teamTexts.isEmpty ? [nil] : teamTexts, simulators: [],
            designDirectory: folder.directory,
            named: NamedDesignFiles(folder), label: read.label, playersLabel: players.label)
        try Self.prepare(&playable)
        return (playable, diagnostics)
    }

    /// `--team a,b,c` (nil: Players.plist's default team, repeated or cut to `players`), of a
    /// size the design allows (C6).
    static func team(_ text: String?, players: Int?, model: PlayerModel, parameters: Parameters) throws(PlayLoadError) -> [Persona] {
        let team = try personas(text, players: players, model: model)
        guard let sizes = parameters.teamSizes else { throw .option("the design's team sizes cannot be read; run playbench check") }
        guard sizes.contains(team.count) else {
            let range = "\(sizes.lowerBound)...\(sizes.upperBound)"
            guard text == nil && players == nil else { throw .option("a team of \(team.count) is outside the design's team sizes \(range)") }
            let line = model.defaultTeamLocation.map { " (line \($0.line))" } ?? ""
            throw .option("Players.plist's defaultTeam\(line) is a team of \(team.count), outside the design's team sizes \(range): give --team or --players")
        }
        return team
    }

    /// The personas of `--team a,b,c` (nil: Players.plist's default team, repeated or cut to
    /// `players`), whatever team sizes a design allows (a sweep checks each point's).
    public static func personas(_ text: String?, players: Int?, model: PlayerModel) throws(PlayLoadError) -> [Persona] {
        var names = text.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(Self.trimmed) } ?? model.defaultTeam
        if let players, players != names.count {
            guard text == nil else { throw .option("--team names \(counted(names.count, "player")) but --players is \(players)") }
            guard !model.defaultTeam.isEmpty else { throw .option("Players.plist's defaultTeam is empty: give --team") }
            names = (0..<players).map { model.defaultTeam[$0 % model.defaultTeam.count] }
        }
        guard !names.isEmpty, !names.contains(where: \.isEmpty) else { throw .option("--team has an empty name: give persona names separated by single commas") }
        var team: [Persona] = []
        for name in names {
            guard let persona = model.persona(named: name) else {
                let hint = Suggestion.nearest(to: name, in: model.names).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw .option("unknown persona \"\(name)\"\(hint); Players.plist has \(model.names.joined(separator: ", "))")
            }
            team.append(persona)
        }
        return team
    }

    /// A name of `--team` without the spaces and tabs around it (not line breaks: a name
    /// with one is no persona's).
    static func trimmed(_ text: Substring) -> String {
        func isSpace(_ c: Character) -> Bool { c == "\t" || c.unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator } }
        var text = text
        while let first = text.first, isSpace(first) { text.removeFirst() }
        while let last = text.last, isSpace(last) { text.removeLast() }
        return String(text)
    }

    static func integer(_ options: PlayOptionValues, _ name: String, in range: ClosedRange<Int>) throws(PlayLoadError) -> Int? {
        guard let text = options[name]?.last else { return nil }
        guard let value = Int(text), range.contains(value) else { throw .option("--\(name) takes a whole number in \(range.lowerBound)...\(range.upperBound), not '\(text)'") }
        return value
    }

    /// The design prepared for generation, a simulator per team; a design that cannot be
    /// prepared is an option error that says why.
    static func prepare(_ playable: inout Playable) throws(PlayLoadError) {
        let prepared: PreparedDesign
        do throws(GenerationError) { prepared = try PreparedDesign(playable.design) } catch { throw .option(error.description) }
        playable.simulators = playable.lineupTeams.indices.map { k in
            GameSimulator(
                design: prepared, team: playable.lineupTeams[k], maxRounds: playable.maxRounds, startDifficulty: playable.start(of: k),
                pipeline: playable.choice.pipeline)
        }
    }

    /// Each team as tables and targets name it ("4 × casual", "novice, casual, expert"), with its
    /// own start when the teams start apart ("4 × casual from difficulty 5").
    public func lineups(of playable: Playable) -> [Lineup] {
        playable.lineupTeams.indices.map { k in
            let start = playable.teamStarts == nil ? nil : playable.start(of: k)
            let name = TeamLabel.of(playable.lineupTeams[k].map(\.name)) + (start.map { " from difficulty \($0.designerText)" } ?? "")
            return Lineup(name: name, seedKey: Lineup.seedKey(of: name), sharesRunSeeds: true)
        }
    }

    /// A team of ``Playable/teams`` by its personas' names (`--team`), when it starts where
    /// every team does: another design plays it when its Players.plist has those personas.
    public func options(playing lineup: Int, of playable: Playable) -> PlayOptionValues? {
        guard playable.teamStarts == nil, lineup < playable.teams.count else { return nil }
        return ["team": [playable.teams[lineup].map(\.name).joined(separator: ",")]]
    }

    public func emptyStatistics() -> SimulationStatistics { SimulationStatistics() }

    public func invariantViolation(of statistics: SimulationStatistics, games: Int) -> String? {
        guard statistics.games == games else { return "holds \(counted(statistics.games, "game")), not \(games)" }
        return statistics.invariantViolation
    }

    /// A block must hold the rounds the team's simulator plays, at its difficulties (M3), with
    /// its team's players, and name only its own games as exemplars (the replay commands).
    public func mismatch(of statistics: SimulationStatistics, games: Range<UInt64>, lineup: Int, in playable: Playable) -> String? {
        let simulator = playable.simulators[lineup]
        guard statistics.rounds.count <= simulator.maxRounds else {
            return "has \(counted(statistics.rounds.count, "round")); the command plays at most \(simulator.maxRounds)"
        }
        if let r = statistics.rounds.indices.first(where: { statistics.rounds[$0].difficulty != simulator.roundParameters[$0].difficulty }) {
            return "plays round \(r + 1) at difficulty \(statistics.rounds[r].difficulty.designerText), the command at \(simulator.roundParameters[r].difficulty.designerText)"
        }
        if let players = statistics.playersPerGame, players != simulator.team.count {
            return "counts \(players) players a game; the command's team has \(simulator.team.count)"
        }
        if let stray = statistics.finalMoney.recorded.first(where: { !games.contains($0.game) }) {
            return "names game \(stray.game) as an exemplar, which is not one of its games (\(games.lowerBound)..<\(games.upperBound))"
        }
        return nil
    }

    public func play(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64, into statistics: inout SimulationStatistics) {
        let simulator = playable.simulators[lineup]
        let summary: GameSummary
        do throws(GameError) {
            summary = try simulator.play(seed: seed) { statistics.record($0) }
        } catch {
            // Only M1's money past 64 bits stops a game, which C6's limits keep checked designs
            // from: the game ends there as unplayable, never a trap.
            let stop = UnplayableRound(round: error.round, difficulty: error.difficulty, players: error.players, reason: error.description)
            summary = GameSummary(roundsPlayed: error.round, money: 0, lost: false, unplayable: stop)
        }
        statistics.record(summary, game: game)
    }

    /// The metrics of a whole game. Those of Balance.plist's targets (survival(r), medianMoney(r),
    /// meanMoney(r), meanRounds, drift, ruin, unplayable) are named by ``metric(named:)``.
    public let metrics = [
        MetricDefinition(
            name: "survival", kind: .proportion,
            summary: "share of games never lost (M2: money never below 0 after a round), played to the last round or ended by a round the host could not make"),
        MetricDefinition(
            name: "roundsReached", kind: .mean,
            summary: "rounds a game played: through the one it was lost in (M2), those before a round the host could not make, or all of them", decimals: 2),
        MetricDefinition(name: "finalMoney", kind: .mean, summary: "money at the end of a game (M1)", decimals: 0),
        MetricDefinition(name: "medianFinalMoney", kind: .quantile, summary: "the median game's money at its end (M1)", decimals: 0),
    ]

    /// Survival and money after `--round`, the mean rounds reached, and beyond the horizon the
    /// money a round at the top of the ramp and the share eventually lost: what a sweep's
    /// tables show.
    public func reportedMetrics(of playable: Playable) -> [MetricDefinition] {
        let round = playable.round
        return [
            TargetMetric(metric: .survival, round: round), TargetMetric(metric: .medianMoney, round: round), TargetMetric(metric: .meanMoney, round: round),
            TargetMetric(metric: .meanRounds, round: nil), TargetMetric(metric: .drift, round: nil), TargetMetric(metric: .ruin, round: nil),
        ].map(\.definition)
    }

    /// One of ``metrics``, or a metric of Balance.plist's targets, a round in parentheses where
    /// it takes one ("survival(5)", "meanRounds").
    public func metric(named name: String) -> MetricDefinition? {
        if let whole = metrics.first(where: { $0.name == name }) { return whole }
        return TargetMetric(name).map(\.definition)
    }

    public func estimate(_ name: String, of s: SimulationStatistics, confidence: Confidence) -> MetricEstimate? {
        if let target = TargetMetric(name) { return target.estimate(s, confidence: confidence) }
        guard s.games > 0 else { return nil }
        switch name {
        case "survival": return .share(Proportion(s.games - s.lost, of: s.games), confidence)
        case "roundsReached": return .mean(s.roundsReached, confidence)
        case "finalMoney": return .mean(s.finalMoneyMoments, confidence)
        case "medianFinalMoney":
            guard let median = s.finalMoney.histogram.quantile(0.5), let interval = s.finalMoney.histogram.quantileInterval(0.5, confidence) else { return nil }
            return MetricEstimate(value: Double(median), interval: Double(interval.lowerBound)...Double(interval.upperBound), sample: s.games)
        default: return nil
        }
    }

    /// Every key of the parameters file (C6), a whole number or any number in its key's limit
    /// (C7: integer keys take whole numbers), or an expression (C5).
    public var parameters: [ParameterDefinition] {
        ParameterKey.allCases.map { key in
            let range = Self.range(key)
            let values: ParameterDefinition.Values =
                key.isIntegral ? .integers(Int(range.lowerBound.rounded(.up))...Int(range.upperBound.rounded(.down))) : .numbers(range)
            return ParameterDefinition(name: key.rawValue, values: values, effect: key.meaning, expressions: Self.expressions(key))
        } + [Self.teamSize]
    }

    /// The team's size, a parameter of the play rather than of the files: the team `--team`
    /// names, or Players.plist's default team, repeated or cut to it (as `--players`), within
    /// the design's team sizes (C6).
    static let teamSize = ParameterDefinition(
        name: "players", values: .integers(1...1_000),
        effect: "the team's size: the team --team names (which must have that many players) or Players.plist's default team, repeated or cut to it, within minNumOfPlayers...maxNumOfPlayers (C6)")

    /// What expressions a key takes (C5): the satisfaction changes per delivery, every other key
    /// per difficulty.
    static func expressions(_ key: ParameterKey) -> String {
        key.usesOrderVariables
            ? "an expression in diffLevel, totalTime, timeLeft, numOfDifferences and numOfItems (C5)" : "an expression in diffLevel (C5)"
    }

    /// The numbers a key may hold as far as its limit says (C6, M1); what its domain and the ramp
    /// allow besides, ``setting(_:_:to:)`` checks as check would.
    static func range(_ key: ParameterKey) -> ClosedRange<Double> {
        let limit = key.limit
        return max(limit?.lowest ?? -1e15, -1e15)...min(limit?.highest ?? 1e15, 1e15)
    }

    /// A key of ``parameters``, or `key[k]`: the k-th number of the key's expression (1-based:
    /// in `5.0 * (diffLevel / 10.0)`, `numOfCategories[1]` is 5.0), which `tune --coefficient k`
    /// moves while the rest of the expression stays.
    public func parameter(named name: String) -> ParameterDefinition? {
        if let whole = parameters.first(where: { $0.name == name }) { return whole }
        guard let (key, k) = Self.coefficient(name) else { return nil }
        return ParameterDefinition(
            name: name, values: .numbers(Self.range(key)), effect: "number \(k) of \(key.rawValue)'s expression, the rest of it as written: \(key.meaning)")
    }

    /// `key[k]` as the key and k; nil for any other name.
    static func coefficient(_ name: String) -> (ParameterKey, Int)? {
        guard name.hasSuffix("]"), let open = name.firstIndex(of: "["), let key = ParameterKey(rawValue: String(name[..<open])),
            let k = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]), k >= 1
        else { return nil }
        return (key, k)
    }

    public func setting(_ playable: Playable, _ name: String, to value: String) throws(PlayLoadError) -> Playable {
        if name == Self.teamSize.name { return try resized(playable, to: value) }
        var (key, text) = (ParameterKey(rawValue: name), value)
        if key == nil, let (whole, k) = Self.coefficient(name) {
            let template: ParameterTemplate
            do throws(TemplateError) {
                template = try ParameterTemplate(key: whole, text: playable.design.parameters.entries[whole]?.text, coefficient: k)
            } catch {
                throw .option("\(name): \(error.description)")
            }
            guard let x = Double(value), x.isFinite else { throw .option("\(name)=\(value): a number of an expression is a finite number") }
            (key, text) = (whole, template.text(for: x))
        }
        guard let key else { throw .option("'\(name)' is not a parameter of Relentless designs") }
        var changed = playable
        let entry: Parameters.Entry
        do throws(ParameterValueError) { entry = try Parameters.entry(text, for: key) } catch {
            throw .option("\(key.rawValue)=\(text): \(error.message)" + (error.suggestion.map { " (did you mean \($0)?)" } ?? ""))
        }
        // A number no design may hold (outside the key's domain or limit, C6, C7, M1) is a
        // mistake in the command, not a design to list as not played.
        if case .number(let x) = entry.value, let (problem, rule) = ParameterChecks.valueProblem(key, x) {
            throw .option("'\(text)' for \(key.rawValue): \(problem) [\(rule)]")
        }
        changed.design.parameters.entries[key] = entry
        // Read, the value may still break a rule of the design, alone or with the others set.
        if let problem = StartDifficulty.unplayable(changed.startDifficulty, changed.design.parameters, alsoUsed: changed.choice.parametersRead) {
            throw .unplayable(reason: problem, diagnostics: [])
        }
        if let sizes = changed.design.parameters.teamSizes, let team = changed.lineupTeams.first(where: { !sizes.contains($0.count) }) {
            throw .unplayable(reason: "a team of \(team.count) is outside the design's team sizes \(sizes.lowerBound)...\(sizes.upperBound) (C6)", diagnostics: [])
        }
        do throws(PlayLoadError) { try Self.prepare(&changed) } catch {
            if case .option(let why) = error { throw .unplayable(reason: "cannot be played: \(why)", diagnostics: []) }
            throw error
        }
        return changed
    }

    /// Every team at `value` players (``teamSize``).
    func resized(_ playable: Playable, to value: String) throws(PlayLoadError) -> Playable {
        guard let size = Int(value), (1...1_000).contains(size) else { throw .option("players=\(value): a team size is a whole number in 1...1000") }
        var changed = playable
        changed.teams = []
        do throws(PlayLoadError) {
            for text in playable.teamTexts {
                changed.teams.append(try Self.team(text, players: size, model: playable.model, parameters: playable.design.parameters))
            }
            try Self.prepare(&changed)
        } catch {
            // A size the design or the named team does not take makes no design; it is no misreading.
            if case .option(let why) = error { throw .unplayable(reason: why, diagnostics: []) }
            throw error
        }
        return changed
    }

    /// The key's value as the design writes it (a number or an expression, C5), or the k-th
    /// number of its expression; nil when the design does not set it.
    public func value(of name: String, in playable: Playable) -> String? {
        if name == Self.teamSize.name {
            let sizes = Set(playable.teams.map(\.count))
            return sizes.count == 1 ? sizes.first.map(String.init) : nil
        }
        if let key = ParameterKey(rawValue: name) { return playable.design.parameters.entries[key]?.text }
        guard let (key, k) = Self.coefficient(name), let text = playable.design.parameters.entries[key]?.text else { return nil }
        let literals = ParameterTemplate.literals(in: text)
        return k <= literals.count ? String(text[literals[k - 1]]) : nil
    }

    public var lineupNoun: String { "team" }

    /// "up to 30 rounds a game", and where games start when not at the design's minimum (M3).
    public func playedAs(_ playable: Playable) -> String? {
        "up to \(counted(playable.maxRounds, "round")) a game\(StartDifficulty.phrase(playable.startDifficulty))"
    }

    /// A metric after a round the games never play (after --max-rounds), or one measured on the
    /// plateau of the difficulty ramp (drift, ruin) that the team's games do not reach twice.
    public func unmeasurable(_ name: String, lineup: Int, in playable: Playable) -> String? {
        guard let target = TargetMetric(name) else { return nil }
        if let seat = target.seat, seat > playable.lineupTeams[lineup].count {
            return "the team has \(playable.lineupTeams[lineup].count) seats, not \(seat)"
        }
        if let round = target.round, round > playable.maxRounds {
            return "round \(round) is after --max-rounds \(playable.maxRounds); raise --max-rounds or aim at an earlier round"
        }
        guard target.metric.isBeyondTheHorizon, playable.simulators[lineup].plateauStart == nil else { return nil }
        let levels = playable.design.parameters.reachableDifficulties(from: playable.start(of: lineup))
        return "\(target.metric.rawValue) is measured on two rounds at the top of the difficulty ramp (from round \(levels.count)); raise --max-rounds to at least \(levels.count + 1)"
    }

    /// Each team's games as `simulate` prints them: per round, then how games ended and the
    /// commands that replay the p10, p50 and p90 games.
    public func simulationText(_ run: PlayedRun<Self>) -> String {
        simulationReports(run).map { SimulationText.render($0, how: run.how) }.joined(separator: "\n")
    }

    /// The same with every statistic: one team's report, or a list of them for several.
    public func simulationJSON(_ run: PlayedRun<Self>) -> any Encodable & Sendable {
        let reports = simulationReports(run)
        return reports.count == 1 ? reports[0] as any Encodable & Sendable : reports
    }

    /// A report per team played (fewer than the teams when interrupted).
    func simulationReports(_ run: PlayedRun<Self>) -> [SimulationReport] {
        let playable = run.playable
        return zip(playable.teams, run.statistics).map { team, statistics in
            let names = team.map(\.name)
            let played = MonteCarloRun(statistics: statistics, gamesRequested: run.gamesRequested, gamesPlayed: statistics.games, threads: 1)
            return SimulationReport(
                played, design: playable.label, playersFile: playable.playersLabel, team: names, seed: run.seed, maxRounds: playable.maxRounds,
                startDifficulty: playable.startDifficulty,
                replay: { seed in
                    ReplayCommandLine.of(
                        designDirectory: playable.designDirectory, files: playable.named, names: names, maxRounds: playable.maxRounds,
                        startDifficulty: playable.startDifficulty, seed: seed)
                },
                reproduceRound: { round, seed in
                    GenerateCommandLine.of(
                        designDirectory: playable.designDirectory, files: playable.named, players: round.players, difficulty: round.difficulty, seed: seed,
                        round: UInt64(round.round), explain: true)
                })
        }
    }

    /// `simulate --replay SEED`: the game of that seed, which every team's game of the run that
    /// drew it plays (teams share the run's seeds), and which the run's text prints for its p10,
    /// p50 and p90 games; one per team.
    public func replayedGames(_ value: UInt64, of playable: Playable, seed: UInt64) -> [ReplayedGame] {
        playable.teams.indices.map { ReplayedGame(lineup: $0, game: 0, seed: value, heading: nil) }
    }

    /// The game round by round (M1–M3), every player's orders, satisfaction and time (P1–P7), and
    /// with `--timeline` every action of one round.
    public func replay(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> String {
        replayLog(playable, lineup: lineup, seed: seed).text()
    }

    public func replayJSON(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> (any Encodable & Sendable)? {
        replayLog(playable, lineup: lineup, seed: seed)
    }

    func replayLog(_ playable: Playable, lineup: Int, seed gameSeed: UInt64) -> ReplayLog {
        let names = playable.teams[lineup].map(\.name)
        let simulator = playable.simulators[lineup]
        func generate(players: Int, difficulty: Double, round: Int, explain: Bool = false) -> String {
            GenerateCommandLine.of(
                designDirectory: playable.designDirectory, files: playable.named, players: players, difficulty: difficulty, seed: gameSeed,
                round: UInt64(round), explain: explain)
        }
        var rounds: [ReplayLog.RoundRow] = []
        let summary: GameSummary
        do throws(GameError) {
            summary = try simulator.play(seed: gameSeed, timeline: playable.timeline.map { $0 - 1 }) { played in
                let players = played.outcome.players.enumerated().map { p, o in
                    ReplayLog.PlayerRow(
                        player: p + 1, persona: names[p], satisfaction: o.satisfaction, correct: o.correct, wrong: o.wrong,
                        timedOut: o.timedOut, open: o.open, neverShown: o.neverShown, discarded: o.discarded, gaveUp: o.gaveUp,
                        time: Dictionary(uniqueKeysWithValues: TimeBreakdown.parts.map { ($0.name, o.time[keyPath: $0.path]) }))
                }
                rounds.append(ReplayLog.RoundRow(
                    round: played.index + 1, difficulty: played.difficulty, orders: played.flatRound.orders.entries.count,
                    packageLimit: played.flatRound.packageLimit, end: played.outcome.end.rawValue, endSeconds: played.outcome.endTime,
                    satisfactionSum: played.outcome.satisfactionSum, moneyChange: played.moneyChange, money: played.money,
                    lost: played.lost, players: players,
                    generate: generate(players: names.count, difficulty: played.difficulty, round: played.index),
                    moneyIn: played.income, moneyOut: played.expense, timeline: played.outcome.timeline))
            }
        } catch {
            // Only M1's money past 64 bits stops a game (see ``play``): the game ends there, as
            // the run records it.
            let stop = UnplayableRound(round: error.round, difficulty: error.difficulty, players: error.players, reason: error.description)
            summary = GameSummary(roundsPlayed: error.round, money: 0, lost: false, unplayable: stop)
        }
        return ReplayLog(
            design: playable.label, team: names, seed: gameSeed, startDifficulty: simulator.startDifficulty, roundsPlayed: summary.roundsPlayed,
            money: summary.money, lost: summary.lost, rounds: rounds, unplayable: summary.unplayable,
            reproduce: summary.unplayable.map { generate(players: $0.players, difficulty: $0.difficulty, round: $0.round, explain: true) })
    }

    /// Without `--team`: the default team, a team of its size of every other persona that
    /// really plays (not `idle`-like or `perfect`-like bounds), and the default team at the
    /// design's smallest and largest sizes (repeated or cut, as `--players` does): teams and team
    /// sizes side by side. Then, for every team size, the idle and the perfect bound on the same
    /// seeds: the floor and the ceiling of play.
    public func reportPlayable(_ playable: Playable) throws(PlayLoadError) -> Playable {
        var report = playable
        if !playable.teamsNamed {
            let model = playable.model
            var names = [model.defaultTeam]
            var seen: Set<[String]> = [model.defaultTeam]
            func add(_ team: [String]) {
                if !team.isEmpty, seen.insert(team).inserted { names.append(team) }
            }
            for persona in model.personas where !persona.isBound {
                add(Array(repeating: persona.name, count: model.defaultTeam.count))
            }
            let sizes = playable.design.parameters.teamSizes
            for size in [sizes?.lowerBound, sizes?.upperBound].compactMap({ $0 }) where !model.defaultTeam.isEmpty {
                add((0..<size).map { model.defaultTeam[$0 % model.defaultTeam.count] })
            }
            report.teams = []
            for team in names {
                report.teams.append(try Self.team(team.joined(separator: ","), players: nil, model: model, parameters: playable.design.parameters))
            }
        }
        report.bounds = Set(report.teams.map(\.count)).sorted().flatMap { size in
            [Persona.idleBound, Persona.perfectBound].map { [Persona](repeating: $0, count: size) }
        }
        try Self.prepare(&report)
        return report
    }

    /// The range P5 clamps satisfaction to, over every round the teams played: the lowest
    /// minSatisfaction to the highest maxSatisfaction (nil when a range is empty).
    static func satisfactionRange(_ teams: [TeamCurves], parameters: Parameters) -> ClosedRange<Double>? {
        var (low, high) = (Double.infinity, -Double.infinity)
        for team in teams {
            for round in team.rounds where round.games > 0 {
                let p = parameters.resolved(difficulty: round.difficulty, players: team.team.count)
                guard p.minSatisfaction.isFinite, p.maxSatisfaction.isFinite, p.minSatisfaction <= p.maxSatisfaction else { return nil }
                (low, high) = (min(low, p.minSatisfaction), max(high, p.maxSatisfaction))
            }
        }
        return low <= high ? low...high : nil
    }

    /// The balance report: every team's curves per round, the bounds at each team size, the
    /// games worth replaying (report.html, summary.md, curves.csv, results.json).
    public func report(_ run: PlayedRun<Self>) -> (files: [ReportFile], played: String) {
        let playable = run.playable
        func curves(_ k: Int) -> TeamCurves {
            let team = playable.lineupTeams[k].map(\.name)
            let statistics = run.statistics[k]
            let played = MonteCarloRun(statistics: statistics, gamesRequested: run.gamesRequested, gamesPlayed: statistics.games, threads: 1)
            return TeamCurves(played, team: team, seed: run.seed, maxRounds: playable.maxRounds, startDifficulty: playable.startDifficulty) { gameSeed in
                ReplayCommandLine.of(
                    designDirectory: playable.designDirectory, files: playable.named, names: team, maxRounds: playable.maxRounds,
                    startDifficulty: playable.startDifficulty, seed: gameSeed)
            }
        }
        let teams = playable.teams.indices.map(curves)
        let bounds = stride(from: playable.teams.count, to: playable.lineupTeams.count, by: 2).map { k in
            var (idle, perfect) = (curves(k), curves(k + 1))
            // A bound is a reference, not a game to replay.
            (idle.exemplars, perfect.exemplars) = ([], [])
            return BalanceReport.Bounds(players: playable.lineupTeams[k].count, idle: idle, perfect: perfect)
        }
        var report = BalanceReport(
            design: playable.label, playersFile: playable.playersLabel, seed: run.seed, games: run.gamesRequested, maxRounds: playable.maxRounds,
            startDifficulty: playable.startDifficulty, teams: teams, bounds: bounds,
            satisfactionRange: Self.satisfactionRange(teams, parameters: playable.design.parameters))
        report.advice = advice(report, run)
        let files: [ReportFile] = [
            .text(name: "report.html", contents: HTMLReport.render(report)), .text(name: "summary.md", contents: SummaryMarkdown.render(report)),
            .text(name: "curves.csv", contents: CurvesCSV.render(report)), .json(name: "results.json", value: report),
        ]
        return (files, counted(teams.count, "team"))
    }
}

extension PlayableRelentless: GeneratingGame {
    public var generateOptions: Set<String> { definition.generateOptions }

    public func generate(_ folder: any DesignFolder, _ request: GenerateRequest) throws(ContentError) -> GeneratedContent {
        try definition.generate(folder, request)
    }
}
