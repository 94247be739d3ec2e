import EngineBuffers
import RelentlessGeneration
import Relentless

/// A generated round turned into what the engine reads: a small integer id per item, who holds
/// each (G5), the groups items are confused within (C3), and for every order what must be
/// fetched from which warehouse and how many Assemble actions it needs (P4).
///
/// Everything lives in flat arrays (orders, recipes and fetches refer to ranges of the next), and
/// one value is reused round after round (``load(_:design:)`` keeps every array's capacity), so
/// preparing a round allocates next to nothing. The round's items arrive as ids (``ItemID``: an
/// atomic item's design key, an assembled item's index among the round's); they are renumbered
/// in order of first appearance through arrays indexed by those ids, not dictionaries: the
/// atomic one, the size of the design's atomic items, reset after each round by the entries touched.
struct RoundSetup {
    struct ItemInfo {
        /// The player whose warehouse holds the item; -1 for an order-only assembled item.
        var holder: Int
        var kind: CategoryKind
        /// The round's number for the item's group (C3); -1 for an assembled item, a group of its own.
        var group: Int32
    }

    /// An item to be added from a warehouse.
    struct Fetch {
        var item: Int32
        var holder: Int
    }

    /// How to get one item of an order into the package: fetch `fetches` (one fetch for an item
    /// someone holds; the atomic parts, for an item to assemble) and assemble `assembles` times.
    struct Recipe {
        /// The order item this recipe makes.
        var item: Int32
        var fetches: Range<Int>
        var assembles: Int
    }

    struct OrderPlan {
        var player: Int
        var house: Int
        /// The order's items as sorted ids (a multiset): a range of `orderItems`.
        var items: Range<Int>
        var timeLimit: Int
        /// A range of `recipes`, one per order item: items to assemble first, largest first, so
        /// that a package limit is respected (G8 is computed for this order of work).
        var recipes: Range<Int>
        /// False when an item can be neither fetched nor assembled, or the package limit is too
        /// small for the plan: no modelled player starts such an order.
        var fillable: Bool
    }

    /// An id no order item has: what a misunderstood part makes of an assembled item.
    static let strayItem: Int32 = -1

    private(set) var items = EngineBuffer<ItemInfo>()
    /// Warehouse items per group (C3), by the round's group number.
    private(set) var groupSizes = EngineBuffer<Int32>()
    private(set) var orders = EngineBuffer<OrderPlan>()
    private(set) var orderItems = EngineBuffer<Int32>()
    private(set) var recipes = EngineBuffer<Recipe>()
    private(set) var fetches = EngineBuffer<Fetch>()
    /// Per player, its orders: players' orders are stored one player after the other.
    private(set) var ordersOfPlayer = EngineBuffer<Range<Int>>()
    /// G8: the most items a package may hold this round, or nil.
    private(set) var packageLimit: Int?

    // Scratch numbering, sized for the design; entries set this round are listed to be reset.
    private var idOfAtomic: EngineBuffer<Int32>
    private var touchedAtomic = EngineBuffer<Int>()
    private var groupOfDesignGroup: EngineBuffer<Int32>
    private var touchedGroups = EngineBuffer<Int>()
    /// The id of each of the round's assembled items (by ``ItemID/assembledIndex``), or -1.
    private var idOfAssembled = EngineBuffer<Int32>()
    /// Recipes made this round, by item id (an item recurs across orders); nil when not yet made.
    private var known = EngineBuffer<Recipe?>()
    private var knownUnfillable = EngineBuffer<Bool>()
    /// The id of each of the round's order items, by position; of its other order items, by
    /// position −1 − i (see ``RoundOrders``).
    private var idOfPosition = EngineBuffer<Int32>()
    private var idOfOtherPosition = EngineBuffer<Int32>()

    init(design: PreparedDesign) {
        idOfAtomic = EngineBuffer(repeating: -1, count: design.atomicItemCount)
        groupOfDesignGroup = EngineBuffer(repeating: -1, count: design.atomicGroupTotal)
    }

