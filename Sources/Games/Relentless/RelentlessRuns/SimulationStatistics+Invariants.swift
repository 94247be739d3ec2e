import MonteCarlo
import RelentlessSimulation

extension SimulationStatistics {
    /// What is wrong with these statistics, or nil when games played one after another could have
    /// produced them: for statistics read from a file (a shard's part), which must not be trusted.
    /// Once these hold, every count is at most `games` (satisfaction's, `games` × the team), so
    /// merging such statistics cannot overflow.
    ///
    /// Checked, beyond each ``Moments/invariantViolation`` and ``RoundStatistics/invariantViolation``:
    /// - every per-game figure (final money, its moments, rounds reached) counts `games` values,
    ///   and satisfaction the same number of players in every round (``playersPerGame``);
    /// - round 0 is played by every game and round r + 1 by the games that survived round r (a
    ///   lost game ends, M2), so `lost` is the games that fell below 0 in some round, and the
    ///   rounds each game reached follow from the rounds: their moments must be those numbers';
    /// - while the histograms still hold their values exactly, the final money of each game is the
    ///   money of the round it was lost in, or after the last round: the same numbers;
    /// - the exemplars are distinct games (a game has one final money).
    ///
    /// ```swift
    /// var statistics = SimulationStatistics()
    /// let summary = try simulator.play(seed: 1) { statistics.record($0) }
    /// statistics.record(summary, game: 0)
    /// statistics.invariantViolation   // nil
    /// ```
    public var invariantViolation: String? {
        guard games >= 0, lost >= 0, lost <= games else { return "\(lost) of \(games) games lost" }
        guard unplayable >= 0, unplayable <= games, (unplayable == 0) == (firstUnplayable == nil) else {
            return "\(unplayable) of \(games) games unplayable, the first \(firstUnplayable.map { "game \($0.game)" } ?? "none")"
        }
        for (name, moments) in [("finalMoneyMoments", finalMoneyMoments), ("roundsReached", roundsReached)] {
            if let problem = moments.invariantViolation { return "\(name): \(problem)" }
        }
        for (name, count) in [("finalMoney", finalMoney.histogram.count), ("finalMoneyMoments", finalMoneyMoments.count), ("roundsReached", roundsReached.count)]
        where count != games {
            return "\(name) counts \(count) values for \(games) games"
        }
        if let problem = Self.agreement(finalMoneyMoments, finalMoney.histogram) { return "finalMoney: \(problem)" }
        let exemplars = finalMoney.recorded
        guard Set(exemplars.map(\.game)).count == exemplars.count else { return "finalMoney names one game as the exemplar of two values" }
        guard games > 0 else { return rounds.isEmpty ? nil : "rounds recorded without games" }
        guard let first = rounds.first, first.played == games else {
            return "round 0 played by \(rounds.first?.played ?? 0) of \(games) games (every game plays it)"
        }
        for (r, round) in rounds.enumerated() {
            if let problem = round.invariantViolation { return "round \(r): \(problem)" }
            if r > 0, round.played != rounds[r - 1].survived {
                return "round \(r) played by \(round.played) games, but \(rounds[r - 1].survived) survived round \(r - 1)"
            }
            if round.satisfaction.count / round.played != playersPerGame {
                return "round \(r): satisfaction of \(round.satisfaction.count / round.played) players a game, round 0 of \(playersPerGame ?? 0) (one team plays every game)"
            }
        }
        // From here every count is at most `games`: no sum below can overflow.
        let ended = rounds.reduce(0) { $0 + ($1.played - $1.survived) }
        guard ended == lost else { return "\(lost) games lost, but \(ended) fell below 0 money in their rounds" }
        // Rounds reached: r + 1 for the games lost in round r, the last round for the others.
        let reached = rounds.indices.map { r in (value: Double(r + 1), count: r == rounds.count - 1 ? rounds[r].played : rounds[r].played - rounds[r].survived) }
        if let problem = Self.agreement(roundsReached, reached) { return "roundsReached: \(problem)" }
        if let final = finalMoneyFromRounds, let values = finalMoney.histogram.exactValues, values != final {
            return "final money that is not the money of the rounds the games ended in"
        }
        return seatViolation
    }

