import Generation
import Relentless

/// A generated round turned into what the engine reads: a small integer id per item, who holds
/// each (G5), the groups items are confused within (C3), and for every order what must be
/// fetched from which warehouse and how many Assemble actions it needs (P4).
///
/// Everything lives in a few flat arrays (orders, recipes and fetches refer to ranges of the
/// next), so preparing a round costs a handful of allocations whatever its size.
struct RoundSetup {
    struct ItemInfo {
        /// The player whose warehouse holds the item; -1 for an order-only assembled item.
        var holder: Int
        var kind: CategoryKind
        /// Index into `groups`; -1 when the item is alone in its group (every assembled item).
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

    var items: [ItemInfo] = []
    /// Groups of two or more warehouse items (C3), as item ids.
    var groups: [[Int32]] = []
    var orders: [OrderPlan] = []
    var orderItems: [Int32] = []
    var recipes: [Recipe] = []
    var fetches: [Fetch] = []
    /// Per player, the indices into `orders` of the player's orders.
    var ordersOfPlayer: [[Int]] = []
    /// G8: the most items a package may hold this round, or nil.
    var packageLimit: Int?

    init(round: Round, design: PreparedDesign) {
        packageLimit = round.packageLimit
        var ids = ItemIDs()
        ids.atomic.reserveCapacity(round.inventory.count + round.orderItems.count)
        items.reserveCapacity(round.inventory.count + round.orderItems.count)
        let kinds = design.categoryKinds
        var groupOf: [Int64: Int32] = [:]
        groupOf.reserveCapacity(round.inventory.count)
        for (p, player) in round.players.enumerated() {
            for item in player.warehouse where ids[item, design] == nil {
                let id = Int32(items.count)
                ids.insert(item, id, design)
                var group: Int32 = -1
                if let g = design.group(of: item) {
                    let key = Int64(item.category) << 32 | Int64(g)
                    if let known = groupOf[key] {
                        group = known
                        groups[Int(known)].append(id)
                    } else {
                        group = Int32(groups.count)
                        groupOf[key] = group
                        groups.append([id])
                    }
                }
                items.append(ItemInfo(holder: p, kind: kinds[item.category], group: group))
            }
        }
        for item in round.orderItems where ids[item, design] == nil {
            ids.insert(item, Int32(items.count), design)
            items.append(ItemInfo(holder: -1, kind: kinds[item.category], group: -1))
        }

        ordersOfPlayer = Array(repeating: [], count: round.players.count)
        var orderCount = 0
        var itemCount = 0
        for player in round.players {
            for house in player.houses {
                orderCount += house.orders.count
                for order in house.orders { itemCount += order.items.count }
            }
        }
        orders.reserveCapacity(orderCount)
        orderItems.reserveCapacity(itemCount)
        recipes.reserveCapacity(itemCount)
        fetches.reserveCapacity(itemCount * 2)
        var known = KnownRecipes(count: items.count)
        for (p, player) in round.players.enumerated() {
            for (h, house) in player.houses.enumerated() {
                for order in house.orders {
                    ordersOfPlayer[p].append(orders.count)
                    addOrder(order, player: p, house: h, ids: ids, known: &known, design: design)
                }
            }
        }
    }

    /// Items of `item`'s group in the round's warehouses, itself included (1 when alone).
    func groupSize(of item: Int32) -> Int {
        let g = items[Int(item)].group
        return g < 0 ? 1 : groups[Int(g)].count
    }

    /// Item ids: atomic items keyed by the design's dense numbering (cheap to hash), assembled
    /// ones by value.
    struct ItemIDs {
        var atomic: [Int: Int32] = [:]
        var assembled: [Item: Int32] = [:]

        subscript(item: Item, design: PreparedDesign) -> Int32? {
            if let key = design.atomicKey(of: item) { return atomic[key] }
            return assembled[item]
        }

        mutating func insert(_ item: Item, _ id: Int32, _ design: PreparedDesign) {
            if let key = design.atomicKey(of: item) { atomic[key] = id } else { assembled[item] = id }
        }
    }

