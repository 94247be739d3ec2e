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
/// Not yet registered (issue 17): the registry serves Relentless through ``RelentlessDefinition``
/// and the commands' own Relentless paths, whose outputs (Reports/relentless) this type must
/// reproduce byte for byte before they move onto it. Its teams therefore play the run's own
/// seeds (``Lineup/sharesRunSeeds``), as those paths do: game i of every team is
/// `GameSeeds(runSeed: seed).seed(game: i)`, so one seed replays it with `simulate --replay`.
public struct PlayableRelentless: PlayableGame {
    public let definition = RelentlessDefinition()

    public var name: String { definition.name }
    public var summary: String { definition.summary }
    public var designFileName: String { definition.designFileName }
    public var commands: [String: String] { definition.commands }
    public var fileOptions: [DesignFileOption] { definition.fileOptions }
    public var checkOptions: Set<CheckOption> { definition.checkOptions }
    public var playOptions: Set<String> { ["team", "players", "max-rounds", "start-difficulty", "replay", "shard"] }

    public init() {}

    public func check(_ design: any DesignFolder, _ request: CheckRequest) throws(DesignFileError) -> CheckResult {
        try definition.check(design, request)
    }

    /// A design ready to play: read and checked, its teams resolved, a simulator per team.
    public struct Playable: Sendable {
        public var design: Design
        public var choice: PipelineChoice
        public var teams: [[Persona]]
        public var maxRounds: Int
        /// nil for the design's minimum (M3).
        public var startDifficulty: Double?
        /// One per team, for ``design`` as it is now.
        public fileprivate(set) var simulators: [GameSimulator]
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
        var start: Double?
        if let text = options["start-difficulty"]?.last {
            guard let value = Double(text), StartDifficulty.allows(value, in: design.parameters) else {
                throw .option("--start-difficulty \(text) is outside \(StartDifficulty.range(of: design.parameters))")
            }
            start = StartDifficulty.normalised(value, for: design.parameters)
        }
        let teamTexts = options["team"] ?? []
        var teams: [[Persona]] = []
        for text in teamTexts.isEmpty ? [nil] : teamTexts.map(Optional.some) {
            teams.append(try Self.team(text, players: playersWanted, model: model, parameters: design.parameters))
        }
        var playable = Playable(
            design: design, choice: choice, teams: teams, maxRounds: maxRounds, startDifficulty: start, simulators: [], designDirectory: folder.directory,
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
            throw .option("a team of \(team.count) is outside the design's team sizes \(sizes.lowerBound)...\(sizes.upperBound)")
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
        playable.simulators = playable.teams.map { team in
            GameSimulator(
                design: prepared, team: team, maxRounds: playable.maxRounds, startDifficulty: playable.startDifficulty, pipeline: playable.choice.pipeline)
        }
    }

    public func lineups(of playable: Playable) -> [Lineup] {
        playable.teams.map { team in
            let name = team.map(\.name).joined(separator: ",")
            return Lineup(name: name, seedKey: Lineup.seedKey(of: name), sharesRunSeeds: true)
        }
    }

    public func emptyStatistics() -> SimulationStatistics { SimulationStatistics() }

    public func invariantViolation(of statistics: SimulationStatistics, games: Int) -> String? {
        guard statistics.games == games else { return "holds \(counted(statistics.games, "game")), not \(games)" }
        return statistics.invariantViolation
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

    public let metrics = [
        MetricDefinition(name: "survival", kind: .proportion, summary: "share of games not lost by the last round (M2)"),
        MetricDefinition(name: "roundsReached", kind: .mean, summary: "rounds a game lasts: lost in it (M2), unplayable before it, or the last", decimals: 2),
        MetricDefinition(name: "finalMoney", kind: .mean, summary: "money at the end of a game (M1)", decimals: 0),
        MetricDefinition(name: "medianFinalMoney", kind: .quantile, summary: "the median game's money at its end (M1)", decimals: 0),
    ]

    public func estimate(_ name: String, of s: SimulationStatistics, confidence: Confidence) -> MetricEstimate? {
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

    /// The whole-number keys of the parameters file (C6): each a number in its key's limit.
    /// Keys that take fractions or expressions are set through Relentless's own sweep for now.
    public var parameters: [ParameterDefinition] {
        ParameterKey.allCases.filter(\.isIntegral).map { key in
            let limit = key.limit
            let low = Int(max(limit?.lowest ?? 0, Double(Int.min / 2)))
            let high = Int(min(limit?.highest ?? 1e9, Double(Int.max / 2)))
            return ParameterDefinition(name: key.rawValue, values: .integers(low...high), effect: key.meaning)
        }
    }

    public func setting(_ playable: Playable, _ name: String, to value: String) throws(PlayLoadError) -> Playable {
        guard let key = ParameterKey(rawValue: name) else { throw .option("'\(name)' is not a parameter of Relentless designs") }
        var changed = playable
        do throws(ParameterValueError) {
            changed.design.parameters.entries[key] = try Parameters.entry(value, for: key)
        } catch {
            throw .option("\(name)=\(value): \(error.message)")
        }
        if let problem = StartDifficulty.unplayable(changed.startDifficulty, changed.design.parameters, alsoUsed: changed.choice.parametersRead) {
            throw .option("\(name)=\(value) \(problem)")
        }
        if let sizes = changed.design.parameters.teamSizes, let team = changed.teams.first(where: { !sizes.contains($0.count) }) {
            throw .option("\(name)=\(value): a team of \(team.count) is outside the design's team sizes \(sizes.lowerBound)...\(sizes.upperBound) (C6)")
        }
        try Self.prepare(&changed)
        return changed
    }

    public func value(of name: String, in playable: Playable) -> String? {
        guard let key = ParameterKey(rawValue: name), let entry = playable.design.parameters.entries[key], case .number(let x) = entry.value,
            x == x.rounded(), abs(x) < 1e15
        else { return nil }
        return String(Int(x))
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

    /// The game round by round: difficulty, orders correct, wrong and timed out, satisfaction,
    /// money after M1, and how it ended (M2, or a round the host could not make).
    public func replay(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> String {
        var text = "team \(playable.teams[lineup].map(\.name).joined(separator: ",")), game seed \(seed)\n"
        let summary: GameSummary
        do throws(GameError) {
            summary = try playable.simulators[lineup].play(seed: seed) { round in
                let players = round.outcome.players
                let (correct, wrong, timedOut) = (players.map(\.correct).reduce(0, +), players.map(\.wrong).reduce(0, +), players.map(\.timedOut).reduce(0, +))
                text += "round \(round.index + 1): difficulty \(round.difficulty.designerText), orders \(correct) correct, \(wrong) wrong, \(timedOut) timed out; "
                text += "satisfaction \(round.outcome.satisfactionSum), money \(round.moneyChange >= 0 ? "+" : "")\(round.moneyChange) → \(round.money)\(round.lost ? ", lost (M2)" : "")\n"
            }
        } catch {
            return text + "stopped: \(error.description)\n"
        }
        if let stop = summary.unplayable { text += "round \(stop.round + 1) could not be made: \(stop.reason)\n" }
        text += summary.lost ? "lost after \(counted(summary.roundsPlayed, "round"))\n" : "not lost: money \(summary.money) after \(counted(summary.roundsPlayed, "round"))\n"
        return text
    }

    public func report(_ run: PlayedRun<Self>) -> (files: [ReportFile], played: String) {
        (MetricsReport.files(self, run).files, counted(run.lineups.count, "team"))
    }
}
