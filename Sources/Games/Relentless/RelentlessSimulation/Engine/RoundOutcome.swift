/// How one round went, for one team (P1–P7).
public struct RoundOutcome: Sendable, Hashable {
    /// Why the round ended (P7).
    public enum End: String, Sendable, Hashable, CaseIterable {
        /// The clock reached roundTime.
        case time
        /// No player had an order left (every order delivered or timed out).
        case allOrdersDone
        /// A player's satisfaction reached minSatisfaction.
        case satisfactionRanOut
    }

    public var players: [PlayerRoundOutcome]
    public var end: End
    /// Seconds into the round when it ended.
    public var endTime: Double
    /// Every player's actions, when asked for; nil otherwise.
    public var timeline: [TimelineEntry]?

    public init(players: [PlayerRoundOutcome], end: End, endTime: Double, timeline: [TimelineEntry]? = nil) {
        self.players = players
        self.end = end
        self.endTime = endTime
        self.timeline = timeline
    }

    /// M1: the players' satisfactions summed and truncated to an integer.
    /// Beyond ±2^62 (no real design) it saturates rather than trap; money then overflows and
    /// the game reports it.
    public var satisfactionSum: Int {
        let sum = players.reduce(0.0) { $0 + $1.satisfaction }.rounded(.towardZero)
        let limit = Double(1 << 62)
        return sum.isNaN ? 0 : Int(min(limit, max(-limit, sum)))
    }
}

/// One player's round. Every order of the player ends exactly once: `correct + wrong + timedOut
/// + open + neverShown` is the number of orders the player was dealt.
public struct PlayerRoundOutcome: Sendable, Hashable {
    /// At the end of the round, within the satisfaction range.
    public var satisfaction: Double
    /// Orders removed by a correct delivery (P5).
    public var correct = 0
    /// Orders removed by a wrong delivery (P5).
    public var wrong = 0
    /// Orders that ran out of time (P6).
    public var timedOut = 0
    /// Orders still active when the round ended.
    public var open = 0
    /// Orders that had not appeared yet when the round ended (P2).
    public var neverShown = 0
    /// Packages the player was making for an order that was gone (timed out, or taken by another
    /// package) when it next looked, and threw away.
    public var discarded = 0
    /// Orders the player saw it could not finish in time and stopped working on: delivered
    /// unfinished or left to time out, by its persona's `hopelessOrders`.
    public var gaveUp = 0
    /// Where the player's time went, up to the round's end.
    public var time = TimeBreakdown()
    /// Of `time`, the seconds spent serving teammates' requests (P4): hearing a description out,
    /// finding and packing what it asked for, passing the package back. The rest of the busy time
    /// is the player's own orders: describing to teammates, and finding, packing, passing and
    /// assembling for itself.
    public var helping = 0.0
    /// Requests the player took up: a teammate's package with a description that reached it
    /// (served whether or not it held the items: "not mine" is an answer too).
    public var requestsServed = 0
    /// Requests the player made: its packages passed to a teammate with a description.
    public var requestsAsked = 0

    public init(satisfaction: Double) { self.satisfaction = satisfaction }

    public var delivered: Int { correct + wrong }
    /// Seconds of the player's own work beside describing: finding, packing, passing and
    /// assembling for its own orders.
    public var working: Double { max(0, time.total - time.describing - time.waiting - time.idle - helping) }
    public var orders: Int { correct + wrong + timedOut + open + neverShown }
}
