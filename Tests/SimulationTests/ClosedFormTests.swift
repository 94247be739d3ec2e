import Generation
import Relentless
import Simulation
import Testing

/// The two bounding teams, whose rounds follow from the rules and the parameters alone.
@Suite("Closed forms: an idle team and a perfect team")
struct ClosedFormTests {
    @Test("idle, fixed house factor: every order times out; satisfaction 100 − 70 − 25 = 5; money 3 × 5 × 2 − 50 < 0, lost in round 1 (P3, P6, M1, M2)")
    func idleTeamLosesInRoundOne() throws {
        let design = try SimulationFixtures.shipped(parameters: { text in
            SimulationFixtures.replacing("minHouseSatisfactionFactor", with: "<real>1.0</real>")(text)
        })
        let simulator = GameSimulator(design: design, team: try SimulationFixtures.team("idle", "idle", "idle"), maxRounds: 10)
        for seed: UInt64 in 1...20 {
            var rounds: [GameRound] = []
            let game = try simulator.play(seed: seed) { rounds.append($0) }
            #expect(game.lost && game.roundsPlayed == 1 && game.money == -20, "seed \(seed): \(game)")
            let first = try #require(rounds.first)
            // Difficulty 1: one one-item order per player, limit 70 × 1.0 (G6, G7).
            #expect(first.round.allOrders.allSatisfy { $0.timeLimit == 70 })
            for player in first.outcome.players {
                #expect(player.timedOut == 1 && player.delivered == 0)
                #expect(player.satisfaction == 5)
            }
            #expect(first.outcome.end == .allOrdersDone && first.outcome.endTime == 70)
        }
    }

    @Test("idle, shipped design: round 1 satisfaction is 100 − L − 25 for the player's time limit L, money floor(Σ) × 2 − 50")
    func idleRoundOneFromLimits() throws {
        let design = try SimulationFixtures.shipped()
        for size in 3...6 {
            let team = try [Persona](repeating: SimulationFixtures.team("idle")[0], count: size)
            for (_, played) in try SimulationFixtures.rounds(design, team: team, games: 10, maxRounds: 1) {
                var sum = 0.0
                for (p, player) in played.round.players.enumerated() {
                    let orders = player.houses.flatMap(\.orders)
                    #expect(orders.count == 1 && orders[0].items.count == 1)
                    let expected = max(0, 100 - Double(orders[0].timeLimit) - 25)
                    #expect(played.outcome.players[p].satisfaction == expected)
                    sum += expected
                }
                #expect(played.moneyChange == Int(sum) * 2 - 50)
                #expect(played.outcome.endTime == Double(played.round.allOrders.map(\.timeLimit).max() ?? 0))
            }
        }
    }

    @Test("perfect: every order is delivered correctly the moment it appears; satisfaction stays at the maximum (P2, P5)")
    func perfectTeam() throws {
        let design = try SimulationFixtures.shipped()
        let perfect = try SimulationFixtures.team("perfect")[0]
        for size in [3, 6] {
            let team = [Persona](repeating: perfect, count: size)
            let simulator = GameSimulator(design: design, team: team, maxRounds: 20)
            for seed: UInt64 in 1...5 {
                var rounds: [GameRound] = []
                let game = try simulator.play(seed: seed) { rounds.append($0) }
                #expect(!game.lost && game.roundsPlayed == 20)
                #expect(game.money == 20 * (size * 100 * 2 - 50))
                for played in rounds {
                    let perPlayer = played.round.players.map { $0.houses.reduce(0) { $0 + $1.orders.count } }
                    #expect(played.outcome.end == .allOrdersDone)
                    // The last order appears 15 s after the one before (P2) and is filled at once.
                    #expect(played.outcome.endTime == Double(15 * ((perPlayer.max() ?? 1) - 1)))
                    for (p, player) in played.outcome.players.enumerated() {
                        #expect(player.correct == perPlayer[p] && player.wrong == 0 && player.timedOut == 0)
                        #expect(player.satisfaction == 100)
                    }
                }
            }
        }
    }
}
