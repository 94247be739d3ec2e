/// Why an expression does not compile, and where (C7: a bad expression is an error with its
/// position, never a silent fallback as in the original game).
///
/// `column` is 1-based and counts characters of the expression text, so a caller that knows where
/// the text starts in a file can point at the exact character:
///
/// ```swift
/// do {
///     _ = try Expression(parsing: "5 * difLevel", variables: VariableScope(["diffLevel"]))
/// } catch {
///     error.message     // unknown variable "difLevel"
///     error.column      // 5
///     error.suggestion  // did you mean "diffLevel"?
/// }
/// ```
public struct ExpressionError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// What kind of mistake, for callers that react differently (and for tests).
    public enum Kind: String, Equatable, Hashable, Sendable, CaseIterable {
        /// Nothing but whitespace.
        case empty
        /// A character that no token starts with (`#`, `^`, `,`, a non-ASCII letter).
        case unexpectedCharacter
        /// The text stops where an operand is still needed (`2 *`).
        case unexpectedEnd
        /// A `(` never closed or a `)` never opened.
        case unbalancedParentheses
        /// An operator or `)` where a number, variable or `(` was needed (`2 * * 3`, `()`).
        case missingOperand
        /// Two operands in a row (`2 3`, `2 (3)`, `diffLevel 2`): there is no implicit product.
        case missingOperator
        /// Digits that are not a number (`1e`, `1.2.3`, `2x`), or one too large for a double.
        case malformedNumber
        /// A name that is no variable anywhere.
        case unknownVariable
        /// A variable that exists, but not where this expression is used (one of the scope's
        /// `elsewhere` names).
        case variableOutOfScope
        /// More nesting or intermediate values than the fixed evaluation stack allows.
        case tooComplex
    }

    public var kind: Kind
    /// Lower-case and short, like a compiler's: `unmatched "("`.
    public var message: String
    /// 1-based character column in the expression text (one past the end for `unexpectedEnd`).
    public var column: Int
    /// What to do about it, e.g. `did you mean "diffLevel"?`.
    public var suggestion: String?

    public init(_ kind: Kind, _ message: String, column: Int, suggestion: String? = nil) {
        self.kind = kind
        self.message = message
        self.column = column
        self.suggestion = suggestion
    }

    /// `column 5: unknown variable "difLevel" (did you mean "diffLevel"?)`
    public var description: String {
        "column \(column): \(message)" + (suggestion.map { " (\($0))" } ?? "")
    }
}

/// An error found while lexing or parsing, positioned by UTF-8 offset; turned into an
/// `ExpressionError` with a character column once, at the public boundary.
struct PendingError: Error {
    var kind: ExpressionError.Kind
    var message: String
    var offset: Int
    var suggestion: String?

    init(_ kind: ExpressionError.Kind, _ message: String, at offset: Int, suggestion: String? = nil) {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.suggestion = suggestion
    }

    func located(in source: SourceText) -> ExpressionError {
        ExpressionError(kind, message, column: source.column(of: offset), suggestion: suggestion)
    }
}
