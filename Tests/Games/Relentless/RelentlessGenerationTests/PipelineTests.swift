@testable import RelentlessGeneration
import Relentless
import TestSupport
import Testing

@Suite("Pipeline: whole rounds keep every rule at once")
struct PipelineTests {
    /// G1–G8 as invariants of a finished round.
    func expectRules(_ round: Round, _ d: PreparedDesign, _ p: RoundParameters, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let players = p.players
        #expect(Set(round.categories).count == round.categories.count, "G1 distinct", sourceLocation: sourceLocation)
        #expect(round.categories.count == min(p.numOfCategories, d.orderCategoryIndices.count), "G1 count", sourceLocation: sourceLocation)
        #expect(round.orderItems.allSatisfy { round.categories.contains($0.category) && d.isValid($0) }, "G2", sourceLocation: sourceLocation)
        #expect(Set(round.orderItems).count == round.orderItems.count, "G2 union", sourceLocation: sourceLocation)
        #expect(round.inventory.count >= players, "G4", sourceLocation: sourceLocation)
        let all = round.players.flatMap(\.warehouse)
        #expect(all.count == round.inventory.count && Set(all) == Set(round.inventory), "G5 union", sourceLocation: sourceLocation)
        let share = round.inventory.count / players
        // G5: the remainder goes to independently drawn players, so one may hold all of it.
        let remainder = round.inventory.count % players
        #expect(round.players.allSatisfy { (share...(share + remainder)).contains($0.warehouse.count) }, "G5 sizes", sourceLocation: sourceLocation)
        for player in round.players {
            #expect(player.houses.count == p.numOfHouses, "G7 houses", sourceLocation: sourceLocation)
            let orders = player.houses.flatMap(\.orders)
            #expect(orders.count <= p.numOfOrdersPerPlayer, "G6 count", sourceLocation: sourceLocation)
            #expect(Set(orders.map(\.items)).count == orders.count, "G6 distinct", sourceLocation: sourceLocation)
            for house in player.houses {
                #expect(house.factor >= p.minHouseSatisfactionFactor && house.factor <= p.maxHouseSatisfactionFactor, "G7 factor", sourceLocation: sourceLocation)
                for order in house.orders {
                    #expect((1...p.maxNumOfItemsPerOrder).contains(order.items.count), "G6 size", sourceLocation: sourceLocation)
                    #expect(order.items.allSatisfy(round.orderItems.contains), "G6 items", sourceLocation: sourceLocation)
                    #expect(order.baseTimeLimit == order.items.count * p.timeForEachItem, "G6 time", sourceLocation: sourceLocation)
                    #expect(order.timeLimit == Int((Double(order.baseTimeLimit) * house.factor).rounded(.down)), "G7 floor", sourceLocation: sourceLocation)
                }
            }
        }
        if let limit = round.packageLimit {
            let orders = round.allOrders
            #expect(limit == max(orders.count, orders.map(FormulaPackageLimitDecider.need).max() ?? 0), "G8", sourceLocation: sourceLocation)
        }
    }

    @Test("the shipped design: every team size at several difficulties, 40 rounds each, with both alternatives too")
    func shippedDesign() throws {
        let d = try RoundFixtures.shipped()
        for players in 3...6 {
            for difficulty in [1.0, 4.5, 10] {
                let p = d.design.parameters.resolved(difficulty: difficulty, players: players)
                for round in UInt64(0)..<40 {
                    for pipeline in [Pipeline.default, Pipeline.with(orders: .ownItem, items: .evenCategories)] {
                        expectRules(try pipeline.makeRound(d, parameters: p, seed: 17, round: round), d, p)
                    }
                }
            }
        }
    }

    @Test("a design of more than 10^60 assembled items generates rounds whose items are well formed")
    func hugeDesign() throws {
        let d = try PreparedDesign(try RoundFixtures.design(catalogue: RoundFixtures.hugeCatalogue()))
        let chain = try RoundFixtures.index(d, "Chain")
        let p = d.design.parameters.resolved(difficulty: 10, players: 3)
        for round in UInt64(0)..<20 {
            let made = try Pipeline.default.makeRound(d, parameters: p, seed: 1, round: round)
            expectRules(made, d, p)
            let chains = made.orderItems.filter { $0.category == chain }
            #expect(chains.count == p.numOfGroupsPerCategory)
            #expect(chains.allSatisfy { $0.atomicPartCount == 600 && d.isValid($0) })
            #expect(made.inventory.count == 3, "taken apart into the three coins")
            if made.packageLimit != nil, made.allOrders.contains(where: { $0.items.contains { $0.category == chain } }) {
                #expect((made.packageLimit ?? 0) >= 600)
            }
        }
    }

    @Test("parameters no rule can use are typed errors naming the rule, not crashes or endless loops")
    func parameterBounds() throws {
        let d = try RoundFixtures.prepared()
        var p = d.design.parameters.resolved(difficulty: 3, players: 3)
        p.numOfHouses = 0
        #expect(throws: GenerationError.invalidParameter(key: "numOfHouses", value: "0", requirement: "a round needs 1...100", rule: "G7")) {
            try Pipeline.default.makeRound(d, parameters: p, seed: 1)
        }
        p.numOfHouses = 5
        p.numOfOrdersPerPlayer = 1_000_000
        #expect(throws: GenerationError.self) { try Pipeline.default.makeRound(d, parameters: p, seed: 1) }
        p.numOfOrdersPerPlayer = 2
        p.minHouseSatisfactionFactor = 2
        #expect(throws: GenerationError.self) { try Pipeline.default.makeRound(d, parameters: p, seed: 1) }
    }

    @Test("the pipeline describes itself: every command, its settings and the parameters it reads")
    func description() {
        let steps = Pipeline.with(orders: .ownItem, items: .evenCategories).steps
        #expect(steps.map(\.step) == ["categories", "groups", "inventory", "allocation", "orders", "houses", "packageLimit"])
        #expect(steps.map(\.command.description) == [
            "uniform", "uniform", "take-apart(maxRepetitions: 64)", "even-categories", "own-item(attemptsPerOrder: 64)",
            "round-robin", "formula",
        ])
        #expect(steps.map(\.command.rules) == ["G1", "G2", "G3 G4", "G5", "G6 C8", "G7", "G8"])
        #expect(steps[4].command.parametersRead.contains(.probOfSelectingOwnItem))
    }
}