    /// Prepares `round` (of `design`, the design this value was made for).
    mutating func load(_ round: FlatRound, design: PreparedDesign) {
        clear()
        packageLimit = round.packageLimit
        let kinds = design.categoryKinds
        idOfAssembled.append(repeating: -1, count: round.items.assembledCount)
        for p in round.warehouses.indices {
            for item in round.warehouses[p] {
                let category = round.items.category(of: item)
                var group: Int32 = -1
                if let key = item.atomicKey {
                    if idOfAtomic(key) >= 0 { continue }
                    let designGroup = design.groupID(ofAtomicKey: key)
                    group = groupOfDesignGroup[designGroup]
                    if group < 0 {
                        group = Int32(groupSizes.count)
                        groupOfDesignGroup[designGroup] = group
                        touchedGroups.append(designGroup)
                        groupSizes.append(0)
                    }
                    groupSizes[Int(group)] += 1
                    numberAtomic(key)
                } else {
                    if id(of: item) >= 0 { continue }
                    numberAssembled(item)
                }
                items.append(ItemInfo(holder: p, kind: kinds[category], group: group))
            }
        }
        // An order's items are positions in the round's order items (or its other ones): each
        // is numbered once here, not once per order that holds it.
        for item in round.orderItems {
            let id = id(of: item)
            if id >= 0 {
                idOfPosition.append(id)
                continue
            }
            if let key = item.atomicKey { numberAtomic(key) } else { numberAssembled(item) }
            idOfPosition.append(Int32(items.count))
            items.append(ItemInfo(holder: -1, kind: kinds[round.items.category(of: item)], group: -1))
        }
        for item in round.otherOrderItems {
            let id = id(of: item)
            idOfOtherPosition.append(id >= 0 ? id : Self.strayItem)
        }

        known.append(repeating: nil, count: items.count)
        knownUnfillable.append(repeating: false, count: items.count)
        for p in round.orders.ordersOfPlayer.indices {
            let first = orders.count
            for i in round.orders.ordersOfPlayer[p] { addOrder(i, of: round, player: p, design: design) }
            ordersOfPlayer.append(first..<orders.count)
        }
    }

    /// Empties it for the next round, every buffer with storage of its own (``EngineBuffer``).
    private mutating func clear() {
        idOfAtomic.makeUnique()
        groupOfDesignGroup.makeUnique()
        for key in touchedAtomic { idOfAtomic[key] = -1 }
        for g in touchedGroups { groupOfDesignGroup[g] = -1 }
        touchedAtomic.startOver()
        touchedGroups.startOver()
        idOfAssembled.startOver()
        items.startOver()
        groupSizes.startOver()
        orders.startOver()
        orderItems.startOver()
        recipes.startOver()
        fetches.startOver()
        ordersOfPlayer.startOver()
        known.startOver()
        knownUnfillable.startOver()
        idOfPosition.startOver()
        idOfOtherPosition.startOver()
    }

    /// Items of `item`'s group in the round's warehouses, itself included (1 when alone).
    @inline(__always)
    func groupSize(of item: Int32) -> Int {
        let g = items[Int(item)].group
        return g < 0 ? 1 : Int(groupSizes[Int(g)])
    }

    /// The round's id of the atomic item with design key `key`, or -1. Checked in every build: a
    /// round made by hand can hold an item the design does not have, and the buffer is not.
    @inline(__always)
    private func idOfAtomic(_ key: Int) -> Int32 {
        precondition(key >= 0 && key < idOfAtomic.count, "an atomic item outside the design (key \(key))")
        return idOfAtomic[key]
    }

    /// The round's id of `item`, or -1 when it is not numbered yet.
    @inline(__always)
    private func id(of item: ItemID) -> Int32 {
        if let key = item.atomicKey { return idOfAtomic(key) }
        return idOfAssembled[item.assembledIndex!]
    }

    /// Numbers the atomic item with design key `key` with the next id (`items.count`).
    private mutating func numberAtomic(_ key: Int) {
        idOfAtomic[key] = Int32(items.count)
        touchedAtomic.append(key)
    }

    /// Numbers an assembled item with the next id (`items.count`).
    private mutating func numberAssembled(_ item: ItemID) {
        idOfAssembled[item.assembledIndex!] = Int32(items.count)
    }

