import RelentlessBalance
import MonteCarlo
import RelentlessSimulation
import RelentlessRuns

/// A simulation run as a designer and a tool read it; text and JSON are rendered from this one
/// value. Nothing in it depends on the machine (thread count, elapsed time), so the same design,
/// seed and options give the same report byte for byte.
public struct SimulationReport: Encodable, Sendable {
    public struct Summary: Encodable, Sendable {
        public var count: Int
        public var mean: Double?
        public var standardDeviation: Double?
        public var min: Double?
        public var max: Double?

        public init(_ m: Moments) {
            count = m.count
            func finite(_ x: Double) -> Double? { m.count > 0 && x.isFinite ? x : nil }
            mean = finite(m.mean)
            standardDeviation = finite(m.standardDeviation)
            min = finite(m.minimum)
            max = finite(m.maximum)
        }
    }

    public struct Quantiles: Encodable, Sendable {
        public var p10: Int64?
        public var p50: Int64?
        public var p90: Int64?

        public init(_ h: SignedHistogram) {
            p10 = h.quantile(0.1)
            p50 = h.quantile(0.5)
            p90 = h.quantile(0.9)
        }
    }

    public struct RoundRow: Encodable, Sendable {
        public var round: Int
        public var difficulty: Double
        /// Games that played this round.
        public var games: Int
        /// Of all games, the share still solvent after this round (M2).
        public var aliveShare: Double
        public var money: Summary
        public var moneyQuantiles: Quantiles
        /// Per player, at the end of the round.
        public var satisfaction: Summary
        /// Per game (the whole team), orders by how they ended.
        public var correct: Summary
        public var wrong: Summary
        public var timedOut: Summary
        public var open: Summary
        public var neverShown: Summary
        /// Per game, orders the team gave up on and packages it threw away.
        public var gaveUp: Summary
        public var discarded: Summary
        /// Rounds by how they ended (P7).
        public var ends: [String: Int]
        public var endSeconds: Summary
        /// Per player, mean seconds by what they went to (describing, listening, findingAndPacking,
        /// passing, assembling, waiting, idle); they add up to the round's mean length.
        public var time: [String: Double]
        /// M1 per game: money earned from satisfaction (in) and the daily expense (out).
        public var moneyIn: Summary
        public var moneyOut: Summary
    }

    /// One seat of the team (its place in the lineup) over every round it played: per round,
    /// its satisfaction at the end, its orders by how they ended, where its time went (seconds:
    /// working on its own orders, helping teammates, describing, waiting, idle, adding up to the
    /// round's length; and the shares of the round spent waiting and helping), and the requests
    /// it took up from teammates and made of them (``SeatStatistics``). In JSON, each figure is a
    /// key of its own, named as ``SeatStatistics/Figure`` names it.
    public struct SeatRow: Encodable, Sendable {
        /// 1-based, as players see their seats.
        public var seat: Int
        public var persona: String
        public var rounds: Int
        /// One summary per figure, in ``SeatStatistics/Figure`` order.
        public var figures: [Summary]

        public init(seat: Int, persona: String, _ s: SeatStatistics) {
            self.seat = seat
            self.persona = persona
            rounds = s.rounds
            figures = SeatStatistics.Figure.allCases.map { Summary(s.figure($0)) }
        }

