/// What every session of a design must satisfy once its numbers are settled, whether read from
/// `Sessions.plist` or changed by a command's settings: rounds a table's players can have (TT7),
/// a timer no shorter than the shortest action (TT9), and a session short enough to play (TT11).
public enum SessionLimits {
    /// The most steps (phases, or turns in versus) a session may take: a thousand rounds of
    /// a hundred, far beyond any board game, and a session still plays in a fraction of a second.
    public static let mostSteps = 100_000

    /// Steps a session of `game` takes with `players` players and `rounds` rounds.
    public static func steps(_ game: TrackedGame, players: Int, rounds: Int) -> Int {
        let perRound = game.mode == .versus ? game.phases.count * players : game.phases.count
        let (steps, overflow) = perRound.multipliedReportingOverflow(by: rounds)
        return overflow ? .max : steps
    }

    /// Why `table` cannot be played as `design` sets it (TT7, TT11), or nil.
    public static func problem(of table: SessionTable, in design: SessionDesign) -> String? {
        let game = design.games[table.game]
        guard let timing = design.timings[table.game] else { return "\(game.name) has no session settings (TT7)" }
        guard timing.rounds.range(players: table.players.count) != nil else {
            return "\(game.name)'s rounds (\(timing.rounds.text)) give no whole number in 1...\(GameTiming.Rounds.most) for \(table.players.count) players (TT7)"
        }
        return tooLong(table, in: design).map { "\(design.name(of: table)): \($0) (TT11)" }
    }

    /// Why `table`'s session would take too many steps (TT11), or nil; nil too for a table
    /// whose rounds its players cannot have (TT7 says so).
    public static func tooLong(_ table: SessionTable, in design: SessionDesign) -> String? {
        let game = design.games[table.game]
        guard let rounds = design.timings[table.game]?.rounds.range(players: table.players.count) else { return nil }
        let steps = steps(game, players: table.players.count, rounds: rounds.upperBound)
        guard steps > mostSteps else { return nil }
        return "a session of up to \(steps) steps (rounds × phases\(game.mode == .versus ? " × players" : "")): at most \(mostSteps)"
    }

    /// Why `design` cannot be played, or nil: each game's timer (TT9), then each table (TT7, TT11).
    public static func problem(of design: SessionDesign) -> String? {
        for (game, timing) in zip(design.games, design.timings) {
            guard let timing, let timer = timing.turnTimer, let problem = TimerCheck.problem(timer, timing, game, scale: design.actionScale) else { continue }
            return "\(game.name): \(problem) (TT9)"
        }
        for table in design.tables {
            if let problem = problem(of: table, in: design) { return problem }
        }
        return nil
    }
}
