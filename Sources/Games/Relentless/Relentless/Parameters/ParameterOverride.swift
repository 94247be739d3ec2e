import Diagnostics
import Expressions

extension Parameters {
    /// A value given from outside the file (a sweep's `--set`, a tune's candidate), read as the
    /// file's value would be (C5): a number or an expression with the variables of its key, a
    /// key that fixes the game's range (minNumOfPlayers …) without diffLevel.
    ///
    /// ```swift
    /// let entry = try Parameters.entry("5.0 * (diffLevel / 10.0)", for: .numOfCategories)
    /// var changed = design.parameters
    /// changed.entries[.numOfCategories] = entry
    /// ```
    public static func entry(_ text: String, for key: ParameterKey) throws(ParameterValueError) -> Entry {
        let scope: VariableScope = key.usesOrderVariables ? .satisfactionChange : .parameter
        let expression: Expression
        do {
            expression = try Expression(parsing: text, variables: scope)
        } catch {
            throw ParameterValueError(key: key, text: text, message: "\(error.message) (column \(error.column))", suggestion: error.suggestion)
        }
        if key.isStatic, !expression.variablesUsed.isEmpty {
            throw ParameterValueError(
                key: key, text: text, message: "fixes the range of the game and cannot depend on \(expression.variablesUsed.joined(separator: ", "))",
                suggestion: nil)
        }
        let value: Value = expression.isConstant ? .number(expression.constantValue ?? .nan) : .expression(expression)
        return Entry(value: value, text: text, location: .start, keyLocation: .start)
    }
}

/// A value for a parameter that is not one (C5).
public struct ParameterValueError: Error, Sendable, CustomStringConvertible {
    public var key: ParameterKey
    public var text: String
    public var message: String
    public var suggestion: String?

    public var description: String {
        "\(key.rawValue)=\(text): \(message)" + (suggestion.map { " (did you mean \($0)?)" } ?? "")
    }
}
