import Randomness
import Relentless

/// G8: whether this round limits the items a package may hold, and to how many.
public protocol PackageLimitDecider: GenerationCommand {
    /// `orders` are every player's, dealt (G6, G7); their positions are in `orderItems`, ids of
    /// `items`, the round's items.
    func packageLimit(
        orders: RoundOrders, orderItems: [ItemID], _ context: RoundContext, items: RoundItems, using random: inout RandomSource
    ) -> Int?
}

extension PackageLimitDecider {
    /// The limit for `players`' orders, given as values.
    public func packageLimit(players: [PlayerRound], _ context: RoundContext, using random: inout RandomSource) -> Int? {
        let (orders, orderItems) = RoundOrders.ofOnePlayer(players.flatMap { $0.houses.flatMap(\.orders) })
        var items = RoundItems(design: context.design)
        let ids = orderItems.map { items.intern($0) }
        return packageLimit(orders: orders, orderItems: ids, context, items: items, using: &random)
    }
}

/// G8 as the rules say: with probability probOfHavingPackageLimit, every package holds at most
/// L = max(number of orders, max over orders of their need), where an order's need is
/// items − 1 + the atomic parts of its largest assembled item, or its items when it has no
/// assembled item. "Number of orders" is read as all orders of the round (every player's).
public struct FormulaPackageLimitDecider: PackageLimitDecider {
    public init() {}
    public var name: String { "formula" }
    public var rules: String { "G8" }
    public var parametersRead: [ParameterKey] { [.probOfHavingPackageLimit] }

    /// G8: one chance draw, then the formula.
    public func packageLimit(
        orders: RoundOrders, orderItems: [ItemID], _ context: RoundContext, items: RoundItems, using random: inout RandomSource
    ) -> Int? {
        guard random.chance(context.parameters.probOfHavingPackageLimit) else { return nil }
        var need = 0
        for i in orders.entries.indices {
            var largest = 0
            for position in orders.positions(of: i) where !orderItems[Int(position)].isAtomic {
                largest = max(largest, items.atomicPartCount(of: orderItems[Int(position)]))
            }
            need = max(need, Self.need(items: orders.entries[i].items.count, largestAssembled: largest))
        }
        return max(orders.entries.count, need)
    }

    /// G8: what one package must hold to fill `order`, assembling its largest assembled item in it.
    public static func need(of order: Order) -> Int { need(of: order.items) }

    /// G8: the need of an order of `items`.
    static func need(of items: some Collection<Item>) -> Int {
        var largest = 0
        for item in items where !item.isAtomic { largest = max(largest, item.atomicPartCount) }
        return need(items: items.count, largestAssembled: largest)
    }

    /// G8: the need of an order of `items` items whose largest assembled item has `largest`
    /// atomic parts (0 when it has none).
    static func need(items: Int, largestAssembled largest: Int) -> Int {
        largest == 0 ? items : items - 1 + largest
    }
}
