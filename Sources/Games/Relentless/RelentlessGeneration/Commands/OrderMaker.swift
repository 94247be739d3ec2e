import Randomness
import Relentless

/// G6: one player's orders.
public protocol OrderMaker: GenerationCommand {
    /// Appends the orders of `player` to `orders` (the player begun there), with base time
    /// limits (G7 applies the house factors); an order's items are positions in `orderItems`,
    /// sorted in item order (``RoundItems/precedes(_:_:)``). `warehouses` are every player's,
    /// from G5; the ids are of `items`, the round's items; `random` is the player's own orders stream.
    func makeOrders(
        player: Int, orderItems: [ItemID], warehouses: [[ItemID]], _ context: RoundContext, items: RoundItems,
        using random: inout RandomSource, notes: inout [GenerationNote], into orders: inout RoundOrders)
}

extension OrderMaker {
    /// The orders of `player` as values, for a caller that wants them rather than a round.
    public func makeOrders(
        player: Int, orderItems: [Item], warehouses: [[Item]], _ context: RoundContext,
        using random: inout RandomSource, notes: inout [GenerationNote]
    ) -> [Order] {
        var items = RoundItems(design: context.design)
        let orderIDs = orderItems.map { items.intern($0) }
        let warehouseIDs = warehouses.map { $0.map { items.intern($0) } }
        var orders = RoundOrders()
        orders.beginPlayer()
        makeOrders(
            player: player, orderItems: orderIDs, warehouses: warehouseIDs, context, items: items, using: &random, notes: &notes,
            into: &orders)
        return orders.entries.indices.map { orders.order($0, orderItems: orderItems, otherItems: []) }
    }
}

/// G6 as the rules say: numOfOrdersPerPlayer distinct orders (as multisets); an order has k items,
/// k uniform in 1...maxNumOfItemsPerOrder, each drawn uniformly with replacement from the order
/// items; its time limit is k × timeForEachItem.
///
/// Bounded: when fewer distinct orders exist than requested (counted exactly), fewer are made;
/// and at most `attemptsPerOrder` draws per requested order are made in all. Either way the
/// round gets a note.
public struct UniformOrderMaker: OrderMaker {
    public var attemptsPerOrder: Int

    public init(attemptsPerOrder: Int = 64) {
        self.attemptsPerOrder = attemptsPerOrder
    }

    public var name: String { "uniform" }
    public var rules: String { "G6" }
    public var settings: [CommandSetting] { [CommandSetting("attemptsPerOrder", String(attemptsPerOrder))] }
    public var parametersRead: [ParameterKey] { [.numOfOrdersPerPlayer, .maxNumOfItemsPerOrder, .timeForEachItem] }

    /// G6: every item uniform over the order items.
    public func makeOrders(
        player: Int, orderItems: [ItemID], warehouses: [[ItemID]], _ context: RoundContext, items: RoundItems,
        using random: inout RandomSource, notes: inout [GenerationNote], into orders: inout RoundOrders
    ) {
        let drafter = OrderDrafter(player: player, itemCount: orderItems.count, context, attemptsPerOrder: attemptsPerOrder)
        drafter.make(orderItems: orderItems, items: items, using: &random, notes: &notes, into: &orders) { random in
            Int32(truncatingIfNeeded: random.uniform(below: orderItems.count))
        }
    }
}

/// The part of G6 every order maker shares: sizes, distinctness, time limits, bounds.
struct OrderDrafter {
    let player: Int
    let itemCount: Int
    let requested: Int
    let maxItems: Int
    let timeForEachItem: Int
    let attempts: Int

    init(player: Int, itemCount: Int, _ context: RoundContext, attemptsPerOrder: Int) {
        self.player = player
        self.itemCount = itemCount
        requested = max(context.parameters.numOfOrdersPerPlayer, 0)
        maxItems = max(context.parameters.maxNumOfItemsPerOrder, 1)
        timeForEachItem = context.parameters.timeForEachItem
        let (product, overflow) = max(attemptsPerOrder, 1).multipliedReportingOverflow(by: requested)
        attempts = overflow ? Int.max : product
    }

    /// G6: draws sizes and items (through `pick`, a position in `orderItems`) until `requested`
    /// distinct orders exist, all possible ones exist, or the attempts run out. Each draft is
    /// written where its order will be, and dropped again if it repeats an earlier order.
    func make(
        orderItems: [ItemID], items: RoundItems, using random: inout RandomSource, notes: inout [GenerationNote],
        into orders: inout RoundOrders, pick: (inout RandomSource) -> Int32
    ) {
        guard requested > 0 else { return }
        guard itemCount > 0 else {
            notes.append(GenerationNote(rule: "G6", message: "player \(player + 1) gets no orders: the round has no order items"))
            return
        }
        let possible = Self.distinctOrders(items: itemCount, maxSize: maxItems, cap: requested)
        let target = min(requested, possible)
        let first = orders.entries.count
        var made = 0
        // Interned ids are equal exactly when the items are (C3), so orders compare as lists of ids.
        var seen: Set<[ItemID]> = target > 16 ? Set(minimumCapacity: target) : []
        var tries = 0
        while made < target, tries < attempts {
            tries += 1
            let k = 1 + random.uniform(below: maxItems)
            for _ in 0..<k { orders.appendPosition(pick(&random)) }
            if k > 1 { orders.sortLastPositions(k) { items.precedes(orderItems[Int($0)], orderItems[Int($1)]) } }
            let draft = (orders.positions.count - k)..<orders.positions.count
            let repeated: Bool
            if target > 16 {
                repeated = !seen.insert(orders.positions[draft].map { orderItems[Int($0)] }).inserted
            } else {
                repeated = (first..<orders.entries.count).contains { sameItems(orders.entries[$0].items, draft, orders, orderItems) }
            }
            if repeated {
                orders.dropPositions(k)
                continue
            }
            let (time, overflow) = k.multipliedReportingOverflow(by: timeForEachItem)
            orders.appendOrder(ofLast: k, baseTimeLimit: overflow ? Int.max : time)
            made += 1
        }
        if made < requested {
            let reason = possible < requested
                ? "only \(possible) distinct orders of 1...\(maxItems) items exist over \(itemCount) order item\(itemCount == 1 ? "" : "s")"
                : "no further distinct order turned up in \(attempts) draws"
            notes.append(GenerationNote(rule: "G6", message: "player \(player + 1) gets \(made) of \(requested) orders: \(reason)"))
        }
    }

    /// Whether two runs of positions hold the same items (as multisets: both are sorted).
    private func sameItems(_ a: Range<Int>, _ b: Range<Int>, _ orders: RoundOrders, _ orderItems: [ItemID]) -> Bool {
        guard a.count == b.count else { return false }
        var j = b.lowerBound
        for i in a {
            let x = orders.positions[i], y = orders.positions[j]
            if x != y, orderItems[Int(x)] != orderItems[Int(y)] { return false }
            j += 1
        }
        return true
    }

    /// Multisets of 1...maxSize items over `items` kinds, Σ C(items + k − 1, k), or `cap` if that
    /// is at least `cap` (only "enough or not" matters).
    static func distinctOrders(items: Int, maxSize: Int, cap: Int) -> Int {
        var total = 0
        var c = 1  // C(items + k − 1, k) for k = 0
        for k in 1...max(maxSize, 1) {
            let (product, overflow) = c.multipliedReportingOverflow(by: items + k - 1)
            if overflow { return cap }
            c = product / k
            total += c
            if total >= cap { return cap }
        }
        return total
    }
}
