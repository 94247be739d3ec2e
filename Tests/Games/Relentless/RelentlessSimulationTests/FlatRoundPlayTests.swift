import RelentlessGeneration
import Relentless
import RelentlessSimulation
import Testing

@Suite("The engine reads a round held flat as it reads the tree")
struct FlatRoundPlayTests {
    @Test("every round of a game plays the same from the simulator's flat round and from its tree")
    func sameOutcome() throws {
        let design = try SimulationFixtures.shipped()
        for team in [try SimulationFixtures.team("casual", "casual", "expert"), try SimulationFixtures.team("novice", "expert", "casual", "casual", "expert", "novice")] {
            let simulator = GameSimulator(design: design, team: team, maxRounds: 12)
            var compared = 0, played = 0
            for seed: UInt64 in 1...4 {
                played += try simulator.play(seed: seed) { played in
                    let fromTree = RoundEngine.play(
                        played.round, design: design, parameters: simulator.roundParameters[played.index], team: team, rules: simulator.rules)
                    #expect(fromTree == played.outcome, "seed \(seed), round \(played.index + 1)")
                    compared += 1
                }.roundsPlayed
            }
            #expect(compared == played, "every round played was compared")
        }
    }

    @Test("an order item someone holds is fetched whether or not the round lists it among its order items (P4)")
    func unlistedItem() throws {
        let design = try PlayerModelTests.design()
        let team = [PlayerModelTests.persona("a"), PlayerModelTests.persona("b")]
        let listed = PlayerModelTests.round(seed: 1, orders: [[1], [0, 1]])
        var unlisted = listed
        unlisted.orderItems = []
        #expect(FlatRound(unlisted, design: design).otherOrderItems.count == 2)
        let outcome = PlayerModelTests.play(unlisted, design, team)
        #expect(outcome.players.map(\.correct) == [1, 1], "\(outcome)")
        #expect(outcome == PlayerModelTests.play(listed, design, team))
        // An item nobody holds and no order item makes its order one no player can fill.
        var stray = listed
        stray.orderItems = []
        stray.players[0].houses[0].orders = [Order(items: [Item(category: 0, index: 5)], baseTimeLimit: 200)]
        #expect(PlayerModelTests.play(stray, design, team).players[0].correct == 0)
    }
}
