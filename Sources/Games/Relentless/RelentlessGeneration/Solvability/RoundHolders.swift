/// Who holds each item of one round (G5): the first player whose warehouse has it, as
/// ``BuildPlan`` names suppliers.
///
/// Sampling asks this of thousands of rounds, so it is found without hashing whole items: an
/// atomic item by its design-wide key (``PreparedDesign/atomicKey(of:)``) in an array the size of
/// the design's atomic items, and an assembled item held whole (G3: an inventory item) in a small
/// open-addressing table under a cheap hash of its leaves. ``load(_:)`` reuses both round after
/// round and resets only what the last round set, as the simulator's `RoundSetup` does.
///
/// ```swift
/// var holders = RoundHolders(design: prepared)
/// holders.load(round)
/// holders.holder(of: apple)   // 0 when player 1 holds it, nil when nobody does
/// ```
struct RoundHolders {
    let design: PreparedDesign
    /// By atomic key: the first player holding the item, -1 for nobody.
    private var atomicHolders: [Int32]
    /// Keys set by the loaded round, to reset before the next.
    private var touched: [Int] = []
    /// Assembled items held whole, each with its first holder.
    private var assembled: [(item: Item, player: Int32)] = []
    /// Open addressing with linear probing: an index into `assembled`, -1 for an empty slot. Its
    /// count is a power of two at least twice the round's assembled warehouse items.
    private var slots: [Int32] = []

    init(design: PreparedDesign) {
        self.design = design
        atomicHolders = Array(repeating: -1, count: design.atomicItemCount)
    }

    /// Forgets the previous round and finds the holders of `round` (of this design).
    mutating func load(_ round: Round) {
        for key in touched { atomicHolders[key] = -1 }
        touched.removeAll(keepingCapacity: true)
        assembled.removeAll(keepingCapacity: true)
        for (p, player) in round.players.enumerated() {
            for item in player.warehouse {
                if let key = design.atomicKey(of: item) {
                    guard atomicHolders[key] < 0 else { continue }
                    atomicHolders[key] = Int32(p)
                    touched.append(key)
                } else {
                    assembled.append((item, Int32(p)))  // repeats are dropped by indexAssembled()
                }
            }
        }
        indexAssembled()
    }

    /// Whether some warehouse holds an assembled item whole this round. When none does, an
    /// assembled item is had only by building it down to its atomic leaves.
    var holdsAssembled: Bool { !assembled.isEmpty }

    /// The first player (0-based) holding `item`; nil when no warehouse has it.
    func holder(of item: Item) -> Int? {
        if let key = design.atomicKey(of: item) { return holder(ofAtomicKey: key) }
        return holder(ofAssembled: item.categoryIndex, leaves: item.leaves[...])
    }

    /// The first player holding the atomic item with this key; nil for nobody.
    @inline(__always)
    func holder(ofAtomicKey key: Int) -> Int? {
        let player = atomicHolders[key]
        return player < 0 ? nil : Int(player)
    }

    /// The first player holding the assembled item of `category` made of `leaves` (a whole
    /// item's leaves, or the slice of a larger item's that is one of its parts).
    func holder(ofAssembled category: Int32, leaves: ArraySlice<UInt32>) -> Int? {
        guard !assembled.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(category, leaves) & mask
        while slots[slot] >= 0 {
            let entry = assembled[Int(slots[slot])]
            if entry.item.categoryIndex == category, entry.item.leaves.elementsEqual(leaves) { return Int(entry.player) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Puts `assembled` into the table, keeping each item's first holder (players were visited
    /// in order) and dropping later ones. The table is sized for this round: twice its items
    /// at least, so probes stay short.
    private mutating func indexAssembled() {
        guard !assembled.isEmpty else { return }  // an empty `assembled` is never probed
        var capacity = 4
        while capacity < 2 * assembled.count { capacity *= 2 }
        if slots.count == capacity {
            for i in slots.indices { slots[i] = -1 }
        } else {
            slots = Array(repeating: -1, count: capacity)
        }
        let mask = capacity - 1
        var kept = 0
        next: for i in assembled.indices {
            let entry = assembled[i]
            var slot = Self.hash(entry.item.categoryIndex, entry.item.leaves[...]) & mask
            while slots[slot] >= 0 {
                if assembled[Int(slots[slot])].item == entry.item { continue next }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(kept)
            assembled[kept] = entry
            kept += 1
        }
        assembled.removeLast(assembled.count - kept)
    }

    /// A multiplicative hash of the category and leaves: a few instructions a leaf, where
    /// `Hasher` (SipHash, seeded per process against crafted keys, which a round never has)
    /// costs tens. Equal items hash alike; the table compares items in full.
    @inline(__always)
    static func hash(_ category: Int32, _ leaves: ArraySlice<UInt32>) -> Int {
        var h = UInt64(UInt32(bitPattern: category)) &+ 0x9E37_79B9_7F4A_7C15
        for leaf in leaves {
            h = (h ^ UInt64(leaf)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
        }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }
}
