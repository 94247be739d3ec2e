@testable import RelentlessGeneration
import Randomness
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

    /// G1-G3 by their returning forms only: the pipeline reaches them through the protocols'
    /// default `into:` forms.
    struct ReturningCategories: CategoryChooser {
        var name: String { "returning" }
        var rules: String { "G1" }
        var parametersRead: [ParameterKey] { [] }
        func chooseCategories(_ context: RoundContext, using random: inout RandomSource) throws(GenerationError) -> [Int] {
            try UniformCategoryChooser().chooseCategories(context, using: &random)
        }
    }

    struct ReturningGroups: GroupChooser {
        var name: String { "returning" }
        var rules: String { "G2" }
        var parametersRead: [ParameterKey] { [] }
        func chooseOrderItems(
            categories: [Int], _ context: RoundContext, items: inout RoundItems, using random: inout RandomSource,
            notes: inout [GenerationNote]
        ) -> [ItemID] {
            UniformGroupChooser().chooseOrderItems(categories: categories, context, items: &items, using: &random, notes: &notes)
        }
    }

    struct ReturningInventory: InventoryDeriver {
        var name: String { "returning" }
        var rules: String { "G3 G4" }
        var parametersRead: [ParameterKey] { [] }
        func deriveInventory(
            categories: [Int], orderItems: [ItemID], groups: any GroupChooser, _ context: RoundContext, items: inout RoundItems,
            using random: inout RandomSource, notes: inout [GenerationNote]
        ) throws(GenerationError) -> Stock {
            try TakeApartInventoryDeriver().deriveInventory(
                categories: categories, orderItems: orderItems, groups: groups, context, items: &items, using: &random, notes: &notes)
        }
    }

    @Test("G1-G4 write into a reused round's storage: after rounds that repeat G2 or fail in G4, it holds what a fresh round holds, G3's marks are clear, and the returning forms make the same rounds")
    func reuseThroughG4() throws {
        // With 6 players only Police Car stocks enough (InventoryTests.wholeRounds): G4 repeats G2
        // or fails before repeating; a G2 stuck on one item fails after repeating, and when that
        // item is an order item only (never stocked), only G4 marked it.
        let d = try RoundFixtures.prepared()
        let orderOnly = try RoundFixtures.prepared(catalogue: DesignFixtures.orderOnlyBookCatalogue)
        func stuck(on design: PreparedDesign) throws -> Pipeline {
            let title = Item(category: try RoundFixtures.index(design, "Book"), index: 0)
            return Pipeline(groups: InventoryTests.StuckGroupChooser(item: title), inventory: TakeApartInventoryDeriver(maxRepetitions: 3))
        }
        let cases: [(String, PreparedDesign, Pipeline)] = [
            ("default", d, .default),
            ("returning forms", d, Pipeline(categories: ReturningCategories(), groups: ReturningGroups(), inventory: ReturningInventory())),
            ("stuck G2", d, try stuck(on: d)),
            ("stuck G2 on an order-only item", orderOnly, try stuck(on: orderOnly)),
            ("G3 by sets", d, Pipeline(inventory: TakeApartInventoryDeriver(bitmapItems: 0))),
        ]
        var reused = FlatRound()
        var results: [String: [Result<Round, GenerationError>]] = [:]
        var repeated = 0, short = 0, stillShort = 0, marksUsed = false
        for (name, d, pipeline) in cases {
            let parameters = d.design.parameters.resolved(difficulty: 1, players: 6)
            for round in UInt64(0)..<40 {
                let fresh = Result { () throws(GenerationError) in
                    var flat = FlatRound()
                    try pipeline.makeRound(into: &flat, d, parameters: parameters, seed: 3, round: round)
                    return Round(flat)
                }
                let again = Result { () throws(GenerationError) in
                    try pipeline.makeRound(into: &reused, d, parameters: parameters, seed: 3, round: round)
                    return Round(reused)
                }
                #expect(again == fresh, "\(name), round \(round)")
                #expect(reused.items.atomicMarks.allSatisfy { $0 == 0 }, "\(name), round \(round): marks left set")
                if !reused.items.atomicMarks.isEmpty { marksUsed = true }
                results[name, default: []].append(again)
                switch again {
                case .success(let made): if made.groupRepetitions > 0 { repeated += 1 }
                case .failure(.notEnoughInventory): short += 1
                case .failure(.inventoryStillShort): stillShort += 1
                case .failure(let error): Issue.record("\(name), round \(round): \(error)")
                }
            }
        }
        #expect(results["returning forms"] == results["default"])
        #expect(results["G3 by sets"] == results["default"])
        #expect(repeated > 0 && short > 0 && stillShort > 0, "every path taken: \(repeated), \(short), \(stillShort)")
        #expect(marksUsed, "the marks were used")
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
