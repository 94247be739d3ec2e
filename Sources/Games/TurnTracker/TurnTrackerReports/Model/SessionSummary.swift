import GameSeam
import MonteCarlo
import TurnTracker
import TurnTrackerRuns

/// Everything a simulation of a Turn Tracker design found, per table, with its intervals, and
/// issue 19's questions answered in sentences: what `simulate` prints, `report` draws, and both
/// write as JSON.
///
/// Every number comes from the sessions' ``SessionStatistics`` and the design; the sentences are
/// written from them. The personas' numbers and the action times are the design's assumptions:
/// seeds/000 reports turns "from less than a minute to 15 minutes or more", sessions of 4-6 hours
/// and 1-3 reminders a game, nothing finer.
///
/// ```swift
/// let summary = SessionSummary(design: design, played: [("Island: 2 × steady", table, statistics)], ownTables: 1,
///                              growthPersonas: [:], label: "Designs/mine", seed: 1, gamesRequested: 1000, complete: true)
/// summary.answers[0].sentences   // how long a session takes, p10, p50, p90
/// ```
public struct SessionSummary: Sendable, Encodable {
    /// A question of issue 19 and its answer, sentence by sentence.
    public struct Answer: Sendable, Encodable {
        public var id: String
        public var question: String
        public var sentences: [String]
    }

    /// A game as played: its definition and the session settings the simulation added.
    public struct GamePlayed: Sendable, Encodable {
        public var name: String
        public var mode: Mode
        public var players: String
        public var rounds: String
        public var timer: Double?
        /// Each phase: its name, whether players act together, its actions with their times.
        public var phases: [String]
    }

    /// A persona as the design states it.
    public struct PersonaPlayed: Sendable, Encodable {
        public var name: String
        public var speed: Double
        public var spread: Double
        public var forgetReady: Double
        public var notice: String
    }

    public var label: String
    public var seed: UInt64
    public var confidence: Double
    /// Sessions asked for per table.
    public var gamesRequested: Int
    /// False when the run was interrupted: a table then holds fewer sessions, or is missing.
    public var complete: Bool
    public var tables: [TableResult]
    public var growth: [PlayerGrowth]
    /// What `check` warns of the design's game definitions: the app's limits they break.
    public var limits: [String]
    public var games: [GamePlayed]
    public var personas: [PersonaPlayed]
    public var answers: [Answer]
    public var assumptions: String

    /// `played` is every table begun, in order: the design's own `ownTables` first, then those a
    /// report adds; `growthPersonas` names, by game, the persona whose tables at each player
    /// count show how its length grows.
    public init(
        design: SessionDesign, played: [(name: String, table: SessionTable, statistics: SessionStatistics)], ownTables: Int, growthPersonas: [Int: Int],
        label: String, seed: UInt64, gamesRequested: Int, complete: Bool, limits: [String] = []
    ) {
        let confidence = Confidence.ninetyFive
        self.label = label
        self.seed = seed
        self.confidence = confidence.level
        self.gamesRequested = gamesRequested
        self.complete = complete
        self.limits = limits
        tables = played.enumerated().map { i, p in
            TableResult(name: p.name, table: p.table, design: design, statistics: p.statistics, isDesigns: i < ownTables, confidence: confidence)
        }
        var growth: [PlayerGrowth] = []
        for (game, persona) in growthPersonas.sorted(by: { $0.key < $1.key }) {
            let points = zip(played, tables).compactMap { p, result -> PlayerGrowth.Point? in
                guard p.table.game == game, p.table.players.allSatisfy({ $0 == persona }), let p10 = result.metric(.sessionP10), let p50 = result.metric(.sessionP50),
                    let p90 = result.metric(.sessionP90)
                else { return nil }
                return .init(players: p.table.players.count, table: p.name, p10: p10.value, p50: p50.value, p90: p90.value)
            }
            var seen = Set<Int>()
            let distinct = points.filter { seen.insert($0.players).inserted }
            if distinct.count >= 2 {
                growth.append(PlayerGrowth(game: design.games[game].name, mode: design.games[game].mode, persona: design.personas[persona].name, points: distinct))
            }
        }
        self.growth = growth
        let used = Set(played.flatMap(\.table.players))
        games = design.games.indices.filter { g in played.contains { $0.table.game == g } }.map { g in
            let game = design.games[g], timing = design.timings[g]
            let phases = game.phases.enumerated().map { i, phase in
                let times = timing.map { zip(phase.actions, $0.actionTimes[i]).map { "\($0) (\($1.scaled(design.actionScale).text))" } } ?? phase.actions
                return "\(phase.name)\(game.mode == .coop && phase.symmetric ? " (symmetric)" : ""): \(times.joined(separator: ", "))"
            }
            return GamePlayed(
                name: game.name, mode: game.mode, players: "\(game.players.lowerBound)-\(game.players.upperBound)", rounds: timing?.rounds.text ?? "–",
                timer: timing?.turnTimer, phases: phases)
        }
        personas = design.personas.indices.filter(used.contains).map { i in
            let p = design.personas[i]
            return PersonaPlayed(name: p.name, speed: p.speed, spread: p.spread, forgetReady: p.forgetReady, notice: p.notice.text)
        }
        assumptions = """
            Action times, rounds and the personas are the design's assumptions, not measurements: seeds/000 reports turns \
            from under a minute to 15 minutes or more, sessions of 4-6 hours and 1-3 reminders a game to press ready, nothing \
            finer. A session here is play alone: no setup, rules explanation or breaks.
            """
        answers = []
        answers = SessionAnswers.answers(self)
    }
}
