/// The two marks (R1.5): X and O. X moves first (R1.6).
public enum Sign: UInt8, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    case x = 0
    case o = 1

    /// The other player's sign.
    @inlinable
    public var other: Sign { self == .x ? .o : .x }

    public var description: String { self == .x ? "X" : "O" }
}
