@testable import RelentlessBalance
import RelentlessGeneration
import MonteCarlo
import Relentless
import RelentlessSimulation
import TestSupport
import Testing

/// Honest moves (C7): a key the game plays in whole numbers steps to the next whole value it
/// really plays, and the change of the values played is reported beside the effect.
@Suite struct SensitivityMovesTests {
    static func entry(_ text: String, _ key: ParameterKey) throws -> Parameters.Entry { try Parameters.entry(text, for: key) }

    @Test func wholeNumberKeysStepToTheNextValueTheGamePlays() throws {
        // 2 × 1.1 = 2.2 would be played as 3 (C7): the move is to 3, said to be +50%; 2 × 0.9 = 1.8 would be played as 2: the move is to 1.
        #expect(Sensitivity.moves(try Self.entry("2", .satisfactionToMoneyTranslation), key: .satisfactionToMoneyTranslation, step: 0.1) == ("1", "3"))
        #expect(Sensitivity.moves(try Self.entry("40", .dailyExpense), key: .dailyExpense, step: 0.1) == ("36", "44"))
        #expect(Sensitivity.moves(try Self.entry("5", .numOfHouses), key: .numOfHouses, step: 0.1) == ("4", "6"))
        // A real key moves by the fraction itself.
        #expect(Sensitivity.moves(try Self.entry("0.5", .minHouseSatisfactionFactor), key: .minHouseSatisfactionFactor, step: 0.1) == ("0.45", "0.55"))
    }

    @Test func theChangeOfTheValuesPlayedIsMeasuredOverTheRamp() throws {
        let parameters = try #require(DesignLoader.load(try Fixtures.shippedDesignSources()).design).parameters
        let players = 4
        let change = try #require(Sensitivity.playedChange(.satisfactionToMoneyTranslation, to: "3", in: parameters, players: players, startDifficulty: nil))
        #expect(change == 0.5)
        // numOfCategories = ⌈5 × d / 10⌉ (C7), moved to ⌈1.1 × 5 × d / 10⌉, averaged over d = 1, 1.5, …, 10 (M3).
        let levels = stride(from: 1.0, through: 10, by: 0.5).map { $0 }
        let expected = levels.map { d in (1.1 * (5.0 * (d / 10.0))).rounded(.up) / (5.0 * (d / 10.0)).rounded(.up) - 1 }.reduce(0, +) / Double(levels.count)
        let measured = try #require(Sensitivity.playedChange(.numOfCategories, to: "1.1 * (5.0 * (diffLevel / 10.0))", in: parameters, players: players, startDifficulty: nil))
        #expect(abs(measured - expected) < 1e-12, "\(measured) vs \(expected)")
    }
}
