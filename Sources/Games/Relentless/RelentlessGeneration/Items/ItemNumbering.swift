/// Numbers for the items of one round, looked up by a cheap hash: what the engine (and `check`)
/// use to turn a round's items into small integers.
///
/// A `Dictionary<Item, Int32>` feeds every leaf of an assembled item through SipHash, which
/// resists keys chosen by an adversary; the items of a round come from the design and the
/// generator, and there are a few hundred of them, so a multiplicative hash over open
/// addressing is enough and costs a fraction. `removeAll()` keeps the memory for the next round.
///
/// ```swift
/// var numbers = ItemNumbering()
/// numbers.insert(car, number: 0)
/// numbers[car]        // 0
/// numbers[apple]      // nil
/// ```
public struct ItemNumbering {
    /// Open addressing, linear probing: an index into `items`, or -1 for an empty slot.
    private var slots: [Int32]
    private var items: [Item] = []
    private var numbers: [Int32] = []
    /// The slot each entry of `items` sits in, to clear just those.
    private var occupied: [Int] = []
    private var mask: Int

    public init() {
        slots = Array(repeating: -1, count: 16)
        mask = 15
    }

    public var count: Int { items.count }

    public subscript(item: Item) -> Int32? {
        if item.isAtomic {
            var slot = Self.hash(item) & mask
            while true {
                let entry = Int(slots[slot])
                if entry < 0 { return nil }
                if items[entry] == item { return numbers[entry] }
                slot = (slot + 1) & mask
            }
        }
        return number(ofAssembled: item.categoryIndex, leaves: item.leaves[...])
    }

    /// The number of the assembled item of `category` made of `leaves`: a whole item's leaves,
    /// or the slice of a larger item's that is one of its parts, looked up without making the item.
    public func number(ofAssembled category: Int32, leaves: ArraySlice<UInt32>) -> Int32? {
        var slot = Self.hash(category, -1, leaves) & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { return nil }
            if items[entry].categoryIndex == category, !items[entry].isAtomic, Self.same(items[entry].leaves, leaves) { return numbers[entry] }
            slot = (slot + 1) & mask
        }
    }

    /// Numbers `item`, which must not be numbered yet.
    public mutating func insert(_ item: Item, number: Int32) {
        if (items.count + 1) * 2 > slots.count { grow() }
        var slot = Self.hash(item) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(items.count)
        occupied.append(slot)
        items.append(item)
        numbers.append(number)
    }

    public mutating func removeAll() {
        // Only the slots in use are cleared: a round fills a few of a table sized for the largest.
        for slot in occupied { slots[slot] = -1 }
        occupied.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
        numbers.removeAll(keepingCapacity: true)
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        mask = slots.count - 1
        for (entry, item) in items.enumerated() {
            var slot = Self.hash(item) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(entry)
            occupied[entry] = slot
        }
    }

    /// Whether two leaf sequences are equal: a plain loop where `elementsEqual` went through iterators.
    @inline(__always)
    static func same(_ a: [UInt32], _ b: ArraySlice<UInt32>) -> Bool {
        guard a.count == b.count else { return false }
        var j = b.startIndex
        for x in a {
            if x != b[j] { return false }
            j += 1
        }
        return true
    }

    /// A multiply–xorshift mix of the category, the index and every leaf (SplitMix64's constants).
    @inline(__always)
    static func hash(_ item: Item) -> Int { hash(item.categoryIndex, item.atomicIndex, item.leaves[...]) }

    @inline(__always)
    static func hash(_ category: Int32, _ atomicIndex: Int32, _ leaves: ArraySlice<UInt32>) -> Int {
        var h = UInt64(UInt32(bitPattern: category)) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(UInt32(bitPattern: atomicIndex))
        for leaf in leaves {
            h = (h ^ UInt64(leaf)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
        }
        h = (h ^ (h >> 30)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: h ^ (h >> 31))
    }
}