    /// Every seat of the team played every round every game played: one seat per player, each
    /// figure counting the rounds played, consistent, and within what a round can hold.
    private var seatViolation: String? {
        guard seats.count == playersPerGame ?? 0 else { return "\(seats.count) seats for a team of \(playersPerGame ?? 0)" }
        let roundsPlayed = rounds.reduce(0) { $0 + $1.played }
        for (seat, statistics) in seats.enumerated() {
            guard statistics.figures.count == SeatStatistics.all.count else {
                return "seat \(seat + 1): \(statistics.figures.count) figures, not \(SeatStatistics.all.count)"
            }
            for (figure, moments) in zip(SeatStatistics.all, statistics.figures) {
                if let problem = moments.invariantViolation { return "seat \(seat + 1) \(figure.rawValue): \(problem)" }
                guard moments.count == roundsPlayed else { return "seat \(seat + 1) \(figure.rawValue) counts \(moments.count) rounds, not the \(roundsPlayed) played" }
                guard figure == .satisfaction || moments.count == 0 || moments.minimum >= 0 else { return "seat \(seat + 1) \(figure.rawValue): \(moments.minimum), below 0" }
                if figure == .waitShare || figure == .helpShare, moments.count > 0, moments.maximum > 1 + 1e-9 {
                    return "seat \(seat + 1) \(figure.rawValue): \(moments.maximum) of a round"
                }
            }
        }
        return nil
    }

    /// Each game's final money, sorted, as the rounds' money says it: a lost game's money in the
    /// round it was lost in, a survivor's after the last round. Nil once a round's histogram no
    /// longer holds its values.
    private var finalMoneyFromRounds: [Int64]? {
        var final: [Int64] = []
        for (r, round) in rounds.enumerated() {
            guard let values = round.money.exactValues else { return nil }
            final += r == rounds.count - 1 ? values : values.filter { $0 < 0 }
        }
        return final.sorted()
    }

    /// Nil past Int.max.
    static func sum(_ counts: [Int]) -> Int? {
        var total = 0
        for count in counts {
            let (sum, overflow) = total.addingReportingOverflow(count)
            if overflow { return nil }
            total = sum
        }
        return total
    }

    /// The team's size as the statistics count it: satisfaction values per game in round 0 (one
    /// per player); nil with no rounds.
    public var playersPerGame: Int? {
        rounds.first.map { $0.played > 0 ? $0.satisfaction.count / $0.played : 0 }
    }

    /// Moments against a histogram of the same numbers: the same count and, while the histogram
    /// still holds its values, the moments of those values.
    static func agreement(_ moments: Moments, _ histogram: SignedHistogram) -> String? {
        guard histogram.count == moments.count else { return "\(histogram.count) values in the histogram, \(moments.count) in its moments" }
        guard let values = histogram.exactValues else { return nil }
        return agreement(moments, values.map { (value: Double($0), count: 1) })
    }

    /// Moments against the numbers they were made of (each value with its multiplicity): the same
    /// count and extremes, the mean and the squared deviations to rounding (in parts of 10⁹ of the
    /// values' magnitude).
    static func agreement(_ moments: Moments, _ values: [(value: Double, count: Int)]) -> String? {
        let values = values.filter { $0.count > 0 }
        let n = values.reduce(0) { $0 + $1.count }
        guard n == moments.count else { return "\(moments.count) values, not \(n)" }
        guard let low = values.map(\.value).min(), let high = values.map(\.value).max() else { return nil }
        guard low == moments.minimum, high == moments.maximum else {
            return "extremes \(moments.minimum)...\(moments.maximum), not \(low)...\(high)"
        }
        let mean = values.reduce(0.0) { $0 + $1.value * Double($1.count) } / Double(n)
        let squares = values.reduce(0.0) { $0 + ($1.value - mean) * ($1.value - mean) * Double($1.count) }
        let scale = max(abs(low), abs(high), 1)
        guard abs(moments.mean - mean) <= 1e-9 * scale else { return "a mean of \(moments.mean), not \(mean)" }
        let m2 = moments.variance * Double(max(n - 1, 1))
        guard abs(m2 - squares) <= 1e-9 * (squares + Double(n) * scale * scale) else {
            return "a variance of \(moments.variance), not \(n > 1 ? squares / Double(n - 1) : 0)"
        }
        return nil
    }
}

