/// One item of a round: an atomic item (a state, a title, a rhythm) or an assembled one.
///
/// ```swift
/// let apple = Item(category: 0, index: 0)                  // fruit: Apple
/// if let car = prepared.assemble(category: 4, parts: [apple, square, round]) {  // nil if the parts do not fit
///     prepared.name(of: car)         // Car(Fruit: Apple, Wheel: Round, Wheel: Square)
///     prepared.parts(of: car)        // [apple, round, square]: repeated parts sorted (C3)
///     prepared.atomicParts(of: car)  // the same here; recursive for nested parts
///     car == prepared.assemble(category: 4, parts: [apple, round, square])  // true
/// }
/// ```
///
/// An assembled item is stored as its category and the index of every atomic item it is made
/// of (its leaves), depth first in the order of the category's `parts` (C3), in canonical
/// order: parts of one category sorted among their own slots, at every depth, as the original
/// app sorts an assembled item's parts (see `ItemCanonical.swift`). So equal multisets of parts
/// are equal items, with equal hashes, and compare equal under `<`. The shape of the
/// tree is the category's and is kept once in ``PreparedDesign``, so an item is one small array:
/// sampling it, comparing it and taking it apart (G3) cost one step per atomic part, never
/// anything proportional to the number of items of its category (which can pass 10^60).
/// ``PreparedDesign/parts(of:)`` rebuilds the direct parts when a caller wants the tree.
public struct Item: Hashable, Sendable, Comparable {
    @usableFromInline let categoryIndex: Int32
    /// The item's index in its atomic category; -1 for assembled items.
    @usableFromInline let atomicIndex: Int32
    /// Assembled: the atomic index of every leaf, depth first; empty for atomic items.
    @usableFromInline let leaves: [UInt32]

    /// An atomic item: its category's index in the catalogue and its index within the category
    /// (for titled and rhythmic categories the index runs over the groups' items in order).
    public init(category: Int, index: Int) {
        categoryIndex = Int32(truncatingIfNeeded: category)
        atomicIndex = Int32(truncatingIfNeeded: index)
        leaves = []
    }

    @usableFromInline
    init(category: Int32, leaves: [UInt32]) {
        categoryIndex = category
        atomicIndex = -1
        self.leaves = leaves
    }

    /// The category's index in the catalogue.
    @inlinable public var category: Int { Int(categoryIndex) }

    @inlinable public var isAtomic: Bool { atomicIndex >= 0 }

    /// The index within an atomic category; nil for an assembled item.
    @inlinable public var index: Int? { atomicIndex >= 0 ? Int(atomicIndex) : nil }

    /// An assembled item's leaves: the index of each atomic leaf within its category, depth first
    /// (``PreparedDesign/part(_:ofCategory:)`` says which are whose); empty for an atomic item.
    @inlinable public var leafIndices: ArraySlice<UInt32> { leaves[...] }

    /// Atomic items it is made of: 1 for an atomic item.
    @inlinable public var atomicPartCount: Int { atomicIndex >= 0 ? 1 : leaves.count }

    /// A canonical order (category, then index, then leaves), so that orders, which are
    /// multisets, can be compared as sorted arrays and printed stably. Within one category it is
    /// also the order in which an assembled item keeps its repeated parts.
    @inlinable
    public static func < (a: Item, b: Item) -> Bool {
        if a.categoryIndex != b.categoryIndex { return a.categoryIndex < b.categoryIndex }
        if a.atomicIndex != b.atomicIndex { return a.atomicIndex < b.atomicIndex }
        return a.leaves.lexicographicallyPrecedes(b.leaves)
    }
}
