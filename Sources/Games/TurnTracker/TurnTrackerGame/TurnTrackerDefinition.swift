import Diagnostics
import GameSeam
import MonteCarlo
import PropertyList
import TurnTracker
import TurnTrackerReports
import TurnTrackerRuns

/// Turn Tracker, the app that keeps track of phases and turns while people play a board game
/// (seeds/000; rule ids TT…), on the seam: a directory with Games.plist (the game definitions as
/// the app holds them) and Sessions.plist (what a simulation needs besides: rounds, action times,
/// turn timers, personas and the tables that play). Each table is a lineup.
public struct TurnTrackerDefinition: ComparingGame, ReplayingGame {
    public let name = "TurnTracker"
    public let summary = "the app that tracks phases and turns of a board game: its game definitions checked, sessions timed (seeds/000)"
    public let designFileName = GamesReader.fileName
    public var inputFileNames: [String] { [GamesReader.fileName, SessionsReader.fileName] }
    public let commands = [
        "check": """
            the game definitions as the app holds them (TT1–TT5: names, modes, players and phones, phases and \
            their buttons), the app's state machine explored for skipped phases and turns (TT6), and the \
            sessions' settings, personas and tables (TT7–TT11)
            """,
        "generate": "the game view for --players (sections and their orientations, phone by phone) and a session's sequence of phases and turns (--definition, --seed)",
        "simulate": """
            every table of Sessions.plist, --games sessions each: co-op phases to their last ready, \
            symmetric phases together, versus turns in seat order (TT12, TT13): session length \
            (p10, p50, p90), waiting, forgotten readies, timer expiries; --replay N prints session N step by step
            """,
        "report": "the same as a report (HTML, Markdown, JSON) that answers issue 19's questions, with every game at each player count it allows",
        "gate": "Balance.plist's targets on a table's session length, waiting, forgotten readies and timer",
        "sweep": "rounds, the turn timer, players, action times and forgetting (--set), each table's metrics with intervals",
        "tune": "a number (--param) at which a table's metric meets --target",
        "sensitivity": "how every table's metrics move with each number moved ±--step, session by session: paired effects and elasticities",
        "diff": "two designs' shared tables, session by session on the same seeds: every metric's paired change, and each parameter changed alone",
        "params": "every number --set can change: its value, values and effect",
    ]
    public let fileOptions: [DesignFileOption] = []
    public let checkOptions: Set<CheckOption> = []
    public var rules: [RulesArticle] { [RulesArticle(catalog: TurnTrackerReference.catalog, markdown: TurnTrackerReference.article)] }

    public init() {}

    /// A design read and checked, with how messages name its files.
    public struct Playable: Sendable {
        public var design: SessionDesign
        public var gamesFile: String
        public var sessionsFile: String
        /// The tables Sessions.plist lists; `report` adds more after them.
        public var ownTables: Int
        /// By game: the persona whose tables at each player count show how its length grows, the
        /// first table's first seat's (`report` adds the counts the design does not play).
        public var growthPersonas: [Int: Int] = [:]
        /// What check warns of the game definitions: the app's limits they break.
        public var limits: [String]
    }

    public func check(_ folder: any DesignFolder, _ request: CheckRequest) throws(DesignFileError) -> CheckResult {
        let (found, diagnostics, games) = try read(folder, requireSessions: false)
        var summary: String?
        if let found { summary = Self.describe(found.design) } else if let games, !diagnostics.hasErrors { summary = Self.describe(games) }
        // A design read whole has its Sessions.plist: what playable(folder, [:]) would give.
        return CheckResult(diagnostics: diagnostics, summary: summary, playable: found)
    }