extension RoundStatistics {
    /// What is wrong with one round's statistics (see ``SimulationStatistics/invariantViolation``):
    /// `survived` within the games that played it; each figure consistent (``Moments``) and
    /// counting one value a game (satisfaction one a player); the per-game counts of orders whole
    /// numbers ≥ 0, end times ≥ 0; the round's ends adding up to its games; and while the money
    /// histogram still holds its values, the moments of those values and `survived` the games
    /// with money ≥ 0 (M2).
    /// How far below zero a part of a player's time may lie from rounding alone, in seconds.
    static let timeRounding = 1e-6

    public var invariantViolation: String? {
        guard difficulty.isFinite else { return "difficulty \(difficulty)" }
        guard played > 0, survived >= 0, survived <= played else { return "\(survived) of \(played) games survived" }
        let counted: [(String, Moments)] = [
            ("correct", correct), ("wrong", wrong), ("timedOut", timedOut), ("open", open), ("neverShown", neverShown),
            ("gaveUp", gaveUp), ("discarded", discarded),
        ]
        guard time.count == TimeBreakdown.parts.count else {
            return "time in \(time.count) parts, not \(TimeBreakdown.parts.count) (\(TimeBreakdown.parts.map(\.name).joined(separator: ", ")))"
        }
        let perGame = [("moneyMoments", moneyMoments), ("moneyChange", moneyChange), ("income", income), ("expense", expense), ("endTime", endTime)]
        let perPlayer = [("satisfaction", satisfaction)] + zip(TimeBreakdown.parts, time).map { ("time \($0.name)", $1) }
        for (name, moments) in perGame + counted + perPlayer {
            if let problem = moments.invariantViolation { return "\(name): \(problem)" }
        }
        for (name, moments) in perGame + counted where moments.count != played {
            return "\(name) counts \(moments.count) values for \(played) games"
        }
        // Satisfaction and time count one value per player: a multiple of the games, at least one each, alike.
        guard satisfaction.count % played == 0, satisfaction.count >= played else {
            return "satisfaction counts \(satisfaction.count) values for \(played) games"
        }
        for (name, moments) in perPlayer where moments.count != satisfaction.count {
            return "\(name) counts \(moments.count) values, satisfaction \(satisfaction.count) (one a player)"
        }
        // A part of a player's time is a sum of differences of doubles: games really played
        // leave some at −4.4e-16 s. A microsecond below zero is no such rounding.
        for (name, moments) in perPlayer.dropFirst() where moments.minimum < -Self.timeRounding {
            return "\(name): \(moments.minimum) s"
        }
        guard income.minimum >= 0, expense.minimum >= 0 else { return "income or expense below 0 (M1 adds one and takes the other)" }
        for (name, moments) in counted {
            let sum = moments.mean * Double(moments.count)
            guard moments.minimum >= 0, moments.minimum.rounded() == moments.minimum, moments.maximum.rounded() == moments.maximum,
                abs(sum - sum.rounded()) <= 1e-6 * max(1, sum)
            else { return "\(name): orders counted \(moments.minimum)...\(moments.maximum) a game with a mean of \(moments.mean) (whole numbers ≥ 0)" }
        }
        guard endTime.minimum >= 0 else { return "endTime: a round that ended \(endTime.minimum) s into it" }
        if let problem = SimulationStatistics.agreement(moneyMoments, money) { return "money: \(problem)" }
        if let values = money.exactValues, values.count(where: { $0 >= 0 }) != survived {
            return "\(survived) games survived, but \(values.count(where: { $0 >= 0 })) had money ≥ 0"
        }
        guard ends.count == RoundOutcome.End.allCases.count, ends.allSatisfy({ $0 >= 0 }),
            SimulationStatistics.sum(ends) == played
        else {
            return "ends \(ends) for \(played) games (one of \(RoundOutcome.End.allCases.count) ways each)"
        }
        return nil
    }
}
