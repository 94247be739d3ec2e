/// An item of one round as a number, read through the round's ``RoundItems``: an atomic item is
/// its design-wide atomic key (``PreparedDesign/atomicKey(of:)``, 0 and up); an assembled item is
/// −1 − j, the j-th assembled item the round interned (C3: one number per distinct item, so equal
/// items have equal ids and `==` compares items).
///
/// Generation hands these between its commands instead of ``Item`` values: an id is a plain
/// number, so a round's lists of items are copied, kept and dropped without allocating, retaining
/// or releasing anything (issue 44).
public struct ItemID: Hashable, Sendable {
    public let rawValue: Int32

    @inlinable
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The atomic item with design key `key`.
    @inlinable
    public init(atomicKey key: Int) { rawValue = Int32(truncatingIfNeeded: key) }

    /// The `j`-th assembled item of a round.
    @inlinable
    init(assembled j: Int) { rawValue = -1 - Int32(truncatingIfNeeded: j) }

    @inlinable public var isAtomic: Bool { rawValue >= 0 }

    /// The design key of an atomic item; nil for an assembled one.
    @inlinable public var atomicKey: Int? { rawValue >= 0 ? Int(rawValue) : nil }

    /// Which of the round's assembled items this is (0 for the first interned); nil for an atomic one.
    @inlinable public var assembledIndex: Int? { rawValue < 0 ? Int(-1 - rawValue) : nil }
}
