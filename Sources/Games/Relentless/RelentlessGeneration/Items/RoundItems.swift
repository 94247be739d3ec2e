/// The items of one round, each a number (``ItemID``): atomic items by their design key, assembled
/// items interned as generation draws them, their leaves kept in one array. One value is reused
/// round after round (``removeAll()`` keeps its memory), so a round's items cost no allocation,
/// retain or release apiece (issue 44).
///
/// ```swift
/// var items = RoundItems(design: prepared)
/// let car = items.intern(someCar)      // an id; interning an equal car again gives the same id
/// items.item(car) == someCar           // true: the value, for a report
/// items.precedes(apple, car)           // the canonical order of `Item`'s `<`
/// ```
///
/// Interning is by (category, canonical leaves), through ``ItemNumbering``'s multiplicative hash
/// over open addressing (the items come from the design and the generator, not from an adversary). Ids of
/// assembled items follow the order items were first interned, which the seed fixes.
public struct RoundItems: Sendable {
    /// The design the ids refer to; nil only for the empty value a ``FlatRound`` starts with.
    public let design: PreparedDesign?
    // The design's numbers read for every id, held here so that a read is an array load.
    @usableFromInline let atomicOffsets: [Int]
    @usableFromInline let atomicCategories: [Int32]
    @usableFromInline let leafCounts: [Int32]

    /// Per assembled item (by `ItemID.assembledIndex`): its category and where its leaves start.
    @usableFromInline private(set) var assembledCategories: [Int32] = []
    @usableFromInline private(set) var leafStarts: [Int32] = []
    /// Every assembled item's leaves, one after another; generation writes a drawn item's leaves
    /// at the end (``beginAssembled(category:)``) before it is interned.
    @usableFromInline var leaves: [UInt32] = []

    /// Open addressing, linear probing: an assembled index, or -1 for an empty slot.
    private var slots: [Int32]
    private var mask: Int
    /// The slot each assembled item sits in, to clear just those.
    private var occupied: [Int] = []

    /// A byte per atomic item of the design (empty until first used), all zero between steps: a
    /// step's scratch (G3 marks what it stocked), cleared by the step that set it, and kept here
    /// so that a round reuses the last one's.
    var atomicMarks: [UInt8] = []

    /// No items, of no design: what a ``FlatRound`` holds before it is made.
    public init() {
        design = nil
        atomicOffsets = []
        atomicCategories = []
        leafCounts = []
        slots = Array(repeating: -1, count: 16)
        mask = 15
    }

    /// No items yet, of `design`.
    public init(design: PreparedDesign) {
        self.design = design
        atomicOffsets = design.atomicOffsets
        atomicCategories = design.atomicCategories
        leafCounts = design.leafCounts
        slots = Array(repeating: -1, count: 64)
        mask = 63
    }

    /// Assembled items interned so far (atomic items are the design's, never interned).
    public var assembledCount: Int { assembledCategories.count }

    /// Forgets the assembled items, keeping the memory for the next round.
    public mutating func removeAll() {
        for slot in occupied { slots[slot] = -1 }
        occupied.removeAll(keepingCapacity: true)
        assembledCategories.removeAll(keepingCapacity: true)
        leafStarts.removeAll(keepingCapacity: true)
        leaves.removeAll(keepingCapacity: true)
    }

    /// The category's index in the catalogue.
    @inlinable
    public func category(of id: ItemID) -> Int {
        if let key = id.atomicKey { return Int(atomicCategories[key]) }
        return Int(assembledCategories[-1 - Int(id.rawValue)])
    }

    /// The index within its atomic category; nil for an assembled item.
    @inlinable
    public func index(of id: ItemID) -> Int? {
        guard let key = id.atomicKey else { return nil }
        return key - atomicOffsets[Int(atomicCategories[key])]
    }

    /// An assembled item's leaves (see ``Item/leafIndices``); empty for an atomic item.
    @inlinable
    public func leaves(of id: ItemID) -> ArraySlice<UInt32> {
        guard let j = id.assembledIndex else { return leaves[0..<0] }
        let start = Int(leafStarts[j])
        return leaves[start..<(start + Int(leafCounts[Int(assembledCategories[j])]))]
    }

    /// Atomic items it is made of: 1 for an atomic item (``Item/atomicPartCount``).
    @inlinable
    public func atomicPartCount(of id: ItemID) -> Int {
        guard let j = id.assembledIndex else { return 1 }
        return Int(leafCounts[Int(assembledCategories[j])])
    }

