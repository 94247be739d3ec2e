import Expressions
import Relentless

/// The satisfaction changes of P5 and P6, evaluated without allocating.
public struct SatisfactionRules: Sendable {
    public let correct: Expression
    public let wrong: Expression

    public init(_ parameters: Parameters) {
        correct = parameters.satisfactionChange(.correctPackageSatisfactionChange)
        wrong = parameters.satisfactionChange(.wrongPackageSatisfactionChange)
    }

    /// Whether `other` gives every change this one gives: the same texts in the same scopes
    /// compile to the same programs.
    func isSame(as other: SatisfactionRules) -> Bool {
        correct.source == other.correct.source && correct.scope == other.correct.scope && wrong.source == other.wrong.source
            && wrong.scope == other.wrong.scope
    }

    /// The change for a delivery (P5) or a time-out (P6: `timeLeft` 0, `differences` 0). The
    /// variables are C5's, in the slots of ``Expressions/VariableScope/satisfactionChange``.
    @inline(__always)
    func change(
        correct isCorrect: Bool, difficulty: Double, totalTime: Int, timeLeft: Int, differences: Int, items: Int
    ) -> Double {
        var values = VariableValues()
        values[0] = difficulty
        values[1] = Double(totalTime)
        values[2] = Double(timeLeft)
        values[3] = Double(differences)
        values[4] = Double(items)
        let change = (isCorrect ? correct : wrong).evaluate(values)
        // A NaN (0/0 in a designer's expression) would poison every later number: no change.
        return change.isNaN ? 0 : change
    }
}
