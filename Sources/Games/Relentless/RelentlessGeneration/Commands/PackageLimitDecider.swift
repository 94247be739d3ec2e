import Randomness
import Relentless

/// G8: whether this round limits the items a package may hold, and to how many.
public protocol PackageLimitDecider: GenerationCommand {
    func packageLimit(players: [PlayerRound], _ context: RoundContext, using random: inout RandomSource) -> Int?
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
    public func packageLimit(players: [PlayerRound], _ context: RoundContext, using random: inout RandomSource) -> Int? {
        guard random.chance(context.parameters.probOfHavingPackageLimit) else { return nil }
        var orders = 0
        var need = 0
        for player in players {
            for house in player.houses {
                orders += house.orders.count
                for order in house.orders { need = max(need, Self.need(of: order)) }
            }
        }
        return max(orders, need)
    }

    /// G8: what one package must hold to fill `order`, assembling its largest assembled item in it.
    public static func need(of order: Order) -> Int {
        var largest = 0
        for item in order.items where !item.isAtomic { largest = max(largest, item.atomicPartCount) }
        return largest == 0 ? order.items.count : order.items.count - 1 + largest
    }
}