    private mutating func addOrder(
        _ order: Order, player: Int, house: Int, ids: ItemIDs, known: inout KnownRecipes, design: PreparedDesign
    ) {
        let itemStart = orderItems.count
        let recipeStart = recipes.count
        var fillable = true
        for item in order.items {
            let id = ids[item, design] ?? Self.strayItem
            orderItems.append(id)
            let recipe: Recipe?
            if let cached = known[id] {
                recipe = cached
            } else {
                recipe = makeRecipe(for: item, id: id, ids: ids, design: design)
                known[id] = recipe
            }
            if let recipe { recipes.append(recipe) } else { fillable = false }
        }
        // Orders hold a few items: insertion sorts, in place.
        Self.insertionSort(&orderItems, from: itemStart) { $0 < $1 }
        // Builds first, largest first; then items fetched whole.
        Self.insertionSort(&recipes, from: recipeStart) { a, b in
            if (a.assembles > 0) != (b.assembles > 0) { return a.assembles > 0 }
            return a.fetches.count > b.fetches.count
        }
        if let limit = packageLimit {
            // Items finished so far plus the parts of the one being gathered must fit (G8).
            var peak = order.items.count
            for i in recipeStart..<recipes.count where recipes[i].assembles > 0 {
                peak = max(peak, i - recipeStart + recipes[i].fetches.count)
            }
            if peak > limit { fillable = false }
        }
        orders.append(OrderPlan(
            player: player, house: house, items: itemStart..<orderItems.count, timeLimit: order.timeLimit,
            recipes: recipeStart..<recipes.count, fillable: fillable))
    }

    private static func insertionSort<T>(_ array: inout [T], from start: Int, by precedes: (T, T) -> Bool) {
        guard array.count - start > 1 else { return }
        for i in (start + 1)..<array.count {
            let x = array[i]
            var j = i
            while j > start && precedes(x, array[j - 1]) {
                array[j] = array[j - 1]
                j -= 1
            }
            array[j] = x
        }
    }

    /// Recipes already made this round, by item id (an item recurs across orders).
    struct KnownRecipes {
        private var made: [Recipe?]
        private var tried: [Bool]

        init(count: Int) {
            made = Array(repeating: nil, count: count)
            tried = Array(repeating: false, count: count)
        }

        /// Nil when not tried yet; .some(nil) when the item cannot be had.
        subscript(id: Int32) -> Recipe?? {
            get { id >= 0 && tried[Int(id)] ? .some(made[Int(id)]) : nil }
            set {
                guard id >= 0, let value = newValue else { return }
                tried[Int(id)] = true
                made[Int(id)] = value
            }
        }
    }

    /// Fetch the item if someone holds it; otherwise assemble it from its parts (P4). Nil when
    /// an atomic item nobody holds is needed.
    private mutating func makeRecipe(for item: Item, id: Int32, ids: ItemIDs, design: PreparedDesign) -> Recipe? {
        let start = fetches.count
        if id >= 0, items[Int(id)].holder >= 0 {
            fetches.append(Fetch(item: id, holder: items[Int(id)].holder))
            return Recipe(item: id, fetches: start..<fetches.count, assembles: 0)
        }
        guard !item.isAtomic else { return nil }
        let assembles: Int
        if !design.hasInventoryAssembledPart(item.category) {
            // Every part is built from atomic leaves: fetch the leaves, assemble every level.
            for key in design.leafKeys(of: item) {
                guard let leaf = ids.atomic[key], items[Int(leaf)].holder >= 0 else {
                    fetches.removeSubrange(start...)
                    return nil
                }
                fetches.append(Fetch(item: leaf, holder: items[Int(leaf)].holder))
            }
            assembles = design.assembleCount(of: item.category)
        } else {
            guard let count = gather(item, ids: ids, design: design) else {
                fetches.removeSubrange(start...)
                return nil
            }
            assembles = count
        }
        return Recipe(item: id, fetches: start..<fetches.count, assembles: assembles)
    }

    /// The general case: a part someone holds whole is fetched, any other is built. Returns the
    /// Assemble actions; depth is the item's nesting depth (C4).
    private mutating func gather(_ item: Item, ids: ItemIDs, design: PreparedDesign) -> Int? {
        if let id = ids[item, design], items[Int(id)].holder >= 0 {
            fetches.append(Fetch(item: id, holder: items[Int(id)].holder))
            return 0
        }
        guard !item.isAtomic else { return nil }
        var assembles = 1
        for part in design.parts(of: item) {
            guard let sub = gather(part, ids: ids, design: design) else { return nil }
            assembles += sub
        }
        return assembles
    }
}
