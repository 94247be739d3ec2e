import Randomness
import Relentless

/// G7: one player's houses and which orders they place.
public protocol HouseDealer: GenerationCommand {
    /// `random` is the player's own houses stream.
    func deal(_ orders: [Order], player: Int, _ context: RoundContext, using random: inout RandomSource) -> [House]
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
    public func deal(_ orders: [Order], player: Int, _ context: RoundContext, using random: inout RandomSource) -> [House] {
        let count = max(context.parameters.numOfHouses, 1)
        let low = context.parameters.minHouseSatisfactionFactor
        let range = low...max(low, context.parameters.maxHouseSatisfactionFactor)
        var houses: [House] = []
        houses.reserveCapacity(count)
        let perHouse = (orders.count + count - 1) / count
        for _ in 0..<count {
            var orders: [Order] = []
            orders.reserveCapacity(perHouse)
            houses.append(House(factor: random.uniform(in: range), orders: orders))
        }
        for (j, order) in orders.enumerated() {
            let h = j % count
            var dealt = order
            dealt.timeLimit = Self.scaled(order.baseTimeLimit, by: houses[h].factor)
            houses[h].orders.append(dealt)
        }
        return houses
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
