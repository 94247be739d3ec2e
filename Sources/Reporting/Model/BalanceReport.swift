/// A balance report: one design, several teams, each simulated on the same seed.
public struct BalanceReport: Sendable, Codable {
    /// How the design is named ("Designs/relentless").
    public var design: String
    public var playersFile: String
    public var seed: UInt64
    public var games: Int
    public var maxRounds: Int
    public var teams: [TeamCurves]

    public init(design: String, playersFile: String, seed: UInt64, games: Int, maxRounds: Int, teams: [TeamCurves]) {
        self.design = design
        self.playersFile = playersFile
        self.seed = seed
        self.games = games
        self.maxRounds = maxRounds
        self.teams = teams
    }

    /// One line on how the numbers were made.
    public var description: String {
        var text = "\(games) games per team, seed \(seed), up to \(maxRounds) rounds; personas from \(playersFile)."
        if teams.contains(where: \.partial) { text += " INTERRUPTED: some teams have fewer games (partial)." }
        return text
    }
}
