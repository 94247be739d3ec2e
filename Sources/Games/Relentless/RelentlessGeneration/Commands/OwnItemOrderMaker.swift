import Randomness
import Relentless

/// An alternative to G6 that gives `probOfSelectingOwnItem` an effect (C8): each item of an
/// order comes from the player's own warehouse with that probability, and from the other order
/// items otherwise. "Own" items are the order items the player's warehouse holds.
///
/// The probability is exact whenever both kinds exist; when the player holds no order item (or
/// only order items), every item is drawn from all order items, and the round gets a note.
/// Sizes, distinctness, time limits and bounds are those of ``UniformOrderMaker`` (G6).
public struct OwnItemOrderMaker: OrderMaker {
    public var attemptsPerOrder: Int

    public init(attemptsPerOrder: Int = 64) {
        self.attemptsPerOrder = attemptsPerOrder
    }

    public var name: String { "own-item" }
    public var rules: String { "G6 C8" }
    public var settings: [CommandSetting] { [CommandSetting("attemptsPerOrder", String(attemptsPerOrder))] }
    public var parametersRead: [ParameterKey] {
        [.numOfOrdersPerPlayer, .maxNumOfItemsPerOrder, .timeForEachItem, .probOfSelectingOwnItem]
    }

    /// G6 with C8's `probOfSelectingOwnItem`: one chance draw, then one uniform draw, per item.
    public func makeOrders(
        player: Int, orderItems: [ItemID], warehouses: [[ItemID]], _ context: RoundContext, items: RoundItems,
        using random: inout RandomSource, notes: inout [GenerationNote], into orders: inout RoundOrders
    ) {
        let held = warehouses.indices.contains(player) ? Set(warehouses[player]) : []
        let positions = orderItems.indices.map { Int32(truncatingIfNeeded: $0) }
        let own = positions.filter { held.contains(orderItems[Int($0)]) }
        let others = positions.filter { !held.contains(orderItems[Int($0)]) }
        let p = context.parameters.probOfSelectingOwnItem
        let mixed = !own.isEmpty && !others.isEmpty
        if !mixed, !orderItems.isEmpty, context.parameters.numOfOrdersPerPlayer > 0 {
            let holds = own.isEmpty ? "none" : "all"
            notes.append(GenerationNote(
                rule: "C8", message: "player \(player + 1) holds \(holds) of the order items, so probOfSelectingOwnItem cannot apply to its orders"))
        }
        let drafter = OrderDrafter(player: player, itemCount: orderItems.count, context, attemptsPerOrder: attemptsPerOrder)
        drafter.make(orderItems: orderItems, items: items, using: &random, notes: &notes, into: &orders) { random in
            let fromOwn = random.chance(p)
            guard mixed else { return positions[random.uniform(below: positions.count)] }
            let pool = fromOwn ? own : others
            return pool[random.uniform(below: pool.count)]
        }
    }
}
