import EngineBuffers
import Randomness
import Relentless
import RelentlessGeneration
@testable import RelentlessSimulation
import TestSupport
import Testing

/// P4's Assemble action where items nest: the test catalogue's police car is built from a car
/// (itself assembled, and stocked by nobody) and a siren, so filling an order for one takes two
/// Assemble actions. The shipped designs assemble from atomic parts only, where one action per
/// item and one per level cannot be told apart.
@Suite("P4: one Assemble action for every assembled item built, nested ones included")
struct AssemblyTests {
    /// From P4 and G3: an item someone stocks is fetched whole; any other assembled item is
    /// built, its parts first, with one Assemble each.
    static func builds(_ item: Item, stocked: Set<Item>, design: PreparedDesign) -> Int {
        if item.isAtomic || stocked.contains(item) { return 0 }
        return 1 + design.parts(of: item).reduce(0) { $0 + builds($1, stocked: stocked, design: design) }
    }

    @Test("every player's programs hold as many Assemble steps as the oracle counts builds, two for a police car")
    func nestedItemsAreAssembledLevelByLevel() throws {
        let result = DesignLoader.load(DesignFixtures.sources())
        let design = try PreparedDesign(try #require(result.design))
        let team = try SimulationFixtures.team("casual", "casual", "casual", "casual")
        let rules = SatisfactionRules(design.design.parameters)
        var nested = 0, orders = 0
        for (_, played) in try SimulationFixtures.rounds(design, team: team, games: 20, maxRounds: 8) {
            var state = RoundState(setup: RoundSetup(design: design))
            let parameters = design.design.parameters.resolved(difficulty: played.difficulty, players: team.count)
            state.load(played.flatRound, design: design, parameters: parameters, team: team, rules: rules)
            let stocked = Set(played.round.inventory)
            for (p, player) in played.round.players.enumerated() {
                var expected = 0
                for order in player.houses.flatMap(\.orders) {
                    for item in order.items {
                        let n = Self.builds(item, stocked: stocked, design: design)
                        expected += n
                        if n >= 2 { nested += 1 }
                    }
                }
                state.steps.removeAll()
                for o in state.setup.ordersOfPlayer[p] {
                    state.appendProgram(order: o, player: p)
                    orders += 1
                }
                let assembles = state.steps.filter { $0.kind == .assemble || $0.kind == .finishAssembly }.count
                #expect(assembles == expected, "round \(played.round.round), player \(p): \(assembles) Assemble steps, the rule says \(expected)")
            }
        }
        // The nested case was there to be counted.
        #expect(nested >= 10 && orders >= 100, "\(nested) nested items in \(orders) orders")
    }
}
