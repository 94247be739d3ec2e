import RelentlessGeneration
import Relentless
import TestSupport
import Testing

/// Sampling solvability finds, per round, who holds what once and each distinct item's supply
/// and packing need once: the answers must be those of a plan per order (P4, G8), and the work
/// linear in the round's items. Generation refuses counts and factors beyond their keys' limits
/// whatever the caller (C6).
@Suite("Solvability in linear time; generation within the limits")
struct SolvabilityScalingTests {
    /// Rounds of the shipped design and of a fixture whose Book no warehouse holds (G3), at
    /// every team size and a few difficulties, some with a package limit.
    func rounds() throws -> [(Round, PreparedDesign)] {
        let shipped = try RoundFixtures.shipped()
        let bookless = try RoundFixtures.prepared(catalogue: DesignFixtures.orderOnlyBookCatalogue, parameters: DesignFixtures.threePlayerParameters)
        var rounds: [(Round, PreparedDesign)] = []
        for design in [shipped, bookless] {
            guard let teams = design.design.parameters.teamSizes else { continue }
            for players in teams {
                for difficulty in [1.0, 5.5, 10] {
                    var parameters = design.design.parameters.resolved(difficulty: difficulty, players: players)
                    parameters.probOfHavingPackageLimit = 0.5
                    for r in 0..<4 {
                        if let round = try? Pipeline.default.makeRound(design, parameters: parameters, seed: 9, game: 0, round: UInt64(r)) {
                            rounds.append((round, design))
                        }
                    }
                }
            }
        }
        return rounds
    }

    @Test("P4: a round's supply, asked per order, agrees with a build plan per order")
    func supplyAgreesWithPlans() throws {
        var unfillable = 0
        for (round, design) in try rounds() {
            let supply = BuildPlan.Supply(round, design: design)
            for order in round.allOrders {
                let plan = BuildPlan(order: order, round: round, design: design)
                #expect(supply.canFill(order) == (plan != nil))
                #expect(supply.plan(for: order) == plan)
                if plan == nil { unfillable += 1 }
            }
        }
        #expect(unfillable > 0, "the fixture with an unstocked Book should give orders without a plan")
    }

    @Test("G8: a packing need from the category's peak equals the need found by taking the items apart")
    func categoryPeaks() throws {
        for (round, design) in try rounds() {
            let peaks = PackingNeed.categoryPeaks(in: design)
            for order in round.allOrders {
                #expect(PackingNeed.peak(of: order, categoryPeaks: peaks) == PackingNeed.peak(of: order, in: design))
            }
        }
    }

    @Test("C6: generation refuses counts beyond their keys' limits, and a factor that makes time limits no clock holds")
    func generationLimits() throws {
        let design = try RoundFixtures.shipped()
        let base = design.design.parameters.resolved(difficulty: 3, players: 4)
        func refused(_ edit: (inout RoundParameters) -> Void) -> GenerationError? {
            var parameters = base
            edit(&parameters)
            do {
                _ = try Pipeline.default.makeRound(design, parameters: parameters, seed: 1)
                return nil
            } catch {
                return error
            }
        }
        #expect(refused { $0.numOfHouses = 101 } == .invalidParameter(key: "numOfHouses", value: "101", requirement: "a round needs 1...100", rule: "G7"))
        #expect(refused { $0.maxNumOfItemsPerOrder = 1000 }?.rule == "G6")
        #expect(refused { $0.numOfOrdersPerPlayer = 10_000 }?.rule == "G6")
        #expect(refused { $0.numOfGroupsPerCategory = 101 }?.rule == "G2")
        #expect(refused { $0.maxHouseSatisfactionFactor = 1e17 }?.rule == "G7")
        #expect(refused { $0.timeForEachItem = 3_601 }?.rule == "G6")
        // At the limits a round is made.
        #expect(refused {
            $0.numOfHouses = 100
            $0.maxNumOfItemsPerOrder = 50
            $0.numOfOrdersPerPlayer = 250
            $0.numOfGroupsPerCategory = 100
            $0.maxHouseSatisfactionFactor = 1000
            $0.timeForEachItem = 3600
        } == nil)
    }
}
