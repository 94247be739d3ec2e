@testable import RelentlessGeneration
import Randomness
import Relentless
import TestSupport
import Testing

@Suite("G7 houses and G8 package limits")
struct HouseAndLimitTests {
    func order(_ items: [Item], base: Int = 100) -> Order { Order(items: items.sorted(), baseTimeLimit: base) }

    @Test("G7: orders dealt round-robin, factors in range, limits floor(limit × factor); empty houses kept")
    func dealing() throws {
        let d = try RoundFixtures.prepared()
        let orders = (0..<7).map { order([Item(category: 0, index: $0 % 3)], base: 70 * ($0 + 1)) }
        for seed in UInt64(0)..<30 {
            var random = RandomSource(seed: seed)
            let context = RoundFixtures.context(d) { $0.numOfHouses = 3; $0.minHouseSatisfactionFactor = 0.5; $0.maxHouseSatisfactionFactor = 1 }
            let houses = RoundRobinHouseDealer().deal(orders, player: 0, context, using: &random)
            #expect(houses.count == 3)
            #expect(houses.map { $0.orders.map(\.baseTimeLimit) } == [[70, 280, 490], [140, 350], [210, 420]])
            for house in houses {
                #expect(house.factor >= 0.5 && house.factor <= 1)
                for o in house.orders { #expect(o.timeLimit == Int((Double(o.baseTimeLimit) * house.factor).rounded(.down))) }
            }
            var again = RandomSource(seed: seed)
            let five = RoundRobinHouseDealer().deal(Array(orders.prefix(2)), player: 0, RoundFixtures.context(d) { $0.numOfHouses = 5 }, using: &again)
            #expect(five.count == 5 && five.map(\.orders.count) == [1, 1, 0, 0, 0])
        }
        #expect(RoundRobinHouseDealer.scaled(140, by: 0.5) == 70)
        #expect(RoundRobinHouseDealer.scaled(70, by: 0.99) == 69)
        #expect(RoundRobinHouseDealer.scaled(Int.max, by: 4) == Int.max)
    }

    @Test("G8: an order needs its items, or items − 1 + the atomic parts of its largest assembled item")
    func need() throws {
        let d = try RoundFixtures.prepared()
        let fruit = try RoundFixtures.index(d, "Fruit"), wheel = try RoundFixtures.index(d, "Wheel"), siren = try RoundFixtures.index(d, "Siren")
        let apple = Item(category: fruit, index: 0), round = Item(category: wheel, index: 0)
        let car = try #require(d.assemble(category: try RoundFixtures.index(d, "Car"), parts: [apple, round, round]))
        let police = try #require(d.assemble(category: try RoundFixtures.index(d, "Police Car"), parts: [car, Item(category: siren, index: 0)]))
        #expect(FormulaPackageLimitDecider.need(of: order([apple, apple])) == 2)
        #expect(FormulaPackageLimitDecider.need(of: order([police])) == 4)
        #expect(FormulaPackageLimitDecider.need(of: order([car, police, apple])) == 6)
    }

    @Test("G8: L = max(orders in the round, largest need) when the round is limited; nil when not")
    func limit() throws {
        let d = try RoundFixtures.prepared()
        let fruit = try RoundFixtures.index(d, "Fruit"), wheel = try RoundFixtures.index(d, "Wheel")
        let apple = Item(category: fruit, index: 0), round = Item(category: wheel, index: 0)
        let car = try #require(d.assemble(category: try RoundFixtures.index(d, "Car"), parts: [apple, round, round]))
        let players = [
            PlayerRound(warehouse: [], houses: [House(factor: 1, orders: [order([apple, car, car])])]),  // 3 − 1 + 3 = 5
            PlayerRound(warehouse: [], houses: [House(factor: 1, orders: [order([apple])]), House(factor: 1, orders: [order([round])])]),
        ]
        var random = RandomSource(seed: 1)
        let always = RoundFixtures.context(d) { $0.probOfHavingPackageLimit = 1 }
        #expect(FormulaPackageLimitDecider().packageLimit(players: players, always, using: &random) == 5)
        let many = [PlayerRound(warehouse: [], houses: [House(factor: 1, orders: (0..<7).map { _ in order([apple]) })])]
        #expect(FormulaPackageLimitDecider().packageLimit(players: many, always, using: &random) == 7)
        let never = RoundFixtures.context(d) { $0.probOfHavingPackageLimit = 0 }
        for _ in 0..<100 { #expect(FormulaPackageLimitDecider().packageLimit(players: players, never, using: &random) == nil) }
    }
}
