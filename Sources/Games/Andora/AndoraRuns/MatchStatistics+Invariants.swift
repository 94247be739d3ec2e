extension MatchStatistics {
    /// What is wrong with these counts as `games` games of one variant and matchup, or nil when
    /// they could have come from playing them: for statistics read from a file (a shard's part),
    /// which must not be trusted, and whose lengths merging indexes.
    public func invariantViolation(games expected: Int) -> String? {
        guard games == expected, games >= 0 else { return "\(games) games where \(expected) were played" }
        // Each count within 0...games first, so that no sum below can overflow.
        let counts = [xWins, oWins, draws, evenSeats.games, evenSeats.xWins, evenSeats.oWins] + lengths
        guard counts.allSatisfy({ (0...games).contains($0) }), [xFields, oFields, bothFields].allSatisfy({ (0...(9 * games)).contains($0) })
        else { return "a count outside 0...\(games) games" }
        guard xWins + oWins + draws == games else {
            return "X's wins \(xWins), O's \(oWins) and draws \(draws) do not add up to \(games) games"
        }
        guard lengths.count == 82, lengths.reduce(0, +) == games else {
            return "game lengths that are not \(games) games of 0 to 81 marks"
        }
        let even = evenSeats
        guard even.xWins <= xWins, even.oWins <= oWins, even.xWins + even.oWins <= even.games, games - even.games >= (xWins - even.xWins) + (oWins - even.oWins)
        else { return "seats whose games and wins do not fit the whole" }
        guard xFields + oFields + bothFields <= 9 * games else {
            return "more mini-fields than 9 a game"
        }
        return nil
    }
}
