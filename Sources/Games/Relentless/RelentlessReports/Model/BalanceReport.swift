import Diagnostics
import GameSeam
import RelentlessBalance

/// A balance report: one design, several teams, each simulated on the same seed.
public struct BalanceReport: Sendable, Codable {
    /// How the design is named ("Designs/relentless").
    public var design: String
    public var playersFile: String
    public var seed: UInt64
    public var games: Int
    public var maxRounds: Int
    /// The difficulty every game started at (M3); nil (absent from the JSON) for the minimum.
    public var startDifficulty: Double?
    public var teams: [TeamCurves]
    /// For each team size of the teams: a team that never starts an order (the floor) and one
    /// that does everything at once and never errs (the ceiling), played on the same seeds.
    public var bounds: [Bounds]
    /// The lowest minSatisfaction and the highest maxSatisfaction of the rounds the teams played
    /// (P5 clamps every player's satisfaction to its round's range); nil when unknown.
    public var satisfactionRange: ClosedRange<Double>?
    /// What to change: the findings, their drivers and the commands that explore them; nil
    /// when nothing was measured (no finding, or an interrupted run).
    public var advice: Advice?

    public struct Bounds: Sendable, Codable {
        public var players: Int
        public var idle: TeamCurves
        public var perfect: TeamCurves

        public init(players: Int, idle: TeamCurves, perfect: TeamCurves) {
            self.players = players
            self.idle = idle
            self.perfect = perfect
        }

        /// The design cannot be lost by not playing: no idle game was lost within the horizon,
        /// and (when it can be told) none is expected to be later.
        public var idleNeverLoses: Bool {
            idle.lost == 0 && (idle.horizon.map { $0.ruin.value < 0.5 } ?? true)
        }
    }

    public init(
        design: String, playersFile: String, seed: UInt64, games: Int, maxRounds: Int, startDifficulty: Double? = nil, teams: [TeamCurves],
        bounds: [Bounds] = [], satisfactionRange: ClosedRange<Double>? = nil
    ) {
        self.design = design
        self.playersFile = playersFile
        self.seed = seed
        self.games = games
        self.maxRounds = maxRounds
        self.startDifficulty = startDifficulty
        self.teams = teams
        self.bounds = bounds
        self.satisfactionRange = satisfactionRange
    }

    public func bounds(players: Int) -> Bounds? { bounds.first { $0.players == players } }

    /// "an idle team of 3 or 4 players never goes broke …", when one does not.
    public var idleWarning: String? {
        let sizes = bounds.filter(\.idleNeverLoses).map(\.players)
        guard !sizes.isEmpty else { return nil }
        let list = sizes.map(String.init).joined(separator: ", ")
        return "A team that never starts an order (\(sizes.count == 1 ? "of" : "of each of") \(list) players) never went broke in \(counted(maxRounds, "round"))\(bounds.contains { $0.idle.horizon != nil } ? " and is not expected to later" : ""): this design cannot be lost by not playing."
    }

    /// One line on how the numbers were made.
    public var description: String {
        var text = "\(counted(games, "game")) per team, seed \(seed), up to \(counted(maxRounds, "round"))\(StartDifficulty.phrase(startDifficulty)); personas from \(playersFile)."
        if teams.contains(where: \.partial) { text += " INTERRUPTED: some teams have fewer games (partial)." }
        return text
    }
}
