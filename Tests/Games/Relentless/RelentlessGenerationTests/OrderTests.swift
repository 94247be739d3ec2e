@testable import RelentlessGeneration
import Randomness
import Relentless
import TestSupport
import Testing

@Suite("G6 orders, and the own-item order maker (C8)")
struct OrderTests {
    func orders(
        _ maker: any OrderMaker, items: [Item], warehouses: [[Item]] = [[]], seed: UInt64 = 1, design: PreparedDesign? = nil,
        edit: (inout RoundParameters) -> Void
    ) throws -> ([Order], [GenerationNote]) {
        let d = try design ?? RoundFixtures.prepared()
        var random = RandomSource(seed: seed)
        var notes: [GenerationNote] = []
        let made = maker.makeOrders(
            player: 0, orderItems: items, warehouses: warehouses, RoundFixtures.context(d, edit: edit), using: &random, notes: &notes)
        return (made, notes)
    }

    let items = (0..<5).map { Item(category: 2, index: $0) }

    @Test("G6: k in 1...max items from the order items, time limit k × timeForEachItem, distinct orders")
    func rules() throws {
        for seed in UInt64(0)..<40 {
            let (made, notes) = try orders(UniformOrderMaker(), items: items, seed: seed) {
                $0.numOfOrdersPerPlayer = 6
                $0.maxNumOfItemsPerOrder = 3
                $0.timeForEachItem = 70
            }
            #expect(made.count == 6 && notes.isEmpty)
            for order in made {
                #expect((1...3).contains(order.items.count))
                #expect(order.baseTimeLimit == order.items.count * 70 && order.timeLimit == order.baseTimeLimit)
                #expect(order.items.allSatisfy(items.contains))
                #expect(order.items == order.items.sorted())
            }
            #expect(Set(made.map(\.items)).count == made.count, "distinct as multisets")
        }
    }

    @Test("G6: when fewer distinct orders exist than requested, fewer are made and the round notes it")
    func fewerPossible() throws {
        let (made, notes) = try orders(UniformOrderMaker(), items: [items[0]]) {
            $0.numOfOrdersPerPlayer = 3
            $0.maxNumOfItemsPerOrder = 1
        }
        #expect(made.count == 1)
        #expect(notes == [GenerationNote(rule: "G6", message: "player 1 gets 1 of 3 orders: only 1 distinct orders of 1...1 items exist over 1 order item")])
        let (none, noItems) = try orders(UniformOrderMaker(), items: []) { $0.numOfOrdersPerPlayer = 2 }
        #expect(none.isEmpty && noItems.first?.rule == "G6")
    }

    @Test("G6: distinct orders are counted exactly as multisets, saturating at the cap")
    func counting() {
        #expect(OrderDrafter.distinctOrders(items: 2, maxSize: 2, cap: 100) == 5)  // a, b, aa, ab, bb
        #expect(OrderDrafter.distinctOrders(items: 3, maxSize: 1, cap: 100) == 3)
        #expect(OrderDrafter.distinctOrders(items: 60, maxSize: 5, cap: 10) == 10)
        #expect(OrderDrafter.distinctOrders(items: Int(Int32.max), maxSize: 10_000, cap: 10_000) == 10_000)
    }

    @Test("own-item: probability 1 draws only the player's own order items, 0 only the others'")
    func ownItemExtremes() throws {
        let own = Array(items[0..<2])
        for (p, expected) in [(1.0, Set(own)), (0.0, Set(items[2...]))] {
            let (made, _) = try orders(OwnItemOrderMaker(), items: items, warehouses: [own, Array(items[2...])]) {
                $0.numOfOrdersPerPlayer = 4
                $0.maxNumOfItemsPerOrder = 2
                $0.probOfSelectingOwnItem = p
            }
            #expect(!made.isEmpty)
            #expect(Set(made.flatMap(\.items)).isSubset(of: expected), "p = \(p)")
        }
    }

    @Test("own-item: an order item is the player's own with probability probOfSelectingOwnItem (χ², df 1, α = 0.001)")
    func ownItemRate() throws {
        let own = [items[0]]
        var ownCount = 0, total = 0
        let d = try RoundFixtures.prepared()
        for seed in UInt64(0)..<1_000 {
            let (made, _) = try orders(OwnItemOrderMaker(), items: items, warehouses: [own], seed: seed, design: d) {
                $0.numOfOrdersPerPlayer = 1
                $0.maxNumOfItemsPerOrder = 5
                $0.probOfSelectingOwnItem = 0.3
            }
            for item in made.flatMap(\.items) {
                total += 1
                if item == items[0] { ownCount += 1 }
            }
        }
        let expected = 0.3 * Double(total)
        let x2 = pow2(Double(ownCount) - expected) / expected + pow2(Double(total - ownCount) - (Double(total) - expected)) / (Double(total) - expected)
        #expect(x2 < 10.828, "own \(ownCount) of \(total)")
    }

    @Test("own-item: a player holding no order item gets orders anyway, with a note")
    func ownItemFallback() throws {
        let (made, notes) = try orders(OwnItemOrderMaker(), items: items, warehouses: [[]]) { $0.numOfOrdersPerPlayer = 2 }
        #expect(made.count == 2)
        #expect(notes.contains { $0.rule == "C8" })
    }

    private func pow2(_ x: Double) -> Double { x * x }

    @Test("G6 past 16 orders: distinct as multisets; all C(5,1) + C(6,2) + C(7,3) = 55 of them when more are asked")
    func manyOrders() throws {
        for seed in UInt64(0)..<10 {
            // The own-item maker with half the items held: both of its pools, past 16 orders too.
            let (own, ownNotes) = try orders(OwnItemOrderMaker(), items: items, warehouses: [Array(items.prefix(2))], seed: seed) {
                $0.numOfOrdersPerPlayer = 30
                $0.maxNumOfItemsPerOrder = 3
                $0.probOfSelectingOwnItem = 0.5
            }
            #expect(own.count == 30 && ownNotes.isEmpty && Set(own.map(\.items)).count == 30)
            let (forty, fortyNotes) = try orders(UniformOrderMaker(), items: items, seed: seed) {
                $0.numOfOrdersPerPlayer = 40
                $0.maxNumOfItemsPerOrder = 3
            }
            #expect(forty.count == 40 && fortyNotes.isEmpty)
            #expect(Set(forty.map(\.items)).count == 40, "distinct as multisets")
            let (all, notes) = try orders(UniformOrderMaker(), items: items, seed: seed) {
                $0.numOfOrdersPerPlayer = 60
                $0.maxNumOfItemsPerOrder = 3
            }
            #expect(all.count == 55 && Set(all.map(\.items)).count == 55)
            #expect(notes.map(\.message) == ["player 1 gets 55 of 60 orders: only 55 distinct orders of 1...3 items exist over 5 order items"])
        }
    }

    @Test("G6: orders are distinct as multisets of items even when the order items repeat one (a chooser's bug, not G2's)")
    func repeatedOrderItem() throws {
        let a = items[0], b = items[1]
        for seed in UInt64(0)..<20 {
            // Over {a, a, b} the distinct multisets of 1...2 items are a, b, aa, ab, bb: five.
            let (made, _) = try orders(UniformOrderMaker(), items: [a, a, b], seed: seed) {
                $0.numOfOrdersPerPlayer = 5
                $0.maxNumOfItemsPerOrder = 2
            }
            #expect(Set(made.map(\.items)).count == made.count, "seed \(seed): \(made.map(\.items))")
            #expect(made.count == 5)
        }
    }
}
