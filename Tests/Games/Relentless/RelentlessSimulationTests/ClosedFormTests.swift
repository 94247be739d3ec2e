import RelentlessGeneration
import Relentless
import RelentlessSimulation
import Testing

/// The two bounding teams, whose rounds follow from the rules and the parameters alone.
@Suite("Closed forms: an idle team and a perfect team")
struct ClosedFormTests {
    /// P3: satisfaction after `ticks` seconds of one active order, drained a second at a time
    /// from the maximum, then P6's time-out change, clamped to the range (P5's reading).
    static func idleSatisfaction(limit ticks: Int, unit: Double, timeOut change: Double, max: Double = 100, min: Double = 0) -> Double {
        var s = max
        for _ in 0..<ticks { s = Swift.max(min, s - unit) }
        return Swift.min(max, Swift.max(min, s + change))
    }

    @Test("idle, Designs/harsher, fixed house factor: satisfaction 100 − 70 × 1 − 25 = 5; money 3 × 5 × 2 − 50 < 0, lost in round 1 (P3, P6, M1, M2)")
    func idleTeamLosesTheHarsherGameInRoundOne() throws {
        let design = try SimulationFixtures.harsher(parameters: SimulationFixtures.replacing("minHouseSatisfactionFactor", with: "<real>1.0</real>"))
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

    @Test("M2 at its edge: money exactly 0 after a round is not lost, −1 is (idle, Designs/harsher: 3 × 5 × 2 − expense a round)",
          arguments: [(expense: 30, lostInRoundOne: false), (expense: 31, lostInRoundOne: true)])
    func moneyOfExactlyZeroIsNotLost(expense: Int, lostInRoundOne: Bool) throws {
        let fixed = SimulationFixtures.replacing("minHouseSatisfactionFactor", with: "<real>1.0</real>")
        let priced = SimulationFixtures.replacing("dailyExpense", with: "<integer>\(expense)</integer>")
        let design = try SimulationFixtures.harsher(parameters: { priced(fixed($0)) })
        let simulator = GameSimulator(design: design, team: try SimulationFixtures.team("idle", "idle", "idle"), maxRounds: 3)
        for seed: UInt64 in 1...5 {
            var rounds: [GameRound] = []
            let game = try simulator.play(seed: seed) { rounds.append($0) }
            // Up to difficulty 2 each player has one one-item order a round (G6), so every round
            // earns the same 30: at 30 money stays exactly 0, round after round, and never loses.
            #expect(rounds.map(\.money) == (lostInRoundOne ? [30 - expense] : [0, 0, 0]), "seed \(seed): \(rounds.map(\.money))")
            #expect(rounds.map(\.lost) == (lostInRoundOne ? [true] : [false, false, false]))
            #expect(game.lost == lostInRoundOne && game.roundsPlayed == (lostInRoundOne ? 1 : 3), "seed \(seed): \(game)")
        }
    }

    @Test("idle, shipped design, fixed house factor: satisfaction 100 − 70 × 100/240 − 25 ≈ 45.8; money ⌊3 × 45.8⌋ × 2 − 40 = 234: an idle team survives round 1 (P3, P6, M1, M2)")
    func idleTeamSurvivesTheShippedGamesFirstRound() throws {
        let design = try SimulationFixtures.shipped(parameters: SimulationFixtures.replacing("minHouseSatisfactionFactor", with: "<real>1.0</real>"))
        let simulator = GameSimulator(design: design, team: try SimulationFixtures.team("idle", "idle", "idle"), maxRounds: 1)
        let expected = Self.idleSatisfaction(limit: 70, unit: 100.0 / 240.0, timeOut: -25)
        #expect(abs(expected - (100 - 70 * 100.0 / 240 - 25)) < 1e-9)
        for seed: UInt64 in 1...20 {
            var rounds: [GameRound] = []
            let game = try simulator.play(seed: seed) { rounds.append($0) }
            #expect(!game.lost && game.money == Int(3 * expected) * 2 - 40 && game.money == 234, "seed \(seed): \(game)")
            for player in try #require(rounds.first).outcome.players {
                #expect(player.timedOut == 1 && player.satisfaction == expected)
            }
        }
    }

    @Test("idle, shipped designs: round 1 satisfaction is the drain over the player's time limit L, then −25 (P3, P6); money ⌊Σ⌋ × translation − expense (M1)",
          arguments: ["relentless", "harsher"])
    func idleRoundOneFromLimits(designName: String) throws {
        let design = try SimulationFixtures.shipped(SimulationFixtures.directory(designName))
        let parameters = design.design.parameters.resolved(difficulty: 1, players: 3)
        for size in 3...6 {
            let team = try [Persona](repeating: SimulationFixtures.team("idle")[0], count: size)
            for (_, played) in try SimulationFixtures.rounds(design, team: team, games: 10, maxRounds: 1) {
                var sum = 0.0
                for (p, player) in played.round.players.enumerated() {
                    let orders = player.houses.flatMap(\.orders)
                    #expect(orders.count == 1 && orders[0].items.count == 1)
                    // Both designs' wrong-delivery change is −25 at timeLeft 0 and no difference.
                    let expected = Self.idleSatisfaction(limit: orders[0].timeLimit, unit: parameters.satisfactionUnitDecrease, timeOut: -25)
                    #expect(played.outcome.players[p].satisfaction == expected)
                    sum += expected
                }
                #expect(played.moneyChange == Int(sum) * parameters.satisfactionToMoneyTranslation - parameters.dailyExpense)
                #expect(played.outcome.endTime == Double(played.round.allOrders.map(\.timeLimit).max() ?? 0))
            }
        }
    }

    @Test("perfect: every order is delivered correctly the moment it appears; satisfaction stays at the maximum (P2, P5); money rounds × (players × 100 × translation − expense) (M1)",
          arguments: ["relentless", "harsher"])
    func perfectTeam(designName: String) throws {
        let design = try SimulationFixtures.shipped(SimulationFixtures.directory(designName))
        let parameters = design.design.parameters.resolved(difficulty: 1, players: 3)
        let perfect = try SimulationFixtures.team("perfect")[0]
        for size in [3, 6] {
            let team = [Persona](repeating: perfect, count: size)
            let simulator = GameSimulator(design: design, team: team, maxRounds: 20)
            for seed: UInt64 in 1...5 {
                var rounds: [GameRound] = []
                let game = try simulator.play(seed: seed) { rounds.append($0) }
                #expect(!game.lost && game.roundsPlayed == 20)
                #expect(game.money == 20 * (size * 100 * parameters.satisfactionToMoneyTranslation - parameters.dailyExpense))
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
