import Expressions
import Relentless
import Testing

/// Constants, description, slots, custom scopes: the API around evaluation.
@Suite struct ExpressionAPITests {
    @Test(arguments: [("5", 5.0), ("-3.5", -3.5), ("2*(3+1)", 8.0), ("1/4 + 1/4", 0.5), ("--7", 7.0)])
    func constants(text: String, expected: Double) throws {
        let e = try Expression(parsing: text, variables: .parameter)
        #expect(e.isConstant)
        #expect(e.constantValue == expected)
        #expect(e.variablesUsed.isEmpty)
    }

    @Test func nonFiniteConstantsAreConstantsToo() throws {
        let e = try Expression(parsing: "1/0", variables: .parameter)
        #expect(e.isConstant)
        #expect(e.constantValue == .infinity)
        #expect(e.description == "1 / 0")  // not folded: "inf" would not parse again
    }

    @Test func variableExpressionHasNoConstantValue() throws {
        let e = try Expression(parsing: "diffLevel * 0", variables: .parameter)
        #expect(!e.isConstant)
        #expect(e.constantValue == nil)
        #expect(e.evaluate(["diffLevel": .infinity]).isNaN)  // not folded to 0: inf * 0 is NaN
    }

    @Test func variablesUsedOnceInOrderOfAppearance() throws {
        let e = try Expression(
            parsing: "numOfItems + timeLeft * numOfItems - diffLevel / timeLeft", variables: .satisfactionChange)
        #expect(e.variablesUsed == ["numOfItems", "timeLeft", "diffLevel"])
    }

    @Test(arguments: [
        ("5.0 * (diffLevel / 10.0)", "5 * (diffLevel / 10)"),
        ("(diffLevel - 1) - 2", "diffLevel - 1 - 2"),
        ("diffLevel - (1 - 2)", "diffLevel - -1"),
        ("diffLevel - (diffLevel - 2)", "diffLevel - (diffLevel - 2)"),
        ("diffLevel / (diffLevel * 2)", "diffLevel / (diffLevel * 2)"),
        ("(diffLevel * 2) / 3", "diffLevel * 2 / 3"),
        ("-(diffLevel)", "-diffLevel"),
        ("-(diffLevel + 1)", "-(diffLevel + 1)"),
        ("--diffLevel", "diffLevel"),
        ("+diffLevel", "diffLevel"),
        ("2*(3+1)", "8"),
        ("-2.5 * diffLevel", "-2.5 * diffLevel"),
        ("0.1 + diffLevel", "0.1 + diffLevel"),
        ("1e-5 * diffLevel", "1e-05 * diffLevel"),
        ("-0", "-0"),
    ])
    func description(text: String, expected: String) throws {
        let e = try Expression(parsing: text, variables: .parameter)
        #expect(e.description == expected)
        #expect(e.source == text)
        let again = try Expression(parsing: e.description, variables: .parameter)
        #expect(sameDouble(again.evaluate(["diffLevel": 3]), e.evaluate(["diffLevel": 3])))
    }

    @Test func slotsFollowTheScopeOrder() throws {
        let scope = VariableScope.satisfactionChange
        #expect(scope.names == ["diffLevel", "totalTime", "timeLeft", "numOfDifferences", "numOfItems"])
        #expect(VariableScope.parameter.names == ["diffLevel"])
        for (slot, name) in scope.names.enumerated() {
            #expect(scope.slot(of: name) == slot)
            let e = try Expression(parsing: name, variables: scope)
            var values = VariableValues()
            values[slot] = Double(slot + 10)
            #expect(e.evaluate(values) == Double(slot + 10))
        }
        #expect(scope.slot(of: "nope") == nil)
    }

    @Test func valuesStartNaNAndHoldEverySlot() {
        var values = VariableValues()
        for slot in 0..<VariableValues.capacity { #expect(values[slot].isNaN) }
        for slot in 0..<VariableValues.capacity { values[slot] = Double(slot) * 1.5 }
        for slot in 0..<VariableValues.capacity { #expect(values[slot] == Double(slot) * 1.5) }
        let byName = VariableValues(["timeLeft": 9, "other": 1], in: .satisfactionChange)
        #expect(byName[2] == 9)
        #expect(byName[0].isNaN)
    }

    @Test func missingBindingGivesNaN() throws {
        let e = try Expression(parsing: "timeLeft / totalTime", variables: .satisfactionChange)
        #expect(e.evaluate(["timeLeft": 5]).isNaN)
        #expect(e.evaluate(["timeLeft": 5, "totalTime": 10]) == 0.5)
    }

    @Test func customScope() throws {
        let scope = VariableScope(["speed", "distance"], elsewhere: [.init("fuel", availableIn: "the engine block")])
        let e = try Expression(parsing: "distance / speed", variables: scope)
        #expect(e.evaluate(VariableValues(4, 10)) == 2.5)
        #expect(compileError("fuel * 2", scope: scope)?.message == "variable \"fuel\" is only available in the engine block")
        #expect(compileError("speeed", scope: scope)?.suggestion == "did you mean \"speed\"?")
        #expect(compileError("diffLevel", scope: scope)?.kind == .unknownVariable)
    }

    @Test func constantInitHoldsAnyDouble() {
        #expect(Expression(constant: 2.5).constantValue == 2.5)
        #expect(Expression(constant: .infinity, variables: .satisfactionChange).constantValue == .infinity)
        #expect(Expression(constant: .nan).constantValue?.isNaN == true)
        #expect(Expression(constant: 240).description == "240")
    }

    @Test func sameExpressionManyTimesGivesTheSameValue() throws {
        let e = try Expression(
            parsing: "-25 * ((totalTime - timeLeft) / totalTime) - numOfDifferences / numOfItems",
            variables: .satisfactionChange)
        var values = VariableValues(1, 100, 0, 0, 1)
        var sum = 0.0
        for t in 0...100 {
            values[2] = Double(t)
            sum += e.evaluate(values)
        }
        // Σ -25·(100−t)/100 for t = 0…100 = −25·50.5 = −1262.5
        #expect(sum == -1262.5)
    }
}
