/// The two marks (R1.5): X and O. X moves first (R1.6).
public enum Sign: UInt8, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    case x = 0
    case o = 1

    /// The other player's sign.
    // Hot code matches signs with `switch` or `if case`: the synthesised `==` is not inlinable
    // into other modules, and a call per move costs a third of a random game.
    @inlinable
    public var other: Sign {
        switch self {
        case .x: .o
        case .o: .x
        }
    }

    public var description: String { self == .x ? "X" : "O" }
}
