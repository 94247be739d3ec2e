import Expressions
import Relentless
import Testing

/// The expressions RULES.md quotes (C5) and the C6 fallbacks written in the grammar.
@Suite struct RulesExampleTests {
    @Test func shippedDifficultyExpression() throws {
        let e = try Expression(parsing: "5.0 * (diffLevel / 10.0)", variables: .parameter)
        #expect(e.evaluate(["diffLevel": 4]) == 2.0)
        #expect(e.evaluate(VariableValues(4)) == 2.0)
        #expect(e.evaluate(["diffLevel": 10]) == 5.0)
        #expect(e.variablesUsed == ["diffLevel"])
        #expect(!e.isConstant)
    }

    @Test func shippedWrongPackageExpression() throws {
        let e = try Expression(
            parsing: "-25 * ((totalTime - timeLeft) / totalTime) - numOfDifferences / numOfItems",
            variables: .satisfactionChange)
        let bindings = ["totalTime": 140.0, "timeLeft": 35.0, "numOfDifferences": 1.0, "numOfItems": 2.0, "diffLevel": 3.0]
        // -25 * (105 / 140) - 1/2 = -18.75 - 0.5
        #expect(e.evaluate(bindings) == -19.25)
        // The same through slots: diffLevel, totalTime, timeLeft, numOfDifferences, numOfItems.
        #expect(e.evaluate(VariableValues(3, 140, 35, 1, 2)) == -19.25)
        #expect(e.variablesUsed == ["totalTime", "timeLeft", "numOfDifferences", "numOfItems"])
    }

    @Test(arguments: [
        // (text, timeLeft, totalTime, numOfDifferences, numOfItems, expected)
        ("25 * timeLeft / totalTime + numOfItems", 70.0, 140.0, 0.0, 2.0, 14.5),
        ("25 * timeLeft / totalTime + numOfItems", 0.0, 70.0, 0.0, 1.0, 1.0),
        ("-(25 * (totalTime - timeLeft) / totalTime + numOfDifferences / numOfItems)", 70.0, 140.0, 1.0, 2.0, -13.0),
        ("-(25 * (totalTime - timeLeft) / totalTime + numOfDifferences / numOfItems)", 0.0, 210.0, 3.0, 3.0, -26.0),
    ])
    func satisfactionChangeFallbacks(
        text: String, timeLeft: Double, totalTime: Double, differences: Double, items: Double, expected: Double
    ) throws {
        let bindings = ["timeLeft": timeLeft, "totalTime": totalTime, "numOfDifferences": differences, "numOfItems": items]
        #expect(try value(text, bindings) == expected)
    }

    @Test(arguments: [
        // C6 fallbacks in diffLevel (the caller takes the ceiling, C7), at diffLevel 3.
        ("5 * diffLevel / 10", 1.5),          // numOfCategories with maxDifficultyLevel 10
        ("diffLevel / 2", 1.5),               // numOfGroupsPerCategory, maxNumOfItemsPerOrder, …
        ("1 / (diffLevel + 1)", 0.25),        // probOfSelectingOwnItem
        ("diffLevel / 50", 0.06),             // probOfHavingPackageLimit
    ])
    func parameterFallbacks(text: String, expected: Double) throws {
        let e = try Expression(parsing: text, variables: .parameter)
        #expect(e.evaluate(["diffLevel": 3]) == expected)
    }

    @Test func orderVariablesAreOnlyInTheSatisfactionChanges() throws {
        let error = compileError("25 * timeLeft / totalTime", scope: .parameter)
        #expect(error?.kind == .variableOutOfScope)
        #expect(error?.message == "variable \"timeLeft\" is only available in correctPackageSatisfactionChange and wrongPackageSatisfactionChange")
        #expect(error?.column == 6)
        #expect(compileError("25 * timeLeft / totalTime", scope: .satisfactionChange) == nil)
    }
}