    /// The design and every diagnostic of both files; the game definitions alone when the
    /// design has no Sessions.plist and `requireSessions` is false (check serves the app's file alone).
    func read(_ folder: any DesignFolder, requireSessions: Bool) throws(DesignFileError) -> (Playable?, [Diagnostic], [TrackedGame]?) {
        guard let gamesFile = try folder.file(GamesReader.fileName) else {
            throw DesignFileError(kind: .missing, path: folder.label, reason: "no \(GamesReader.fileName)")
        }
        var diagnostics: [Diagnostic] = []
        let games: [TrackedGame]?
        do throws(PlistError) {
            let read = GamesReader.read(try PlistReader.read(bytes: gamesFile.bytes, limits: .design), file: gamesFile.path)
            games = read.0
            diagnostics += read.1
        } catch {
            return (nil, [error.diagnostic(file: gamesFile.path)], nil)
        }
        guard let sessionsFile = try folder.file(SessionsReader.fileName) else {
            if requireSessions {
                throw DesignFileError(kind: .missing, path: folder.label, reason: "no \(SessionsReader.fileName) beside \(GamesReader.fileName): the rounds, action times and tables are there (TT7)")
            }
            diagnostics.append(Diagnostic(
                .note, "no \(SessionsReader.fileName): the game definitions alone are checked; simulate, report and gate need its rounds, action times and tables",
                file: gamesFile.path, rule: "TT7"))
            return (nil, diagnostics, games)
        }
        guard let games else { return (nil, diagnostics, nil) }
        let root: PlistNode
        do throws(PlistError) {
            root = try PlistReader.read(bytes: sessionsFile.bytes, limits: .design)
        } catch {
            return (nil, diagnostics + [error.diagnostic(file: sessionsFile.path)], games)
        }
        let (design, more) = SessionsReader.read(root, file: sessionsFile.path, games: games)
        diagnostics += more
        guard let design, !diagnostics.hasErrors else { return (nil, diagnostics, games) }
        let limits = diagnostics.filter { $0.severity == .warning && $0.file == gamesFile.path }.map { Self.limit($0, games) }
        var playable = Playable(design: design, gamesFile: gamesFile.path, sessionsFile: sessionsFile.path, ownTables: design.tables.count, limits: limits)
        for table in design.tables where playable.growthPersonas[table.game] == nil { playable.growthPersonas[table.game] = table.players[0] }
        return (playable, diagnostics, games)
    }

    /// A warning of Games.plist as the report's answer names it: by the game it is about.
    static func limit(_ d: Diagnostic, _ games: [TrackedGame]) -> String {
        let rule = d.rule.map { " [\($0)]" } ?? ""
        guard d.keyPath.hasPrefix("games["), let close = d.keyPath.firstIndex(of: "]"),
            let index = Int(d.keyPath[d.keyPath.index(d.keyPath.startIndex, offsetBy: 6)..<close]), games.indices.contains(index)
        else { return d.message + rule }
        return "\(games[index].name): \(d.message)\(rule)"
    }

    /// What `check` prints under the game definitions alone.
    static func describe(_ games: [TrackedGame]) -> String {
        var text = "Turn Tracker game definitions: \(counted(games.count, "game"))\n"
        for game in games {
            let phases = game.phases.map { "\($0.name)\(game.mode == .coop && $0.symmetric ? " (symmetric)" : "") \($0.actions.count)" }
            text += "  \(game.name): \(game.mode == .coop ? "co-op" : "versus"), \(game.players.lowerBound)-\(game.players.upperBound) players; phases and their actions: \(phases.joined(separator: ", "))\n"
        }
        return text
    }

    /// What `check` prints under a design without errors.
    static func describe(_ design: SessionDesign) -> String {
        var text = describe(design.games)
        for (game, timing) in zip(design.games, design.timings) {
            guard let timing else { continue }
            text += "  \(game.name) sessions: rounds \(timing.rounds.text)\(timing.turnTimer.map { ", a \($0.designerSeconds) s turn timer" } ?? ", no timer") (TT7, TT9)\n"
        }
        text += "  personas: \(design.personas.map(\.name).joined(separator: ", ")) (TT10)\n"
        text += "  tables: \(briefList(design.tables.map(design.name(of:)), separator: "; ")) (TT11)\n"
        return text
    }

    public func playable(_ folder: any DesignFolder, _ options: GameOptionValues) throws(PlayLoadError) -> (Playable?, [Diagnostic]) {
        do throws(DesignFileError) {
            let (playable, diagnostics, _) = try read(folder, requireSessions: true)
            return (playable, diagnostics)
        } catch {
            throw .file(error)
        }
    }

    public var lineupNoun: String { "table" }

    /// Each table, named by its game and players; a table alike an earlier one (which only
    /// `--set players` can make: the reader refuses two, TT11) also by its number.
    public func lineups(of playable: Playable) -> [Lineup] {
        let design = playable.design
        var seen = Set<String>()
        return design.tables.enumerated().map { index, table in
            var name = design.name(of: table)
            if !seen.insert(name).inserted { name += " (table \(index + 1))" }
            return Lineup(name: name, seedKey: Lineup.seedKey(of: "turn-tracker " + name), chunkSize: 256)
        }
    }

    /// The design's tables, then, for every game a table plays, that game at each player count
    /// it allows, every player the persona of its first table's first seat (``Playable/growthPersonas``):
    /// how length grows with players (a count the design already plays so is not repeated).
    public func reportPlayable(_ playable: Playable) throws(PlayLoadError) -> Playable {
        var report = playable
        var design = playable.design
        for (game, persona) in playable.growthPersonas.sorted(by: { $0.key < $1.key }) {
            for players in design.games[game].players {
                let added = SessionTable(game: game, players: Array(repeating: persona, count: players))
                guard !design.tables.contains(added), design.timings[game]?.rounds.range(players: players) != nil else { continue }
                design.tables.append(added)
            }
        }
        report.design = design
        return report
    }

