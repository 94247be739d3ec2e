import Randomness
import Relentless

/// G6: one player's orders.
public protocol OrderMaker: GenerationCommand {
    /// The orders of `player`, with base time limits (G7 applies the house factors).
    /// `warehouses` are every player's, from G5; `random` is the player's own orders stream.
    func makeOrders(
        player: Int, orderItems: [Item], warehouses: [[Item]], _ context: RoundContext,
        using random: inout RandomSource, notes: inout [GenerationNote]
    ) -> [Order]
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
        player: Int, orderItems: [Item], warehouses: [[Item]], _ context: RoundContext,
        using random: inout RandomSource, notes: inout [GenerationNote]
    ) -> [Order] {
        var drafter = OrderDrafter(player: player, itemCount: orderItems.count, context, attemptsPerOrder: attemptsPerOrder)
        return drafter.make(using: &random, notes: &notes) { random in
            orderItems[random.uniform(below: orderItems.count)]
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

    /// G6: draws sizes and items (through `pick`) until `requested` distinct orders exist, all
    /// possible ones exist, or the attempts run out.
    mutating func make(
        using random: inout RandomSource, notes: inout [GenerationNote], pick: (inout RandomSource) -> Item
    ) -> [Order] {
        guard requested > 0 else { return [] }
        guard itemCount > 0 else {
            notes.append(GenerationNote(rule: "G6", message: "player \(player + 1) gets no orders: the round has no order items"))
            return []
        }
        let possible = Self.distinctOrders(items: itemCount, maxSize: maxItems, cap: requested)
        let target = min(requested, possible)
        var orders: [Order] = []
        orders.reserveCapacity(target)
        var seen: Set<[Item]> = target > 16 ? Set(minimumCapacity: target) : []
        var tries = 0
        while orders.count < target, tries < attempts {
            tries += 1
            let k = 1 + random.uniform(below: maxItems)
            var items: [Item] = []
            items.reserveCapacity(k)
            for _ in 0..<k { items.append(pick(&random)) }
            if k > 1 { items.sort() }
            if target > 16 {
                guard seen.insert(items).inserted else { continue }
            } else if orders.contains(where: { $0.items == items }) {
                continue
            }
            let (time, overflow) = k.multipliedReportingOverflow(by: timeForEachItem)
            orders.append(Order(items: items, baseTimeLimit: overflow ? Int.max : time))
        }
        if orders.count < requested {
            let reason = possible < requested
                ? "only \(possible) distinct orders of 1...\(maxItems) items exist over \(itemCount) order item\(itemCount == 1 ? "" : "s")"
                : "no further distinct order turned up in \(attempts) draws"
            notes.append(GenerationNote(rule: "G6", message: "player \(player + 1) gets \(orders.count) of \(requested) orders: \(reason)"))
        }
        return orders
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
