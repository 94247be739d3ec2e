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
    /// One numbered item, its leaves a run of `leaves`: the table holds no `Item`, so that
    /// filling and clearing it retains and releases nothing.
    private struct Entry {
        var category: Int32
        var atomicIndex: Int32
        var leafStart: Int32
        var leafCount: Int32
        var number: Int32
    }

    /// Open addressing, linear probing: an index into `entries`, or -1 for an empty slot.
    private var slots: [Int32]
    private var entries: [Entry] = []
    private var leaves: [UInt32] = []
    /// The slot each entry sits in, to clear just those.
    private var occupied: [Int] = []
    private var mask: Int

    public init() {
        slots = Array(repeating: -1, count: 16)
        mask = 15
    }

    public var count: Int { entries.count }

    public subscript(item: Item) -> Int32? {
        number(of: item.categoryIndex, item.atomicIndex, item.leaves[...])
    }

    /// The number of the assembled item of `category` made of `leaves`: a whole item's leaves,
    /// or the slice of a larger item's that is one of its parts, looked up without making the item.
    public func number(ofAssembled category: Int32, leaves: ArraySlice<UInt32>) -> Int32? {
        number(of: category, -1, leaves)
    }

    @inline(__always)
    private func number(of category: Int32, _ atomicIndex: Int32, _ itemLeaves: ArraySlice<UInt32>) -> Int32? {
        var slot = Self.hash(category, atomicIndex, itemLeaves) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            if matches(entries[index], category, atomicIndex, itemLeaves) { return entries[index].number }
            slot = (slot + 1) & mask
        }
    }

    /// Numbers `item`, which must not be numbered yet.
    public mutating func insert(_ item: Item, number: Int32) {
        if (entries.count + 1) * 2 > slots.count { grow() }
        var slot = Self.hash(item.categoryIndex, item.atomicIndex, item.leaves[...]) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entries.count)
        occupied.append(slot)
        entries.append(Entry(
            category: item.categoryIndex, atomicIndex: item.atomicIndex, leafStart: Int32(leaves.count),
            leafCount: Int32(item.leaves.count), number: number))
        leaves.append(contentsOf: item.leaves)
    }

    public mutating func removeAll() {
        // Only the slots in use are cleared: a round fills a few of a table sized for the largest.
        for slot in occupied { slots[slot] = -1 }
        occupied.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        leaves.removeAll(keepingCapacity: true)
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        mask = slots.count - 1
        for index in entries.indices {
            let entry = entries[index]
            let start = Int(entry.leafStart)
            var slot = Self.hash(entry.category, entry.atomicIndex, leaves[start..<(start + Int(entry.leafCount))]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
            occupied[index] = slot
        }
    }

    /// Whether `entry` is the item of `category`, `atomicIndex` and `itemLeaves`: a plain loop
    /// where `elementsEqual` went through iterators.
    @inline(__always)
    private func matches(_ entry: Entry, _ category: Int32, _ atomicIndex: Int32, _ itemLeaves: ArraySlice<UInt32>) -> Bool {
        guard entry.category == category, entry.atomicIndex == atomicIndex, Int(entry.leafCount) == itemLeaves.count else {
            return false
        }
        var j = itemLeaves.startIndex
        for i in Int(entry.leafStart)..<(Int(entry.leafStart) + Int(entry.leafCount)) {
            if leaves[i] != itemLeaves[j] { return false }
            j += 1
        }
        return true
    }

    /// A multiply–xorshift mix of the category, the index and every leaf (SplitMix64's constants).
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