    public func emptyStatistics() -> SessionStatistics { SessionStatistics() }

    public func invariantViolation(of statistics: SessionStatistics, games: Int) -> String? { statistics.invariantViolation(games: games) }

    public func mismatch(of statistics: SessionStatistics, games: Range<UInt64>, lineup: Int, in playable: Playable) -> String? {
        let table = playable.design.tables[lineup]
        let game = playable.design.games[table.game]
        guard statistics.games > 0 else { return nil }
        if statistics.seatWaiting.count != table.players.count { return "\(statistics.seatWaiting.count) seats where the table has \(table.players.count)" }
        if statistics.phaseSeconds.count != game.phases.count { return "\(statistics.phaseSeconds.count) phases where \(game.name) has \(game.phases.count)" }
        guard let timing = playable.design.timings[table.game], let rounds = timing.rounds.range(players: table.players.count) else { return nil }
        if statistics.rounds.minimum < Double(rounds.lowerBound) || statistics.rounds.maximum > Double(rounds.upperBound) {
            return "sessions of \(statistics.rounds.minimum.designerText) to \(statistics.rounds.maximum.designerText) rounds where the design plays \(rounds.lowerBound) to \(rounds.upperBound)"
        }
        if statistics.timedSessions != (timing.turnTimer == nil ? 0 : statistics.games) {
            return "\(statistics.timedSessions) of \(statistics.games) sessions under a turn timer where the design \(timing.turnTimer == nil ? "sets none" : "sets one")"
        }
        // Turns of a player's own: every phase's in versus, the co-op phases' not played together.
        let perRound = (game.mode == .versus ? game.phases.count : game.phases.count { !$0.symmetric }) * table.players.count
        let bounds = [rounds.lowerBound, rounds.upperBound].map { statistics.games.multipliedReportingOverflow(by: $0 * perRound) }
        if !bounds.contains(where: \.overflow), !(bounds[0].partialValue...bounds[1].partialValue).contains(statistics.turns) {
            return "\(statistics.turns) turns in \(statistics.games) sessions where the design plays \(bounds[0].partialValue) to \(bounds[1].partialValue)"
        }
        return nil
    }

    public func play(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64, into statistics: inout SessionStatistics) {
        statistics.record(SessionPlay.play(playable.design, table: lineup, seed: seed))
    }

    public var metrics: [MetricDefinition] { SessionMetric.allCases.map(\.definition) }

    public var gameMetrics: [MetricDefinition] { SessionMetric.allCases.filter(\.isPerSession).map(\.definition) }

    public func measure(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> [Double] {
        Self.values(SessionPlay.play(playable.design, table: lineup, seed: seed))
    }

    public func measure(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64, into statistics: inout SessionStatistics) -> [Double] {
        let record = SessionPlay.play(playable.design, table: lineup, seed: seed)
        statistics.record(record)
        return Self.values(record)
    }

    static func values(_ record: SessionRecord) -> [Double] { SessionMetric.allCases.filter(\.isPerSession).compactMap { $0.value(of: record) } }

    public func estimate(_ name: String, of statistics: SessionStatistics, confidence: Confidence) -> MetricEstimate? {
        SessionMetric(rawValue: name)?.estimate(statistics, confidence: confidence)
    }

    public func summary(_ run: PlayedRun<Self>) -> SessionSummary {
        let design = run.playable.design
        let played = zip(design.tables, zip(run.lineups, run.statistics)).map { (name: $1.0.name, table: $0, statistics: $1.1) }
        return SessionSummary(
            design: design, played: played, ownTables: run.playable.ownTables, growthPersonas: run.playable.growthPersonas, label: run.label, seed: run.seed,
            gamesRequested: run.gamesRequested, complete: run.isComplete, limits: run.playable.limits)
    }

    public func simulationText(_ run: PlayedRun<Self>) -> String { SessionText.render(summary(run), how: run.how) }

    public func simulationJSON(_ run: PlayedRun<Self>) -> any Encodable & Sendable { summary(run) }

    public func report(_ run: PlayedRun<Self>) -> (files: [ReportFile], played: String) {
        let summary = summary(run)
        let own = run.playable.ownTables, added = run.lineups.count - own
        return (
            [
                .text(name: "report.html", contents: SessionHTML.render(summary)), .text(name: "summary.md", contents: SessionMarkdown.render(summary)),
                .json(name: "results.json", value: summary),
            ],
            "\(counted(own, "table"))" + (added > 0 ? " and \(added) more at every player count" : "")
        )
    }

    public func replay(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> String {
        SessionReplay.text(playable.design, table: lineup, seed: seed)
    }
}
