/// How one question went.
public struct QuestionOutcome: Sendable, Hashable {
    /// Shakes during the window (SW9).
    public var hints: Int
    /// Teams in the order they indicated (SW11).
    public var order: [Int]
    /// When the first team indicated, in seconds from the question's start; nil: nobody did
    /// and the question timed out (SW7).
    public var firstIndication: Double?
    /// The team whose answer counted, and its points (SW8, SW11); nil: nobody's did.
    public var winner: Int?
    public var points: Int

    public init(hints: Int, order: [Int], firstIndication: Double?, winner: Int?, points: Int) {
        self.hints = hints
        self.order = order
        self.firstIndication = firstIndication
        self.winner = winner
        self.points = points
    }

    public var timedOut: Bool { order.isEmpty }
}
