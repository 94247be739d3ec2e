import RelentlessBalance
import MonteCarlo
import RelentlessSimulation
import RelentlessRuns
import GameSeam

/// What a report shows of one team's games, round by round: everything the charts, the CSV, the
/// Markdown summary and `results.json` are drawn from, so that they always agree.
public struct TeamCurves: Sendable, Codable {
    public struct Money: Sendable, Codable {
        public var p10: Int64?
        public var p25: Int64?
        public var p50: Int64?
        public var p75: Int64?
        public var p90: Int64?
        public var mean: Double?

        init(_ histogram: SignedHistogram, _ moments: Moments) {
            p10 = histogram.quantile(0.10)
            p25 = histogram.quantile(0.25)
            p50 = histogram.quantile(0.50)
            p75 = histogram.quantile(0.75)
            p90 = histogram.quantile(0.90)
            mean = moments.count > 0 ? moments.mean : nil
        }
    }

    public struct Round: Sendable, Codable {
        public var round: Int
        public var difficulty: Double
        /// Games that played this round.
        public var games: Int
        /// Of all games, those still solvent after this round (M2), with a 95% interval.
        public var alive: Proportion
        /// Of the games that played this round, those that lost in it: the hazard.
        public var lost: Proportion
        /// After the round, over the games that played it.
        public var money: Money
        /// Per player, at the round's end.
        public var satisfactionMean: Double?
        public var satisfactionStandardDeviation: Double?
        /// Mean orders per game (the whole team) by how they ended (P5–P7).
        public var correct: Double
        public var wrong: Double
        public var timedOut: Double
        public var open: Double
        public var neverShown: Double
        /// Rounds by how they ended (P7), keyed by ``RoundOutcome/End`` raw values.
        public var ends: [String: Int]
        /// Per player, mean seconds by ``TimeBreakdown`` part, in its order.
        public var time: [Double]
        /// Mean money per game earned from satisfaction (M1) and paid out (the daily expense).
        public var moneyIn: Double
        public var moneyOut: Double
    }

    /// A game worth replaying: its place in the final-money distribution and its seed.
    public struct Exemplar: Sendable, Codable {
        public var label: String
        public var quantile: Double
        public var money: Int64
        public var seed: UInt64
        public var replay: String
    }

    /// One seat of the team over every round played: its mean satisfaction at a round's end and
    /// where its time went, in mean seconds a round (``SeatStatistics``).
    public struct Seat: Sendable, Codable {
        /// 1-based.
        public var seat: Int
        public var persona: String
        public var satisfaction: Double
        public var working: Double
        public var helping: Double
        public var describing: Double
        public var waiting: Double
        public var idle: Double

        /// The parts of a round, in the order charts stack them, with their names.
        public var parts: [(name: String, seconds: Double)] {
            [("working on its orders", working), ("helping teammates", helping), ("describing", describing), ("waiting", waiting), ("idle", idle)]
        }
    }

    /// "4 × casual", "novice, casual, expert".
    public var label: String
    public var team: [String]
    public var seed: UInt64
    public var maxRounds: Int
    /// The difficulty every game started at (M3); nil (absent from the JSON) for the minimum.
    public var startDifficulty: Double?
    public var gamesRequested: Int
    public var gamesPlayed: Int
    public var partial: Bool
    /// Games that went broke before the round cap.
    public var lost: Int
    public var roundsReachedMean: Double?
    public var finalMoney: Money
    public var exemplars: [Exemplar]
    public var rounds: [Round]
    /// Seat by seat, in the team's order.
    public var seats: [Seat]
    /// Beyond maxRounds, extrapolated from the plateau of the difficulty ramp; nil, with
    /// `horizonUnavailable` saying why, when the games did not reach it.
    public var horizon: Horizon?
    public var horizonUnavailable: String?

