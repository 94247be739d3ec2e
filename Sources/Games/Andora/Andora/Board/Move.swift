/// A cell of the field: mini-field `field` (R1.1) and cell `cell` inside it (R1.2), each numbered
/// 0...8 row by row (`3·row + column`). Stored as one byte, `9·field + cell`, the cell's bit in
/// the position's bitboards.
///
/// ```swift
/// let centre = Move(field: 4, cell: 4)
/// centre.index          // 40
/// centre.description    // "5.5": mini-field 5, cell 5, counted from 1 as a player would
/// ```
public struct Move: Sendable, Hashable, Codable, CustomStringConvertible {
    public let index: UInt8

    @inlinable
    public init(index: Int) {
        precondition(index >= 0 && index < 81, "a move is a cell 0..<81")
        self.index = UInt8(truncatingIfNeeded: index)
    }

    @inlinable
    public init(field: Int, cell: Int) {
        precondition((0..<9).contains(field) && (0..<9).contains(cell), "field and cell are 0...8")
        self.init(index: 9 * field + cell)
    }

    @inlinable public var field: Int { Int(index) / 9 }
    @inlinable public var cell: Int { Int(index) % 9 }

    /// "F.C", mini-field and cell counted from 1 (row by row).
    public var description: String { "\(field + 1).\(cell + 1)" }

    /// Parses "F.C" as `description` writes it.
    public init?(_ text: String) {
        let parts = text.split(separator: ".")
        guard parts.count == 2, let f = Int(parts[0]), let c = Int(parts[1]), (1...9).contains(f), (1...9).contains(c) else { return nil }
        self.init(field: f - 1, cell: c - 1)
    }
}
