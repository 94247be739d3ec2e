import Relentless
import RelentlessGeneration
@testable import RelentlessSimulation
import TestSupport
import Testing

/// Simulators share a round when the parameters generation reads are equal (``RoundKeys``):
/// that generation reads none of the keys the keys leave out is checked here of every command
/// a design can choose, by moving each such key and making the round again.
@Suite("Generation reads none of the keys a round's generation key leaves out")
struct RoundKeysTests {
    @Test("every pipeline choice makes the same round whatever the play-only and money keys hold")
    func unreadKeysMoveNoRound() throws {
        let design = try SimulationFixtures.shipped(SimulationFixtures.directory("relentless"))
        for orders in OrderMakerChoice.allCases {
            for items in ItemAllocatorChoice.allCases {
                let pipeline = Pipeline.with(orders: orders, items: items)
                let named = Set(pipeline.steps.flatMap { $0.command.parametersRead })
                for (seed, difficulty) in [(UInt64(1), 2.0), (2, 5.5), (3, 9.0)] {
                    let parameters = design.design.parameters.resolved(difficulty: difficulty, players: 4)
                    let round = try pipeline.makeRound(design, parameters: parameters, seed: seed, game: 1, round: 2)
                    for key in RoundKeys.unreadByGeneration where !named.contains(key) {
                        var moved = parameters
                        moved.clear(key)
                        // 0 is a value no check accepts for most: generation must not look.
                        let other = try pipeline.makeRound(design, parameters: moved, seed: seed, game: 1, round: 2)
                        #expect(other == round, "\(orders)/\(items): \(key) moved the round at difficulty \(difficulty)")
                        #expect(RoundKeys(moved, pipeline: pipeline).generation == RoundKeys(parameters, pipeline: pipeline).generation)
                    }
                    // And a key generation reads does move the key.
                    var more = parameters
                    more.numOfOrdersPerPlayer += 1
                    #expect(RoundKeys(more, pipeline: pipeline).generation != RoundKeys(parameters, pipeline: pipeline).generation)
                }
            }
        }
    }

    @Test("the play key leaves out M1's money alone; the generation key the money and play fields")
    func whatEachKeyLeavesOut() throws {
        let design = try SimulationFixtures.shipped(SimulationFixtures.directory("relentless"))
        let parameters = design.design.parameters.resolved(difficulty: 4, players: 3)
        let keys = RoundKeys(parameters, pipeline: .default)
        #expect(keys.generation.roundTime == 0 && keys.generation.dailyExpense == 0 && keys.generation.maxSatisfaction == 0)
        #expect(keys.generation.numOfCategories == parameters.numOfCategories && keys.generation.difficulty == parameters.difficulty)
        #expect(keys.play.dailyExpense == 0 && keys.play.satisfactionToMoneyTranslation == 0)
        var play = keys.play
        (play.dailyExpense, play.satisfactionToMoneyTranslation) = (parameters.dailyExpense, parameters.satisfactionToMoneyTranslation)
        #expect(play == parameters)
    }
}
