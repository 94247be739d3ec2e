import Diagnostics
@testable import Relentless
import TestSupport
import Testing

/// C1 and C6 from RULES.md itself: a design needs both files, and a parameters file that sets
/// nothing plays with the fallback column of C6's table, written out here by hand.
@Suite("The two files (C1) and C6's fallback table")
struct FallbackTableTests {
    @Test("C1: a design without its parameters file, or its catalogue, is an error naming the file")
    func bothFilesAreNeeded() {
        let catalogue = DesignSources.File(name: DesignSources.catalogueFileName, bytes: Array(DesignFixtures.validCatalogue.utf8))
        let parameters = DesignSources.File(name: DesignSources.parametersFileName, bytes: Array(DesignFixtures.validParameters.utf8))
        for (sources, missing) in [
            (DesignSources(catalogue: catalogue, parameters: nil), DesignSources.parametersFileName),
            (DesignSources(catalogue: nil, parameters: parameters), DesignSources.catalogueFileName),
        ] {
            let result = DesignLoader.load(sources)
            #expect(result.design == nil)
            #expect(result.diagnostics.errors.count == 1)
            #expect(result.diagnostics.errors.first?.rule == "C1")
            #expect(result.diagnostics.errors.first?.message.contains(missing) == true)
        }
    }

    @Test("C6: with no key set, a round at difficulty 5 for 4 players takes every fallback of the table")
    func everyFallback() throws {
        let result = check(parameters: DesignFixtures.plist("<dict/>"))
        #expect(result.diagnostics.errors == [])
        let round = try #require(result.design?.parameters.resolved(difficulty: 5, players: 4))
        let table = RoundParameters(
            difficulty: 5, players: 4,
            minNumOfPlayers: 3, maxNumOfPlayers: 6,
            minDifficultyLevel: 1, maxDifficultyLevel: 10,
            difficultyChange: 0.5,
            minSatisfaction: 0, maxSatisfaction: 100,
            roundTime: 240,
            dailyExpense: 50,
            satisfactionToMoneyTranslation: 2,
            satisfactionUnitDecrease: 1,  // ceil(100 / 240)
            satisfactionRunOutPenalty: 20,  // 0.2 × 100
            numOfHouses: 5,
            minHouseSatisfactionFactor: 0.5, maxHouseSatisfactionFactor: 1.0,
            timeForEachItem: 70,
            numOfCategories: 3,  // ceil(5 × 5 / 10)
            numOfGroupsPerCategory: 3, maxNumOfItemsPerOrder: 3, numOfOrdersPerPlayer: 3,  // ceil(5 / 2)
            probOfSelectingOwnItem: 1.0 / 6,  // 1 / (5 + 1)
            probOfHavingPackageLimit: 0.1,  // 5 / 50
            probOfSelectingAssembledItem: 0.25)  // 1 / 4 players
        #expect(round == table)
    }
}
