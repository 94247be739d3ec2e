import MonteCarlo
import RelentlessSimulation

/// What a batch of simulated games says, round by round, in memory that does not grow with the
/// number of games: counts, moments and histograms, all mergeable (see ``MonteCarlo``).
public struct SimulationStatistics: MergeableStatistics, Codable {
    /// Round r (0-based): statistics over the games that played it.
    public var rounds: [RoundStatistics] = []
    /// Money when each game ended, with a replayable game per histogram bucket.
    public var finalMoney = QuantileExemplars()
    public var finalMoneyMoments = Moments()
    /// The score (M2): rounds each game reached.
    public var roundsReached = Moments()
    public var games = 0
    /// Games that ended below 0 money (M2) before the round cap.
    public var lost = 0
    /// Games ended by a round the host could not make (``UnplayableRound``).
    public var unplayable = 0
    /// The first such game (the smallest game index), to replay it.
    public var firstUnplayable: UnplayableGame?
    /// Seat by seat (the lineup's order), over every round played.
    public var seats: [SeatStatistics] = []

    public init() {}

    /// Adds one round of a game (``GameSimulator/play(seed:timeline:observe:)`` observes them).
    public mutating func record(_ round: GameRound) {
        while rounds.count <= round.index { rounds.append(RoundStatistics(difficulty: round.difficulty)) }
        rounds[round.index].record(round)
        let players = round.outcome.players
        while seats.count < players.count { seats.append(SeatStatistics()) }
        for seat in players.indices { seats[seat].record(players[seat], roundLength: round.outcome.endTime) }
    }

    /// Adds a game that ended, with its index in the run.
    public mutating func record(_ summary: GameSummary, game: UInt64) {
        games += 1
        if summary.lost { lost += 1 }
        if let round = summary.unplayable {
            unplayable += 1
            if firstUnplayable.map({ game < $0.game }) ?? true { firstUnplayable = UnplayableGame(game: game, round: round) }
        }
        finalMoney.record(Int64(summary.money), game: game)
        finalMoneyMoments.add(Double(summary.money))
        roundsReached.add(Double(summary.roundsPlayed))
    }

    public mutating func merge(_ other: SimulationStatistics) {
        for (r, round) in other.rounds.enumerated() {
            if r < rounds.count { rounds[r].merge(round) } else { rounds.append(round) }
        }
        finalMoney.merge(other.finalMoney)
        finalMoneyMoments.merge(other.finalMoneyMoments)
        roundsReached.merge(other.roundsReached)
        games += other.games
        lost += other.lost
        unplayable += other.unplayable
        if let theirs = other.firstUnplayable, firstUnplayable.map({ theirs.game < $0.game }) ?? true { firstUnplayable = theirs }
        for (seat, statistics) in other.seats.enumerated() {
            if seat < seats.count { seats[seat].merge(statistics) } else { seats.append(statistics) }
        }
    }

    /// Games still solvent after round r (0-based), as a share of all games.
    public func aliveShare(after r: Int) -> Double {
        guard games > 0 else { return 0 }
        return Double(r < rounds.count ? rounds[r].survived : 0) / Double(games)
    }
}

/// A game ended by a round that could not be generated: its index in the run and the round.
public struct UnplayableGame: Sendable, Hashable, Codable {
    public var game: UInt64
    public var round: UnplayableRound
}

/// One round over the games that played it.
public struct RoundStatistics: MergeableStatistics, Codable {
    public var difficulty: Double
    /// Games that played this round.
    public var played = 0
    /// Of those, games with money ≥ 0 after it (M2).
    public var survived = 0
    /// Money after the round (M1).
    public var money = SignedHistogram()
    public var moneyMoments = Moments()
    /// The round's money change (M1: ⌊Σ satisfaction⌋ × translation − expense), per game.
    public var moneyChange = Moments()
    /// Each player's satisfaction at the end of the round.
    public var satisfaction = Moments()
    /// Per game, the team's orders by how they ended (P5, P6, P7).
    public var correct = Moments()
    public var wrong = Moments()
    public var timedOut = Moments()
    public var open = Moments()
    public var neverShown = Moments()
    /// How many rounds ended each way (P7), in ``RoundOutcome/End`` order.
    public var ends: [Int] = Array(repeating: 0, count: RoundOutcome.End.allCases.count)
    /// Seconds into the round when it ended.
    public var endTime = Moments()
    /// M1's two sides, per game: money earned from satisfaction, and the expense.
    public var income = Moments()
    public var expense = Moments()
    /// Per game, orders the team gave up on (hopelessOrders) and packages it threw away.
    public var gaveUp = Moments()
    public var discarded = Moments()
    /// Per player, seconds by ``TimeBreakdown`` part, in its order.
    public var time: [Moments] = Array(repeating: Moments(), count: TimeBreakdown.parts.count)

    init(difficulty: Double) { self.difficulty = difficulty }

    mutating func record(_ round: GameRound) {
        played += 1
        if !round.lost { survived += 1 }
        money.record(Int64(round.money))
        moneyMoments.add(Double(round.money))
        moneyChange.add(Double(round.moneyChange))
        income.add(Double(round.income))
        expense.add(Double(round.expense))
        var c = 0, w = 0, t = 0, o = 0, n = 0, g = 0, d = 0
        for player in round.outcome.players {
            satisfaction.add(player.satisfaction)
            g += player.gaveUp
            d += player.discarded
            let spent = player.time
            time[0].add(spent.describing)
            time[1].add(spent.listening)
            time[2].add(spent.findingAndPacking)
            time[3].add(spent.passing)
            time[4].add(spent.assembling)
            time[5].add(spent.waiting)
            time[6].add(spent.idle)
            c += player.correct
            w += player.wrong
            t += player.timedOut
            o += player.open
            n += player.neverShown
        }
        correct.add(Double(c))
        wrong.add(Double(w))
        timedOut.add(Double(t))
        open.add(Double(o))
        neverShown.add(Double(n))
        gaveUp.add(Double(g))
        discarded.add(Double(d))
        if let e = RoundOutcome.End.allCases.firstIndex(of: round.outcome.end) { ends[e] += 1 }
        endTime.add(round.outcome.endTime)
    }

    public mutating func merge(_ other: RoundStatistics) {
        played += other.played
        survived += other.survived
        money.merge(other.money)
        moneyMoments.merge(other.moneyMoments)
        moneyChange.merge(other.moneyChange)
        satisfaction.merge(other.satisfaction)
        correct.merge(other.correct)
        wrong.merge(other.wrong)
        timedOut.merge(other.timedOut)
        open.merge(other.open)
        neverShown.merge(other.neverShown)
        for i in ends.indices { ends[i] += other.ends[i] }
        endTime.merge(other.endTime)
        income.merge(other.income)
        expense.merge(other.expense)
        gaveUp.merge(other.gaveUp)
        discarded.merge(other.discarded)
        for i in time.indices where i < other.time.count { time[i].merge(other.time[i]) }
    }
}