    /// - Parameter replay: the command that replays a game, given its seed.
    public init(
        _ s: SimulationStatistics, gamesRequested: Int, team: [String], seed: UInt64, maxRounds: Int, startDifficulty: Double? = nil,
        replay: (UInt64) -> String
    ) {
        self.team = team
        label = Self.label(team)
        self.seed = seed
        self.maxRounds = maxRounds
        self.startDifficulty = startDifficulty
        self.gamesRequested = gamesRequested
        gamesPlayed = s.games
        partial = s.games < gamesRequested
        lost = s.lost
        roundsReachedMean = s.roundsReached.count > 0 ? s.roundsReached.mean : nil
        finalMoney = Money(s.finalMoney.histogram, s.finalMoneyMoments)
        let seeds = GameSeeds(runSeed: seed)
        exemplars = [("worst", 0.0), ("p10", 0.1), ("median", 0.5), ("p90", 0.9), ("best", 1.0)].compactMap { label, q in
            s.finalMoney.exemplar(atQuantile: q).map { e in
                let gameSeed = seeds.seed(game: e.game)
                return Exemplar(label: label, quantile: q, money: e.value, seed: gameSeed, replay: replay(gameSeed))
            }
        }
        rounds = s.rounds.enumerated().map { r, round in
            Round(
                round: r + 1, difficulty: round.difficulty, games: round.played,
                alive: Proportion(round.survived, of: s.games), lost: Proportion(round.played - round.survived, of: round.played),
                money: Money(round.money, round.moneyMoments),
                satisfactionMean: round.satisfaction.count > 0 ? round.satisfaction.mean : nil,
                satisfactionStandardDeviation: round.satisfaction.count > 0 ? round.satisfaction.standardDeviation : nil,
                correct: round.correct.mean, wrong: round.wrong.mean, timedOut: round.timedOut.mean, open: round.open.mean,
                neverShown: round.neverShown.mean,
                ends: Dictionary(uniqueKeysWithValues: zip(RoundOutcome.End.allCases.map(\.rawValue), round.ends)),
                time: round.time.map { $0.count > 0 ? $0.mean : 0 }, moneyIn: round.income.mean, moneyOut: round.expense.mean)
        }
        seats = s.seats.enumerated().map { i, seat in
            func mean(_ figure: SeatStatistics.Figure) -> Double { seat.figure(figure).count > 0 ? seat.figure(figure).mean : 0 }
            return Seat(
                seat: i + 1, persona: i < team.count ? team[i] : "", satisfaction: mean(.satisfaction), working: mean(.working),
                helping: mean(.helping), describing: mean(.describing), waiting: mean(.waiting), idle: mean(.idle))
        }
        switch Horizon.estimate(s, confidence: .ninetyFive) {
        case .success(let h): horizon = h
        case .failure(let why): horizonUnavailable = why.reason
        }
    }

    /// "4 × casual" for a uniform team, else the names in order.
    public static func label(_ team: [String]) -> String { Lineup.name(ofPlayers: team) }

    /// The first round after which less than `share` of all games is still solvent; nil when
    /// survival stays at or above it up to the last round played (the horizon cuts it).
    /// The share of the games played that were lost (M2); 0 when none was played.
    public var lostShare: Double { gamesPlayed > 0 ? Double(lost) / Double(gamesPlayed) : 0 }

    public func survivalFalls(below share: Double) -> Int? {
        rounds.first { $0.alive.value < share }?.round
    }

    /// The rounds lost games were lost in: their quartiles (p25, median, p75); nil when no game
    /// was lost within the horizon.
    public var losingRoundQuartiles: (Int, Int, Int)? {
        let lostIn = rounds.map { $0.lost.successes }
        let total = lostIn.reduce(0, +)
        guard total > 0 else { return nil }
        func quantile(_ q: Double) -> Int {
            let rank = max(1, Int((q * Double(total)).rounded(.up)))
            var seen = 0
            for (r, n) in lostIn.enumerated() {
                seen += n
                if seen >= rank { return r + 1 }
            }
            return rounds.count
        }
        return (quantile(0.25), quantile(0.5), quantile(0.75))
    }
}