    private mutating func addOrder(_ order: Int, of round: FlatRound, player: Int, design: PreparedDesign) {
        let itemStart = orderItems.count
        let recipeStart = recipes.count
        var fillable = true
        let entry = round.orders.entries[order]
        for k in entry.items {
            let position = round.orders.positions[k]
            let id = position >= 0 ? idOfPosition[Int(position)] : idOfOtherPosition[Int(-1 - position)]
            orderItems.append(id)
            if let recipe = recipe(forItemAt: position, of: round, id: id, design: design) { recipes.append(recipe) } else { fillable = false }
        }
        // Orders hold a few items: insertion sorts, in place.
        orderItems.insertionSort(from: itemStart) { $0 < $1 }
        // Builds first, largest first; then items fetched whole.
        recipes.insertionSort(from: recipeStart) { a, b in
            if (a.assembles > 0) != (b.assembles > 0) { return a.assembles > 0 }
            return a.fetches.count > b.fetches.count
        }
        if let limit = packageLimit {
            // Items finished so far plus the parts of the one being gathered must fit (G8).
            var peak = entry.items.count
            for i in recipeStart..<recipes.count where recipes[i].assembles > 0 {
                peak = max(peak, i - recipeStart + recipes[i].fetches.count)
            }
            if peak > limit { fillable = false }
        }
        orders.append(OrderPlan(
            player: player, house: entry.house, items: itemStart..<orderItems.count, timeLimit: entry.timeLimit,
            recipes: recipeStart..<recipes.count, fillable: fillable))
    }

    /// The recipe of the order item at `position` (numbered `id`), made once per round.
    private mutating func recipe(forItemAt position: Int32, of round: FlatRound, id: Int32, design: PreparedDesign) -> Recipe? {
        guard id >= 0 else { return nil }
        if let made = known[Int(id)] { return made }
        if knownUnfillable[Int(id)] { return nil }
        let made = makeRecipe(for: round.orderItemID(at: position), of: round.items, id: id, design: design)
        if let made { known[Int(id)] = made } else { knownUnfillable[Int(id)] = true }
        return made
    }

    /// Fetch the item if someone holds it; otherwise assemble it from its parts (P4). Nil when
    /// an atomic item nobody holds is needed.
    private mutating func makeRecipe(for item: ItemID, of roundItems: RoundItems, id: Int32, design: PreparedDesign) -> Recipe? {
        let start = fetches.count
        if items[Int(id)].holder >= 0 {
            fetches.append(Fetch(item: id, holder: items[Int(id)].holder))
            return Recipe(item: id, fetches: start..<fetches.count, assembles: 0)
        }
        guard !item.isAtomic else { return nil }
        let category = roundItems.category(of: item)
        let leaves = roundItems.leaves(of: item)
        let assembles: Int
        if !design.hasInventoryAssembledPart(category) {
            // Every part is built from atomic leaves: fetch the leaves, assemble every level.
            for i in 0..<leaves.count {
                let leaf = idOfAtomic(design.leafKey(category: category, leaf: i, index: leaves[leaves.startIndex + i]))
                guard leaf >= 0, items[Int(leaf)].holder >= 0 else {
                    fetches.removeSubrange(start...)
                    return nil
                }
                fetches.append(Fetch(item: leaf, holder: items[Int(leaf)].holder))
            }
            assembles = design.assembleCount(of: category)
        } else {
            guard let count = gather(category: category, leaves: leaves, of: roundItems, design: design) else {
                fetches.removeSubrange(start...)
                return nil
            }
            assembles = count
        }
        return Recipe(item: id, fetches: start..<fetches.count, assembles: assembles)
    }

    /// The general case: a part someone holds whole is fetched, any other is built. Returns the
    /// Assemble actions. The item (and each part, recursively) is its category and its leaves,
    /// a slice of the order item's: walking the parts makes none of them.
    private mutating func gather(category: Int, leaves: ArraySlice<UInt32>, of roundItems: RoundItems, design: PreparedDesign) -> Int? {
        let atomic = design.isAtomic(category: category)
        let id = atomic
            ? idOfAtomic(design.atomicKey(category: category, index: Int(leaves.first ?? 0)))
            : roundItems.id(ofAssembled: category, leaves: leaves).map(id(of:)) ?? -1
        if id >= 0, items[Int(id)].holder >= 0 {
            fetches.append(Fetch(item: id, holder: items[Int(id)].holder))
            return 0
        }
        guard !atomic else { return nil }
        var assembles = 1
        for k in 0..<design.partCount(ofCategory: category) {
            let part = design.part(k, ofCategory: category)
            let start = leaves.startIndex + part.leaves.lowerBound
            guard let sub = gather(
                category: part.category, leaves: leaves[start..<(start + part.leaves.count)], of: roundItems, design: design)
            else {
                return nil
            }
            assembles += sub
        }
        return assembles
    }
}
