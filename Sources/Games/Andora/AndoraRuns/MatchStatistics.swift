import Andora
import MonteCarlo

/// What a batch of games of one rule variant and matchup came to: counts only, so merging is
/// exact and the result is the same whatever the thread count or the shard split.
///
/// ```swift
/// var stats = MatchStatistics()
/// stats.record(finalPosition, firstAgentHeldX: true)
/// stats.firstPlayerAdvantage.value      // P(X wins) − P(O wins)
/// ```
public struct MatchStatistics: MergeableStatistics, Hashable, Codable {
    public private(set) var games = 0
    /// Wins by seat (R1.9.1), draws (R1.9.2).
    public private(set) var xWins = 0
    public private(set) var oWins = 0
    public private(set) var draws = 0
    /// Games by marks placed when they ended: `lengths[n]` games lasted n marks (0...81).
    public private(set) var lengths = [Int](repeating: 0, count: 82)
    /// The games in which the matchup's first agent held X (the even ones, ``MatchRun``): the
    /// seats are strata of the intervals.
    public private(set) var evenSeats = Seats()
    /// Mini-fields in each state at the end (R1.3), summed over games.
    public private(set) var xFields = 0
    public private(set) var oFields = 0
    public private(set) var bothFields = 0

    public init() {}

    /// Counts one finished game.
    public mutating func record(_ end: Position, firstAgentHeldX: Bool) {
        precondition(end.outcome.isOver, "a game is recorded when it is over")
        games += 1
        if firstAgentHeldX { evenSeats.games += 1 }
        switch end.outcome {
        case .won(.x):
            xWins += 1
            if firstAgentHeldX { evenSeats.xWins += 1 }
        case .won(.o):
            oWins += 1
            if firstAgentHeldX { evenSeats.oWins += 1 }
        default:
            draws += 1
        }
        lengths[end.moveCount] += 1
        let fields = end.fieldCounts
        xFields += fields.x
        oFields += fields.o
        bothFields += fields.both
    }

    public mutating func merge(_ other: MatchStatistics) {
        games += other.games
        xWins += other.xWins
        oWins += other.oWins
        draws += other.draws
        evenSeats.games += other.evenSeats.games
        evenSeats.xWins += other.evenSeats.xWins
        evenSeats.oWins += other.evenSeats.oWins
        for i in lengths.indices { lengths[i] += other.lengths[i] }
        xFields += other.xFields
        oFields += other.oFields
        bothFields += other.bothFields
    }
}

/// Games of one seating of a matchup, and how many X and O won.
public struct Seats: Sendable, Hashable, Codable {
    public var games = 0
    public var xWins = 0
    public var oWins = 0

    public init(games: Int = 0, xWins: Int = 0, oWins: Int = 0) {
        self.games = games
        self.xWins = xWins
        self.oWins = oWins
    }
}
