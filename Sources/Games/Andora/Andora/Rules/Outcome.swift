/// How a game of Andora stands.
public enum Outcome: Sendable, Hashable, Codable {
    case playing
    /// R1.9.1: a line of three mini-fields of the winner's sign ('?' counting as both).
    case won(Sign)
    /// R1.9.2: the player to move could not place a sign.
    case drawn

    @inlinable
    public var isOver: Bool {
        if case .playing = self { false } else { true }
    }

    /// The winner, if any.
    @inlinable
    public var winner: Sign? { if case .won(let sign) = self { sign } else { nil } }
}
