import Expressions
import Relentless
import Testing

/// Inputs built to hurt a parser: deep nesting, huge texts, long operator chains. Each must give
/// an error or a value and never overflow the stack. (How fast is a benchmark's
/// question, not a unit test's: a loaded CI machine must not fail a test.)
@Suite struct HostileInputTests {
    @Test func hundredThousandOpenParenthesesAreRefusedAtTheLimit() {
        let text = String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
        let error = compileError(text)
        #expect(error?.kind == .tooComplex)
        #expect(error?.column == Expression.maxNesting + 1)
    }

    @Test func nestingUpToTheLimitIsFine() throws {
        let depth = Expression.maxNesting
        let text = String(repeating: "(", count: depth) + "diffLevel" + String(repeating: ")", count: depth)
        #expect(try value(text, ["diffLevel": 7], scope: .parameter) == 7)
    }

    @Test func oneMegabyteSumEvaluates() throws {
        let terms = 500_000
        let text = Array(repeating: "1", count: terms).joined(separator: "+")
        #expect(text.utf8.count >= 999_999)
        let result = Result { () throws(ExpressionError) in try Expression(parsing: text, variables: .parameter).evaluate([:]) }
        #expect(try result.get() == Double(terms))
    }

    @Test func oneMegabyteVariableSumEvaluatesWithTwoStackSlots() throws {
        let terms = 100_000
        let text = Array(repeating: "diffLevel", count: terms).joined(separator: " + ")
        let e = try Expression(parsing: text, variables: .parameter)
        #expect(e.evaluate(VariableValues(0.5)) == Double(terms) / 2)
    }

    @Test func longUnaryChainsDoNotRecurse() throws {
        let even = String(repeating: "-", count: 200_000) + "diffLevel"
        #expect(try value(even, ["diffLevel": 3], scope: .parameter) == 3)
        let odd = String(repeating: "-", count: 200_001) + "2"
        #expect(try value(odd, scope: .parameter) == -2)
    }

    @Test func rightNestedVariablesBeyondTheStackAreRefused() throws {
        // x-(x-(x-…)) keeps one pending value per level.
        func nested(_ levels: Int) -> String {
            String(repeating: "diffLevel-(", count: levels) + "diffLevel" + String(repeating: ")", count: levels)
        }
        let fits = Expression.maxStackDepth - 1
        #expect(try value(nested(fits), ["diffLevel": 1], scope: .parameter) == (fits % 2 == 0 ? 1 : 0))
        let error = try #require(compileError(nested(fits + 1)))
        #expect(error.kind == .tooComplex)
        // The value that does not fit is the innermost diffLevel.
        #expect(error.column == (fits + 1) * "diffLevel-(".count + 1)
    }

    @Test func rightNestedConstantsFoldAndFit() throws {
        let levels = 200
        let text = String(repeating: "1-(", count: levels) + "1" + String(repeating: ")", count: levels)
        let e = try Expression(parsing: text, variables: .parameter)
        #expect(e.isConstant)
        #expect(e.constantValue == (levels % 2 == 0 ? 1 : 0))
    }

    @Test func manyErrorsStopAtTheFirst() {
        let text = String(repeating: "# ", count: 500_000)
        #expect(compileError(text)?.column == 1)
    }
}