        public func figure(_ figure: SeatStatistics.Figure) -> Summary {
            figures[SeatStatistics.Figure.allCases.firstIndex(of: figure) ?? 0]
        }

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ name: String) { stringValue = name }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(seat, forKey: Key("seat"))
            try container.encode(persona, forKey: Key("persona"))
            try container.encode(rounds, forKey: Key("rounds"))
            for (figure, summary) in zip(SeatStatistics.Figure.allCases, figures) { try container.encode(summary, forKey: Key(figure.rawValue)) }
        }
    }

    /// Games ended by a round the host could not make, and the first of them.
    public struct Unplayable: Encodable, Sendable {
        public var games: Int
        public var share: Double
        /// 95% Wilson interval of the share.
        public var lower: Double
        public var upper: Double
        public var first: First?

        public struct First: Encodable, Sendable {
            public var game: UInt64
            public var seed: UInt64
            /// 1-based.
            public var round: Int
            public var difficulty: Double
            public var players: Int
            public var reason: String
            /// `playbench generate … --explain`: the round the host could not make.
            public var reproduce: String
        }
    }

    public struct Exemplar: Encodable, Sendable {
        public var quantile: Double
        /// The game's final money (within 0.1 % of the quantile).
        public var money: Int64
        public var game: UInt64
        public var seed: UInt64
        public var replay: String
    }

    public var design: String
    public var playersFile: String
    public var team: [String]
    public var seed: UInt64
    public var maxRounds: Int
    /// The difficulty every game started at (M3); nil (absent from the JSON) for the minimum.
    public var startDifficulty: Double?
    public var gamesRequested: Int
    public var gamesPlayed: Int
    /// True when the run was interrupted: the statistics cover games 0..<gamesPlayed.
    public var partial: Bool
    public var lost: Int
    public var unplayable: Unplayable
    public var roundsReached: Summary
    public var finalMoney: Summary
    public var finalMoneyQuantiles: Quantiles
    public var exemplars: [Exemplar]
    public var rounds: [RoundRow]
    /// Seat by seat, in the team's order.
    public var seats: [SeatRow]
    /// Beyond --max-rounds, extrapolated from the plateau of the difficulty ramp (``Horizon``);
    /// nil, with `horizonUnavailable` saying why, when the games did not reach it.
    public var horizon: Horizon?
    public var horizonUnavailable: String?
}

extension SimulationReport {
    public init(
        _ s: SimulationStatistics, gamesRequested: Int, design: String, playersFile: String, team: [String], seed: UInt64,
        maxRounds: Int, startDifficulty: Double?, replay: (UInt64) -> String, reproduceRound: (UnplayableRound, UInt64) -> String
    ) {
        let seeds = GameSeeds(runSeed: seed)
        let horizon = Horizon.estimate(s, confidence: .ninetyFive)
        self.init(
            design: design, playersFile: playersFile, team: team, seed: seed, maxRounds: maxRounds, startDifficulty: startDifficulty,
            gamesRequested: gamesRequested, gamesPlayed: s.games, partial: s.games < gamesRequested, lost: s.lost,
            unplayable: {
                let share = Proportion(s.unplayable, of: s.games)
                let first = s.firstUnplayable.map { u in
                    let gameSeed = seeds.seed(game: u.game)
                    return Unplayable.First(
                        game: u.game, seed: gameSeed, round: u.round.round + 1, difficulty: u.round.difficulty, players: u.round.players,
                        reason: u.round.reason, reproduce: reproduceRound(u.round, gameSeed))
                }
                return Unplayable(games: s.unplayable, share: share.value, lower: share.interval.lowerBound, upper: share.interval.upperBound, first: first)
            }(),
            roundsReached: Summary(s.roundsReached), finalMoney: Summary(s.finalMoneyMoments),
            finalMoneyQuantiles: Quantiles(s.finalMoney.histogram),
            exemplars: [0.1, 0.5, 0.9].compactMap { q in
                s.finalMoney.exemplar(atQuantile: q).map { e in
                    let gameSeed = seeds.seed(game: e.game)
                    return Exemplar(quantile: q, money: e.value, game: e.game, seed: gameSeed, replay: replay(gameSeed))
                }
            },
            rounds: s.rounds.enumerated().map { r, round in
                RoundRow(
                    round: r + 1, difficulty: round.difficulty, games: round.played, aliveShare: s.aliveShare(after: r),
                    money: Summary(round.moneyMoments), moneyQuantiles: Quantiles(round.money),
                    satisfaction: Summary(round.satisfaction), correct: Summary(round.correct), wrong: Summary(round.wrong),
                    timedOut: Summary(round.timedOut), open: Summary(round.open), neverShown: Summary(round.neverShown),
                    gaveUp: Summary(round.gaveUp), discarded: Summary(round.discarded),
                    ends: Dictionary(uniqueKeysWithValues: zip(RoundOutcome.End.allCases.map(\.rawValue), round.ends)),
                    endSeconds: Summary(round.endTime),
                    time: Dictionary(uniqueKeysWithValues: zip(TimeBreakdown.parts.map(\.name), round.time.map { $0.count > 0 ? $0.mean : 0 })),
                    moneyIn: Summary(round.income), moneyOut: Summary(round.expense))
            },
            seats: s.seats.enumerated().map { seat, statistics in
                SeatRow(seat: seat + 1, persona: seat < team.count ? team[seat] : "", statistics)
            },
            horizon: try? horizon.get(), horizonUnavailable: { if case .failure(let why) = horizon { why.reason } else { nil } }())
    }
}
