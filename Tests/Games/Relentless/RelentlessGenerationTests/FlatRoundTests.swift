@testable import RelentlessGeneration
import Relentless
import TestSupport
import Testing

@Suite("A round held flat (G6, G7) and as a tree")
struct FlatRoundTests {
    static let pipelines: [(String, Pipeline)] = [("default", .default), ("own-item", Pipeline(orders: OwnItemOrderMaker()))]

    func flat(_ pipeline: Pipeline, _ d: PreparedDesign, _ p: RoundParameters, seed: UInt64, into round: inout FlatRound) throws {
        try pipeline.makeRound(into: &round, boundsChecked: d, parameters: p, seed: seed, game: 0, round: 0)
    }

    @Test("the flat orders keep G6 and G7: houses per player, orders house by house, sorted items, floor(limit × factor)")
    func rules() throws {
        let d = try RoundFixtures.shipped()
        for (name, pipeline) in Self.pipelines {
            for players in [2, 5] {
                for difficulty in [1.0, 6, 10] {
                    let p = d.design.parameters.resolved(difficulty: difficulty, players: players)
                    for seed: UInt64 in 0..<8 {
                        var round = FlatRound()
                        try flat(pipeline, d, p, seed: seed, into: &round)
                        let orders = round.orders
                        #expect(orders.ordersOfPlayer.count == players && orders.housesOfPlayer.count == players, "\(name)")
                        for player in 0..<players {
                            #expect(orders.housesOfPlayer[player].count == p.numOfHouses, "G7 houses")
                            let mine = orders.ordersOfPlayer[player]
                            let houses = mine.map { orders.entries[$0].house }
                            #expect(houses == houses.sorted(), "house by house: \(houses)")
                            for i in mine {
                                let entry = orders.entries[i]
                                let items = orders.positions(of: i).map { round.orderItem(at: $0) }
                                #expect(orders.positions(of: i).allSatisfy { $0 >= 0 && Int($0) < round.orderItems.count }, "positions in G2's items")
                                #expect(items == items.sorted(), "a multiset, sorted")
                                #expect(entry.baseTimeLimit == items.count * p.timeForEachItem, "G6 time")
                                let factor = orders.houseFactors[orders.housesOfPlayer[player].lowerBound + entry.house]
                                #expect(entry.timeLimit == Int((Double(entry.baseTimeLimit) * factor).rounded(.down)), "G7 floor")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("a flat round reused round after round holds what a fresh one holds")
    func reuse() throws {
        let d = try RoundFixtures.shipped()
        for (name, pipeline) in Self.pipelines {
            var reused = FlatRound()
            for (seed, players, difficulty) in [(UInt64(3), 6, 10.0), (4, 2, 1), (5, 4, 7), (6, 6, 3)] {
                let p = d.design.parameters.resolved(difficulty: difficulty, players: players)
                var fresh = FlatRound()
                try flat(pipeline, d, p, seed: seed, into: &fresh)
                try flat(pipeline, d, p, seed: seed, into: &reused)
                #expect(Round(reused) == Round(fresh), "\(name), seed \(seed)")
                #expect(reused.orders.entries.count == fresh.orders.entries.count && reused.orders.positions == fresh.orders.positions)
            }
        }
    }

    @Test("tree to flat and back is the same round, generated or made by hand")
    func roundTrip() throws {
        let d = try RoundFixtures.shipped()
        let p = d.design.parameters.resolved(difficulty: 8, players: 4)
        for seed: UInt64 in 0..<10 {
            let round = try Pipeline.default.makeRound(d, parameters: p, seed: seed)
            #expect(Round(FlatRound(round, design: d)) == round, "seed \(seed)")
            #expect(FlatRound(round, design: d).otherOrderItems.isEmpty, "generation's orders hold only order items (G6)")
        }
        // By hand: an order of an item that is not among the round's order items.
        let apple = Item(category: 0, index: 0), pear = Item(category: 0, index: 1)
        let hand = Round(
            seed: 1, game: 0, round: 0, difficulty: 1, categories: [0], orderItems: [apple], inventory: [apple, pear],
            groupRepetitions: 0,
            players: [
                PlayerRound(warehouse: [apple], houses: [
                    House(factor: 1, orders: [Order(items: [pear], baseTimeLimit: 70)]),
                    House(factor: 0.5, orders: [Order(items: [apple, pear], baseTimeLimit: 140, timeLimit: 70)]),
                ]),
                PlayerRound(warehouse: [pear], houses: [House(factor: 1, orders: [])]),
            ],
            packageLimit: 3, notes: [])
        var flat = FlatRound(hand, design: d)
        #expect(flat.otherOrderItems.map(flat.item) == [pear])
        #expect(flat.orders.positions == [-1, 0, -1])
        #expect(flat.orders.entries.map(\.house) == [0, 1])
        #expect(Round(flat) == hand)
        // Made into again, it keeps nothing of the hand-made round.
        try Pipeline.default.makeRound(into: &flat, d, parameters: p, seed: 3)
        let fresh = try Pipeline.default.makeRound(d, parameters: p, seed: 3)
        #expect(flat.otherOrderItems.isEmpty && Round(flat) == fresh)
    }

    @Test("a dealer that deals out of order gets its player's orders back house by house, each house's in the order made")
    func grouping() throws {
        var orders = RoundOrders()
        orders.beginPlayer()
        for k in 0..<5 { orders.append(positions: [Int32(k)], baseTimeLimit: 10 * (k + 1)) }
        orders.appendHouse(factor: 1)
        orders.appendHouse(factor: 0.5)
        for (i, house) in [1, 0, 1, 1, 0].enumerated() { orders.deal(i, house: house, timeLimit: i) }
        orders.endPlayer()
        #expect(orders.entries.map(\.house) == [0, 0, 1, 1, 1])
        #expect(orders.entries.map(\.baseTimeLimit) == [20, 50, 10, 30, 40])
        #expect(orders.entries.map { orders.positions[$0.items] } == [[1], [4], [0], [2], [3]])
    }
}
