import MonteCarlo

/// A difference of two shares, or any mean of per-game scores, with its confidence interval.
public struct Estimate: Sendable, Hashable, Codable {
    public var value: Double
    public var lower: Double
    public var upper: Double
    /// Half the interval's width before it was clipped to the possible range: what a difference
    /// of two estimates adds up.
    public var halfWidth: Double

    public init(value: Double, lower: Double, upper: Double) {
        self.value = value
        self.lower = lower
        self.upper = upper
        halfWidth = (upper - lower) / 2
    }

    /// Per-game scores of +1, 0 and −1 from games played in strata (the seats of a matchup: the
    /// first agent holds X in even games, O in odd ones), `plus` and `minus` times in each: their
    /// mean with the normal approximation's interval, the variance of the mean summed over the
    /// strata (Σ nₖ·vₖ / N²), so that the fixed split of seats is not counted as noise. Each
    /// stratum's variance counts one more +1 and one more −1 than were seen (as Agresti and Caffo
    /// do for proportions), so that games that all went one way still get an interval of honest
    /// width; for the hundreds of games of a run the change is negligible otherwise. Clipped to
    /// −1...1.
    init(strata: [(plus: Int, minus: Int, games: Int)], _ confidence: Confidence) {
        let games = strata.reduce(0) { $0 + $1.games }
        guard games > 0 else {
            self.init(value: 0, lower: -1, upper: 1)
            return
        }
        let mean = Double(strata.reduce(0) { $0 + $1.plus - $1.minus }) / Double(games)
        var spread = 0.0
        for stratum in strata where stratum.games > 0 {
            let n = Double(stratum.games + 2)
            let adjusted = Double(stratum.plus - stratum.minus) / n
            let variance = max(0, (Double(stratum.plus + stratum.minus + 2) - n * adjusted * adjusted) / (n - 1))
            spread += Double(stratum.games) * variance
        }
        let half = confidence.z * spread.squareRoot() / Double(games)
        self.init(value: mean, lower: max(-1, mean - half), upper: min(1, mean + half))
        halfWidth = half
    }

    /// One stratum.
    init(plus: Int, minus: Int, games: Int, _ confidence: Confidence) {
        self.init(strata: [(plus, minus, games)], confidence)
    }

    /// `self − other` for estimates from independent games: the half-widths add in quadrature.
    public func minus(_ other: Estimate) -> Estimate {
        let half = (halfWidth * halfWidth + other.halfWidth * other.halfWidth).squareRoot()
        let value = self.value - other.value
        return Estimate(value: value, lower: value - half, upper: value + half)
    }

    /// `(1 + self) / 2`: a mean score in −1...1 as a share in 0...1.
    var asShare: Estimate {
        var share = Estimate(value: (1 + value) / 2, lower: (1 + lower) / 2, upper: (1 + upper) / 2)
        share.halfWidth = halfWidth / 2
        return share
    }

    /// Whether the interval excludes 0: the sign of the difference is settled at this confidence.
    public var excludesZero: Bool { lower > 0 || upper < 0 }
}

extension MatchStatistics {
    public var xWinShare: Proportion { Proportion(xWins, of: games) }
    public var oWinShare: Proportion { Proportion(oWins, of: games) }
    /// Also the share of games ended by R1.9.2 (a player who cannot place); the rest end by a line.
    public var drawShare: Proportion { Proportion(draws, of: games) }
    public var lineShare: Proportion { Proportion(xWins + oWins, of: games) }

    /// P(X wins) − P(O wins): the first player's advantage (R1.6), in −1...1, 0 when fair. Its
    /// interval takes the seats as strata (see ``Estimate``).
    public func firstPlayerAdvantage(_ confidence: Confidence = .ninetyFive) -> Estimate {
        let odd = oddSeats
        return Estimate(strata: [(evenSeats.xWins, evenSeats.oWins, evenSeats.games), (odd.xWins, odd.oWins, odd.games)], confidence)
    }

    /// X's score share, (X wins + ½ draws) ÷ games: 0.5 is a balanced game.
    public func balance(_ confidence: Confidence = .ninetyFive) -> Estimate {
        firstPlayerAdvantage(confidence).asShare
    }

    /// The first agent's score share against the second, whatever the seats: 0.5 when they are
    /// equally strong (always, up to noise, in self-play). The seats are strata here too.
    public func firstAgentScore(_ confidence: Confidence = .ninetyFive) -> Estimate {
        let odd = oddSeats
        // The first agent holds X in the even games and O in the odd ones.
        return Estimate(strata: [(evenSeats.xWins, evenSeats.oWins, evenSeats.games), (odd.oWins, odd.xWins, odd.games)], confidence).asShare
    }

    /// Wins by agent, whichever seat each held: the first agent holds X in the even games.
    public var firstAgentWins: Int { evenSeats.xWins + oddSeats.oWins }
    public var secondAgentWins: Int { evenSeats.oWins + oddSeats.xWins }

    /// The games in which the matchup's second agent held X.
    var oddSeats: Seats {
        Seats(games: games - evenSeats.games, xWins: xWins - evenSeats.xWins, oWins: oWins - evenSeats.oWins)
    }

    /// Marks placed per game: mean with its interval.
    public func meanLength(_ confidence: Confidence = .ninetyFive) -> Estimate {
        guard games > 0 else { return Estimate(value: 0, lower: 0, upper: 0) }
        let n = Double(games)
        var sum = 0.0, squares = 0.0
        for (length, count) in lengths.enumerated() where count > 0 {
            sum += Double(length * count)
            squares += Double(length * length * count)
        }
        let mean = sum / n
        let variance = games > 1 ? max(0, (squares - n * mean * mean) / (n - 1)) : 0
        let half = confidence.z * (variance / n).squareRoot()
        return Estimate(value: mean, lower: mean - half, upper: mean + half)
    }

    /// The smallest length with at least `q` of the games at or below it.
    public func lengthQuantile(_ q: Double) -> Int {
        guard games > 0 else { return 0 }
        let rank = max(1, Int((q * Double(games)).rounded(.up)))
        var seen = 0
        for (length, count) in lengths.enumerated() {
            seen += count
            if seen >= rank { return length }
        }
        return lengths.count - 1
    }
}

extension MatchStatistics {
    /// This run's first-player advantage minus `baseline`'s, for independent games (``MatchRun``
    /// gives every variant its own seeds): the standard errors add in quadrature.
    public func advantageChange(from baseline: MatchStatistics, _ confidence: Confidence = .ninetyFive) -> Estimate {
        firstPlayerAdvantage(confidence).minus(baseline.firstPlayerAdvantage(confidence))
    }

    /// This run's draw share minus `baseline`'s: the normal approximation for a difference of two
    /// independent proportions, its variance from shares with one draw and one other game added
    /// to each run (Agresti and Caffo 2000), so that two runs without a draw still get an interval.
    public func drawShareChange(from baseline: MatchStatistics, _ confidence: Confidence = .ninetyFive) -> Estimate {
        let difference = drawShare.value - baseline.drawShare.value
        func variance(_ s: MatchStatistics) -> Double {
            let p = Double(s.draws + 1) / Double(s.games + 2)
            return p * (1 - p) / Double(s.games + 2)
        }
        let half = confidence.z * (variance(self) + variance(baseline)).squareRoot()
        return Estimate(value: difference, lower: difference - half, upper: difference + half)
    }
}
