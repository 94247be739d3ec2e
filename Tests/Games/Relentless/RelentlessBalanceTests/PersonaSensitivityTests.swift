import RelentlessBalance
import RelentlessGeneration
import MonteCarlo
import RelentlessSimulation
import TestSupport
import Testing

/// `sensitivity --personas`: each assumption of the player model moved for the whole team, on
/// the same game seeds as the team itself.
@Suite("Sensitivity of the player model's assumptions")
struct PersonaSensitivityTests {
    @Test("ordersAtOnce one lower makes a casual team idle: its effect is exactly idle minus casual, game by game (M1)")
    func ordersAtOnceDownIsIdle() throws {
        let design = try GateFixtures.shipped()
        let model = try GateFixtures.players()
        let casual = try #require(model.persona(named: "casual"))
        let team = [Persona](repeating: casual, count: 3)
        let analysis = try Sensitivity(personasOf: team, design: design.design, pipeline: PipelineChoice(), step: 0.1, maxRounds: 4)
        #expect(analysis.subject == .personas)
        let games = 24
        let result = try analysis.run(games: games, seed: 5, confidence: .ninetyFive, label: "shipped", threads: 1)
        let row = try #require(result.rows.first { $0.key == "ordersAtOnce" })
        #expect(row.current == "1" && row.low == "0" && row.high == "2")
        let effect = try #require(row.effects?[.finalMoney]?.low.mean)
        // The oracle: the same seeds played by a team whose every player never starts an order.
        var idle = casual
        idle.ordersAtOnce = 0
        let seeds = GameSeeds(runSeed: 5)
        let base = GameSimulator(design: design, team: team, maxRounds: 4)
        let moved = GameSimulator(design: design, team: [Persona](repeating: idle, count: 3), maxRounds: 4)
        var total = 0.0
        for g in 0..<games {
            let seed = seeds.seed(game: UInt64(g))
            total += Double(try moved.play(seed: seed).money - base.play(seed: seed).money)
        }
        #expect(abs(effect - total / Double(games)) < 1e-9, "\(effect) vs \(total / Double(games))")
        #expect(effect < 0)
        // Every persona key was moved (a casual player has no zero time).
        #expect(Set(result.rows.map(\.key)) == Set(PersonaParameter.allCases.map(\.rawValue)))
        #expect(result.rows.allSatisfy { $0.effects != nil })
    }
}
