import Balance
import Foundation
import GameSeam
import MonteCarlo
import RelentlessGame
import RelentlessGeneration
import RelentlessSimulation
import TestSupport
import Testing

/// Relentless's `sensitivity` on the seam: its moves (``Sensitivity``, the design's keys or the
/// personas' assumptions) played by the shared paired engine against the design, game by game.
@Suite struct RelentlessSensitivityTests {
    static let game = PlayableRelentless()

    @Test("ordersAtOnce one lower makes a casual team idle: its effect is exactly idle minus casual, game by game (M1)")
    func ordersAtOnceDownIsIdle() throws {
        let playable = try PlayableRelentlessTests.playable(["team": .texts(["casual,casual,casual"]), "max-rounds": .integer(4)])
        let moves = Self.game.moves(of: playable, step: 0.1, subject: "personas")
        #expect(moves.noun == "persona parameter")
        let games = 24
        let result = SensitivityResult.run(
            Self.game, playable, lineup: 0, moves: moves, design: "shipped", step: 0.1, games: games, seed: 5, confidence: .ninetyFive, threads: 1,
            cancellation: nil)
        let row = try #require(result.rows.first { $0.key == "ordersAtOnce" })
        #expect(row.current == "1" && row.low == "0" && row.high == "2")
        let effect = try #require(row.effects?["finalMoney"]?.low.mean)
        // The oracle: the same seeds played by a team whose every player never starts an order.
        var idle = playable.teams[0][0]
        idle.ordersAtOnce = 0
        let seeds = GameSeeds(runSeed: 5)
        let base = playable.simulators[0]
        let moved = GameSimulator(design: try PreparedDesign(playable.design), team: [Persona](repeating: idle, count: 3), maxRounds: 4)
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

    @Test func rowsSayWhatWasPlayedAndMarkTheRamp() throws {
        let playable = try PlayableRelentlessTests.playable(["team": .texts(["casual,casual,casual"]), "max-rounds": .integer(3)])
        let result = SensitivityResult.run(
            Self.game, playable, lineup: 0, moves: Self.game.moves(of: playable, step: 0.1, subject: nil), design: "shipped", step: 0.1, games: 8,
            seed: 1, confidence: .ninetyFive, threads: 1, cancellation: nil)
        let translation = try #require(result.rows.first { $0.key == "satisfactionToMoneyTranslation" })
        #expect(translation.low == "1" && translation.high == "3" && translation.lowChange == -0.5 && translation.highChange == 0.5)
        #expect(result.rows.filter { $0.note != nil }.map(\.key).sorted() == ["difficultyChange", "maxDifficultyLevel", "minDifficultyLevel"])
        let minimum = try #require(result.rows.first { $0.key == "minSatisfaction" })
        #expect(minimum.effects == nil && minimum.reason?.contains("still 0") == true)
        // minNumOfPlayers 3 down is 2, which the game is not for (C6): not moved, and why; the
        // change of the value is said anyway.
        let players = try #require(result.rows.first { $0.key == "minNumOfPlayers" })
        #expect(players.effects == nil && players.reason?.contains("the game is for 3 to 6 players [C6]") == true && players.lowChange != nil)
        // Elasticity: (Δ money / money) ÷ (Δ expense / expense); M1 makes Δ money exactly 4 × 3 rounds.
        let expense = try #require(result.rows.first { $0.key == "dailyExpense" }?.effects?["finalMoney"])
        let base = try #require(result.base["finalMoney"])
        #expect(expense.low.mean == 12 && abs((expense.lowElasticity ?? 0) - (12 / base) / -0.1) < 1e-12)
        // The text ranks by final money unless told otherwise.
        #expect(result.text().contains("effect on final money (the design: "))
    }
}
