import EngineBuffers
import RelentlessGeneration
import Relentless

/// A generated round turned into what the engine reads: a small integer id per item, who holds
/// each (G5), the groups items are confused within (C3), and for every order what must be
/// fetched from which warehouse and how many Assemble actions it needs (P4).
///
/// Everything lives in flat arrays (orders, recipes and fetches refer to ranges of the next), and
/// one value is reused round after round (``load(_:design:)`` keeps every array's capacity), so
/// preparing a round allocates next to nothing. Items are numbered through arrays the size of
/// the design's atomic items, not dictionaries: reset after each round by the entries touched.
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
    private var idOfAssembled = ItemNumbering()
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
        // Items are read where they are, by index, and an atomic item by its fields alone: a
        // copy of an item retains and releases its leaves.
        for p in round.warehouses.indices {
            for i in round.warehouses[p].indices {
                let category = round.warehouses[p][i].category
                var group: Int32 = -1
                if let index = round.warehouses[p][i].index {
                    let key = design.atomicKey(category: category, index: index)
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
                    let item = round.warehouses[p][i]
                    if idOfAssembled[item] != nil { continue }
                    numberAssembled(item)
                }
                items.append(ItemInfo(holder: p, kind: kinds[category], group: group))
            }
        }
        // An order's items are positions in the round's order items (or its other ones): each
        // is numbered once here, not once per order that holds it.
        for i in round.orderItems.indices {
            let category = round.orderItems[i].category
            let id: Int32
            if let index = round.orderItems[i].index {
                let key = design.atomicKey(category: category, index: index)
                id = idOfAtomic(key)
                if id < 0 { numberAtomic(key) }
            } else {
                let item = round.orderItems[i]
                id = idOfAssembled[item] ?? -1
                if id < 0 { numberAssembled(item) }
            }
            if id >= 0 {
                idOfPosition.append(id)
            } else {
                idOfPosition.append(Int32(items.count))
                items.append(ItemInfo(holder: -1, kind: kinds[category], group: -1))
            }
        }
        for i in round.otherOrderItems.indices {
            idOfOtherPosition.append(id(of: round.otherOrderItems[i], design) ?? Self.strayItem)
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
        idOfAssembled.removeAll()
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

    private func id(of item: Item, _ design: PreparedDesign) -> Int32? {
        if let key = design.atomicKey(of: item) {
            let id = idOfAtomic(key)
            return id < 0 ? nil : id
        }
        return idOfAssembled[item]
    }

    /// Numbers the atomic item with design key `key` with the next id (`items.count`).
    private mutating func numberAtomic(_ key: Int) {
        idOfAtomic[key] = Int32(items.count)
        touchedAtomic.append(key)
    }

    /// Numbers an assembled item with the next id (`items.count`).
    private mutating func numberAssembled(_ item: Item) {
        idOfAssembled.insert(item, number: Int32(items.count))
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

    /// The recipe of the order item at `position` (numbered `id`), made once per round: the item
    /// itself is read only then (reading it copies it, a retain and a release of its leaves).
    private mutating func recipe(forItemAt position: Int32, of round: FlatRound, id: Int32, design: PreparedDesign) -> Recipe? {
        guard id >= 0 else { return nil }
        if let made = known[Int(id)] { return made }
        if knownUnfillable[Int(id)] { return nil }
        let made = makeRecipe(for: round.orderItem(at: position), id: id, design: design)
        if let made { known[Int(id)] = made } else { knownUnfillable[Int(id)] = true }
        return made
    }

    /// Fetch the item if someone holds it; otherwise assemble it from its parts (P4). Nil when
    /// an atomic item nobody holds is needed.
    private mutating func makeRecipe(for item: Item, id: Int32, design: PreparedDesign) -> Recipe? {
        let start = fetches.count
        if items[Int(id)].holder >= 0 {
            fetches.append(Fetch(item: id, holder: items[Int(id)].holder))
            return Recipe(item: id, fetches: start..<fetches.count, assembles: 0)
        }
        guard !item.isAtomic else { return nil }
        let assembles: Int
        if !design.hasInventoryAssembledPart(item.category) {
            // Every part is built from atomic leaves: fetch the leaves, assemble every level.
            for i in 0..<item.atomicPartCount {
                let leaf = idOfAtomic(design.leafKey(of: item, leaf: i))
                guard leaf >= 0, items[Int(leaf)].holder >= 0 else {
                    fetches.removeSubrange(start...)
                    return nil
                }
                fetches.append(Fetch(item: leaf, holder: items[Int(leaf)].holder))
            }
            assembles = design.assembleCount(of: item.category)
        } else {
            guard let count = gather(category: item.category, leaves: item.leafIndices, design: design) else {
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
    private mutating func gather(category: Int, leaves: ArraySlice<UInt32>, design: PreparedDesign) -> Int? {
        let atomic = design.isAtomic(category: category)
        let id = atomic
            ? idOfAtomic(design.atomicKey(category: category, index: Int(leaves.first ?? 0)))
            : idOfAssembled.number(ofAssembled: Int32(category), leaves: leaves) ?? -1
        if id >= 0, items[Int(id)].holder >= 0 {
            fetches.append(Fetch(item: id, holder: items[Int(id)].holder))
            return 0
        }
        guard !atomic else { return nil }
        var assembles = 1
        for k in 0..<design.partCount(ofCategory: category) {
            let part = design.part(k, ofCategory: category)
            let start = leaves.startIndex + part.leaves.lowerBound
            guard let sub = gather(category: part.category, leaves: leaves[start..<(start + part.leaves.count)], design: design) else {
                return nil
            }
            assembles += sub
        }
        return assembles
    }
}
