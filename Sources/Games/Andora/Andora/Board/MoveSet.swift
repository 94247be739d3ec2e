/// A set of cells as an 81-bit mask: the legal moves of a position, iterated and sampled without
/// allocating.
///
/// ```swift
/// let moves = Position(rules: .spec).legalMoves
/// moves.count                 // 81
/// for move in moves { … }     // in cell order
/// ```
public struct MoveSet: Sequence, Sendable, Hashable {
    public var bits: UInt128

    @inlinable public init(bits: UInt128) { self.bits = bits }

    @inlinable public var count: Int { bits.nonzeroBitCount }
    @inlinable public var isEmpty: Bool { bits == 0 }

    @inlinable public func contains(_ move: Move) -> Bool { (bits >> Int(move.index)) & 1 == 1 }

    /// The `n`th move in cell order (0-based).
    ///
    /// - Precondition: `n < count`.
    @inlinable
    public func element(_ n: Int) -> Move {
        let low = UInt64(truncatingIfNeeded: bits)
        let lowCount = low.nonzeroBitCount
        if n < lowCount { return Move(index: Self.select(low, n)) }
        return Move(index: 64 + Self.select(UInt64(truncatingIfNeeded: bits >> 64), n - lowCount))
    }

    /// The position of the `n`th set bit of `word`.
    @inlinable @inline(__always)
    static func select(_ word: UInt64, _ n: Int) -> Int {
        var rest = word
        for _ in 0..<n { rest &= rest &- 1 }
        return rest.trailingZeroBitCount
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline var rest: UInt128
        @inlinable init(rest: UInt128) { self.rest = rest }

        @inlinable
        public mutating func next() -> Move? {
            guard rest != 0 else { return nil }
            let index = rest.trailingZeroBitCount
            rest &= rest &- 1
            return Move(index: index)
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(rest: bits) }
}