    /// The item as a value (for a report, a tree, a check).
    public func item(_ id: ItemID) -> Item {
        let category = self.category(of: id)
        if let index = index(of: id) { return Item(category: category, index: index) }
        return Item(category: Int32(category), leaves: Array(leaves(of: id)))
    }

    /// ``Item``'s canonical `<` on ids: category, then index, then leaves (C3).
    @inlinable
    public func precedes(_ a: ItemID, _ b: ItemID) -> Bool {
        if a == b { return false }
        let ca = category(of: a), cb = category(of: b)
        if ca != cb { return ca < cb }
        // One category: both atomic (keys in index order) or both assembled (as many leaves).
        if a.isAtomic { return a.rawValue < b.rawValue }
        return leaves(of: a).lexicographicallyPrecedes(leaves(of: b))
    }

    /// The id of `item`, interning it if it is assembled and new. `item` must be of the design:
    /// an atomic index out of its category's range would name another item.
    public mutating func intern(_ item: Item) -> ItemID {
        guard let design else { preconditionFailure("RoundItems() holds no design's items") }
        precondition(design.isValid(item), "an item outside the design: \(item)")
        if let index = item.index { return ItemID(atomicKey: design.atomicKey(category: item.category, index: index)) }
        let start = beginAssembled(category: item.category)
        leaves.replaceSubrange(start..<leaves.count, with: item.leaves)
        return endAssembled(category: item.category, start: start)
    }

    /// The id of `item` if the design has it and, when assembled, it was interned; nil otherwise.
    public func id(of item: Item) -> ItemID? {
        guard let design, design.isValid(item) else { return nil }
        if let index = item.index { return ItemID(atomicKey: design.atomicKey(category: item.category, index: index)) }
        return id(ofAssembled: item.category, leaves: item.leaves[...])
    }

    /// The interned assembled item of `category` with these (canonical) leaves: a whole item's,
    /// or the slice of a larger item's that is one of its parts; nil when not interned.
    public func id(ofAssembled category: Int, leaves itemLeaves: ArraySlice<UInt32>) -> ItemID? {
        var slot = ItemNumbering.hash(Int32(category), -1, itemLeaves) & mask
        while true {
            let j = Int(slots[slot])
            if j < 0 { return nil }
            if matches(j, Int32(category), itemLeaves) { return ItemID(assembled: j) }
            slot = (slot + 1) & mask
        }
    }

    /// Starts an assembled item of `category`: room for its leaves at the end of `leaves`, from
    /// the index returned, for the caller to write (canonically) before ``endAssembled(category:start:)``.
    mutating func beginAssembled(category: Int) -> Int {
        let start = leaves.count
        leaves.append(contentsOf: repeatElement(0, count: Int(leafCounts[category])))
        return start
    }

    /// Interns the item whose leaves were written from `start`: its id, an earlier one's if the
    /// round already has the item (its leaves then written over by the next).
    mutating func endAssembled(category: Int, start: Int) -> ItemID {
        // The leaves are sliced where they are read, not held in a variable: a slice alive at
        // `removeSubrange` would make it copy the whole array.
        var slot = ItemNumbering.hash(Int32(category), -1, leaves[start...]) & mask
        while true {
            let j = Int(slots[slot])
            if j < 0 { break }
            if matches(j, Int32(category), leaves[start...]) {
                leaves.removeSubrange(start...)
                return ItemID(assembled: j)
            }
            slot = (slot + 1) & mask
        }
        let j = assembledCategories.count
        slots[slot] = Int32(j)
        occupied.append(slot)
        assembledCategories.append(Int32(category))
        leafStarts.append(Int32(start))
        if (j + 1) * 2 > slots.count { grow() }
        return ItemID(assembled: j)
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        mask = slots.count - 1
        for j in assembledCategories.indices {
            let id = ItemID(assembled: j)
            var slot = ItemNumbering.hash(assembledCategories[j], -1, leaves(of: id)) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(j)
            occupied[j] = slot
        }
    }

    /// Whether assembled item `j` is of `category` with leaves `itemLeaves`: a plain loop where
    /// `elementsEqual` went through iterators.
    @inline(__always)
    private func matches(_ j: Int, _ category: Int32, _ itemLeaves: ArraySlice<UInt32>) -> Bool {
        guard assembledCategories[j] == category, Int(leafCounts[Int(category)]) == itemLeaves.count else { return false }
        var i = Int(leafStarts[j])
        for leaf in itemLeaves {
            if leaves[i] != leaf { return false }
            i += 1
        }
        return true
    }
}
