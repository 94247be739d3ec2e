import Randomness
import Relentless

/// G7: one player's houses and which orders they place.
public protocol HouseDealer: GenerationCommand {
    /// Appends the current player's houses to `orders` and deals each of its orders
    /// (``RoundOrders/currentOrders``) to one of them with its time limit (``RoundOrders/deal(_:house:timeLimit:)``).
    /// `random` is the player's own houses stream.
    func deal(player: Int, _ context: RoundContext, using random: inout RandomSource, orders: inout RoundOrders)
}

extension HouseDealer {
    /// `orders` dealt to `player`'s houses, as values, for a caller that wants them rather than a round.
    public func deal(_ orders: [Order], player: Int, _ context: RoundContext, using random: inout RandomSource) -> [House] {
        var (dealt, items) = RoundOrders.ofOnePlayer(orders)
        deal(player: player, context, using: &random, orders: &dealt)
        dealt.endPlayer()
        return dealt.houses(ofPlayer: 0, orderItems: items, otherItems: [])
    }
}

/// G7 as the rules say: numOfHouses houses, each drawing a factor uniformly in
/// [minHouseSatisfactionFactor, maxHouseSatisfactionFactor] (in house order, before dealing);
/// orders dealt round-robin (order j to house j mod numOfHouses); every time limit becomes
/// floor(limit × factor). Houses without orders are kept: the player still has them.
public struct RoundRobinHouseDealer: HouseDealer {
    public init() {}
    public var name: String { "round-robin" }
    public var rules: String { "G7" }
    public var parametersRead: [ParameterKey] { [.numOfHouses, .minHouseSatisfactionFactor, .maxHouseSatisfactionFactor] }

    /// G7: one uniform draw per house.
    public func deal(player: Int, _ context: RoundContext, using random: inout RandomSource, orders: inout RoundOrders) {
        let count = max(context.parameters.numOfHouses, 1)
        let low = context.parameters.minHouseSatisfactionFactor
        let range = low...max(low, context.parameters.maxHouseSatisfactionFactor)
        // The factors drawn in house order onto the stack, then appended at once.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { factors in
            for h in 0..<count { factors.initializeElement(at: h, to: random.uniform(in: range)) }
            orders.appendHouses(factors: UnsafeBufferPointer(factors))
            let mine = orders.currentOrders
            for (j, order) in mine.enumerated() {
                let h = j % count
                orders.deal(order, house: h, timeLimit: Self.scaled(orders.entries[order].baseTimeLimit, by: factors[h]))
            }
        }
    }

    /// floor(limit × factor), clamped into Int's range.
    static func scaled(_ limit: Int, by factor: Double) -> Int {
        let value = (Double(limit) * factor).rounded(.down)
        guard value.isFinite else { return value > 0 ? Int.max : 0 }
        if value >= 9.2e18 { return Int.max }
        if value <= -9.2e18 { return Int.min }
        return Int(value)
    }
}
