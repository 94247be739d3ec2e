import Randomness
import Relentless

/// G5: which player's warehouse holds each inventory item.
public protocol ItemAllocator: GenerationCommand {
    /// One warehouse per player (`context.players`), together holding every item exactly once.
    /// The items are ids of `items`, the round's items.
    func allocate(_ inventory: [ItemID], _ context: RoundContext, items: RoundItems, using random: inout RandomSource) -> [[ItemID]]

    /// The same warehouses, written over `warehouses` (the last round's, whose storage may be
    /// reused). By default, ``allocate(_:_:items:using:)``'s result.
    func allocate(
        _ inventory: [ItemID], _ context: RoundContext, items: RoundItems, using random: inout RandomSource,
        into warehouses: inout [[ItemID]])
}

extension ItemAllocator {
    public func allocate(
        _ inventory: [ItemID], _ context: RoundContext, items: RoundItems, using random: inout RandomSource,
        into warehouses: inout [[ItemID]]
    ) {
        warehouses = allocate(inventory, context, items: items, using: &random)
    }
}

/// G5 as the rules say: shuffle; each player gets floor(n / players) distinct items, and the
/// remainder (n mod players items) go one by one to random players, each drawn independently and
/// uniformly, as the original's `ItemsAllocator.allocateToRandomPlayer` did. So one player may
/// get two or more of the remainder: with 3 players and 2 left over, one player gets both with
/// probability 1/3, and a warehouse can hold floor(n / p) + 2 items while another holds
/// floor(n / p). (``EvenCategoryItemAllocator`` keeps every warehouse within one item.)
public struct ShuffleItemAllocator: ItemAllocator {
    public init() {}
    public var name: String { "shuffle" }
    public var rules: String { "G5" }
    public var parametersRead: [ParameterKey] { [] }

    /// G5: a Fisher–Yates shuffle, consecutive slices, then one independent uniform player per
    /// remaining item (in the shuffled order).
    public func allocate(_ inventory: [ItemID], _ context: RoundContext, items: RoundItems, using random: inout RandomSource) -> [[ItemID]] {
        var warehouses: [[ItemID]] = []
        allocate(inventory, context, items: items, using: &random, into: &warehouses)
        return warehouses
    }

    /// Each warehouse's storage is kept from the last round (a simulator's rounds reuse them).
    public func allocate(
        _ inventory: [ItemID], _ context: RoundContext, items: RoundItems, using random: inout RandomSource,
        into warehouses: inout [[ItemID]]
    ) {
        let players = max(context.players, 1)
        var order = inventory
        random.shuffle(&order)
        let share = order.count / players
        if warehouses.count > players { warehouses.removeLast(warehouses.count - players) }
        while warehouses.count < players { warehouses.append([]) }
        for p in 0..<players {
            warehouses[p].removeAll(keepingCapacity: true)
            warehouses[p].append(contentsOf: order[(p * share)..<((p + 1) * share)])
        }
        for position in (share * players)..<order.count {
            warehouses[random.uniform(below: players)].append(order[position])
        }
    }
}

/// An alternative to G5 that spreads every category evenly: the items of each category are
/// shuffled, the categories put in random order, and the resulting list dealt round-robin from a
/// random permutation of the players. Each player then holds floor(n / p) or one more items in
/// all (G5's shares, but the remainder on distinct players, not independent ones), and also
/// floor(c / p) or one more of every category of c items, so no player holds all of a category
/// whose items are meant to be confused with each other.
public struct EvenCategoryItemAllocator: ItemAllocator {
    public init() {}
    public var name: String { "even-categories" }
    public var rules: String { "G5" }
    public var parametersRead: [ParameterKey] { [] }

    /// G5, spreading categories: one shuffle per category, one of the category order, one of the players.
    public func allocate(_ inventory: [ItemID], _ context: RoundContext, items: RoundItems, using random: inout RandomSource) -> [[ItemID]] {
        let players = max(context.players, 1)
        // Buckets by category, in order of first appearance (the inventory's order is fixed by the seed).
        var categories: [Int] = []
        var buckets: [[ItemID]] = []
        for item in inventory {
            let category = items.category(of: item)
            if let b = categories.firstIndex(of: category) {
                buckets[b].append(item)
            } else {
                categories.append(category)
                buckets.append([item])
            }
        }
        for b in buckets.indices { random.shuffle(&buckets[b]) }
        random.shuffle(&buckets)
        var order = Array(0..<players)
        random.shuffle(&order)
        var warehouses = [[ItemID]](repeating: [], count: players)
        for p in warehouses.indices { warehouses[p].reserveCapacity(inventory.count / players + 1) }
        var j = 0
        for bucket in buckets {
            for item in bucket {
                warehouses[order[j % players]].append(item)
                j += 1
            }
        }
        return warehouses
    }
}
