import Balance

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

    public init(
        design: String, playersFile: String, seed: UInt64, games: Int, maxRounds: Int, startDifficulty: Double? = nil, teams: [TeamCurves]
    ) {
        self.design = design
        self.playersFile = playersFile
        self.seed = seed
        self.games = games
        self.maxRounds = maxRounds
        self.startDifficulty = startDifficulty
        self.teams = teams
    }

    /// One line on how the numbers were made.
    public var description: String {
        var text = "\(games) games per team, seed \(seed), up to \(maxRounds) rounds\(StartDifficulty.phrase(startDifficulty)); personas from \(playersFile)."
        if teams.contains(where: \.partial) { text += " INTERRUPTED: some teams have fewer games (partial)." }
        return text
    }
}
