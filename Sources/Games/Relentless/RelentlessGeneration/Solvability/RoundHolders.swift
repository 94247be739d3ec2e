/// Who holds each item of one round (G5): the first player whose warehouse has it, as
/// ``BuildPlan`` names suppliers.
///
/// Sampling asks this of thousands of rounds, so it is found without hashing whole items: an
/// atomic item by its design-wide key (``PreparedDesign/atomicKey(of:)``) in an array the size of
/// the design's atomic items, and an assembled item held whole (G3: an inventory item) by
/// ``ItemNumbering``, its number the holder. ``load(_:)`` reuses both round after round and
/// resets only what the last round set, as the simulator's `RoundSetup` does.
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
    /// Assembled items held whole, numbered by their first holder.
    private var assembled = ItemNumbering()

    init(design: PreparedDesign) {
        self.design = design
        atomicHolders = Array(repeating: -1, count: design.atomicItemCount)
    }

    /// Forgets the previous round and finds the holders of `round` (of this design).
    mutating func load(_ round: Round) {
        for key in touched { atomicHolders[key] = -1 }
        touched.removeAll(keepingCapacity: true)
        assembled.removeAll()
        for (p, player) in round.players.enumerated() {
            for item in player.warehouse {
                if let key = design.atomicKey(of: item) {
                    guard atomicHolders[key] < 0 else { continue }
                    atomicHolders[key] = Int32(p)
                    touched.append(key)
                } else if assembled[item] == nil {  // players are visited in order: the first holder stays
                    assembled.insert(item, number: Int32(p))
                }
            }
        }
    }

    /// Whether some warehouse holds an assembled item whole this round. When none does, an
    /// assembled item is had only by building it down to its atomic leaves.
    var holdsAssembled: Bool { assembled.count > 0 }

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
        guard assembled.count > 0 else { return nil }
        return assembled.number(ofAssembled: category, leaves: leaves).map { Int($0) }
    }
}
