import Diagnostics
import Expressions

/// The parameters of a design (`DefaultGameParameters.plist`, C5–C8): for each key, the value
/// the designer wrote (a number or a compiled expression) or nothing, in which case the C6
/// fallback applies.
///
/// ```swift
/// let (parameters, diagnostics) = ParametersReader.read(root, file: "DefaultGameParameters.plist")
/// let round = parameters.resolved(difficulty: 3, players: 4)
/// round.numOfCategories  // ceil(5 × 3 / 10) = 2 with the fallback
/// ```
public struct Parameters: Sendable {
    public enum Value: Sendable {
        case number(Double)
        case expression(Expression)
    }

    public struct Entry: Sendable {
        public var value: Value
        /// Source text as written, for messages (`"5.0 * (diffLevel / 10.0)"` or `240`).
        public var text: String
        public var location: SourceLocation
        public var keyLocation: SourceLocation
    }

    public var entries: [ParameterKey: Entry]
    public var file: String
    /// Ranges the values of some keys are read within (``value(_:difficulty:players:)``): set
    /// only where a check found a value outside the game's own range that has a nearest value
    /// the game defines (team sizes outside 3...6, C6; a chance outside 0...1, which draws as 0
    /// or 1), so that solvability can still say what such a design's rounds do
    /// (`SolvabilityScope`). Empty for a design as read: every command plays the values written.
    public var clamps: [ParameterKey: ClosedRange<Double>] = [:]

    public init(entries: [ParameterKey: Entry] = [:], file: String = "DefaultGameParameters.plist") {
        self.entries = entries
        self.file = file
    }

    public func isSet(_ key: ParameterKey) -> Bool { entries[key] != nil }

    /// The value of `key` at a difficulty before any ceiling, or nil when not set.
    public func rawValue(_ key: ParameterKey, difficulty: Double) -> Double? {
        guard let entry = entries[key] else { return nil }
        switch entry.value {
        case .number(let n): return n
        case .expression(let e):
            // diffLevel is slot 0 of both scopes (C5); by slot, no dictionary: check evaluates
            // every key at every difficulty of every start.
            var values = VariableValues()
            values[0] = difficulty
            return e.evaluate(values)
        }
    }

    /// The satisfaction-change expression of `key` (P5, P6): the designer's or the C6 fallback.
    public func satisfactionChange(_ key: ParameterKey) -> Expression {
        precondition(key.usesOrderVariables, "\(key) is not a satisfaction change")
        if let entry = entries[key] {
            switch entry.value {
            case .expression(let e): return e
            case .number(let n): return Expression(constant: n, variables: .satisfactionChange)
            }
        }
        return key == .correctPackageSatisfactionChange ? Self.correctFallback : Self.wrongFallback
    }

    // The C6 fallbacks, written in the expression grammar. Parsing literals that are known good.
    static let correctFallback = fallbackExpression("25 * timeLeft / totalTime + numOfItems")
    static let wrongFallback = fallbackExpression("-(25 * (totalTime - timeLeft) / totalTime + numOfDifferences / numOfItems)")

    private static func fallbackExpression(_ text: String) -> Expression {
        do {
            return try Expression(parsing: text, variables: .satisfactionChange)
        } catch {
            preconditionFailure("built-in fallback \"\(text)\" does not parse: \(error)")
        }
    }
}
