/// A parameter expression of the game (C5), compiled once and evaluated many times.
///
/// The grammar: decimal numbers (`3`, `2.5`, `1e3`, `2.5E-2`), variables of a `VariableScope`,
/// binary `+ - * /` (products before sums, left-associative: `2-3-4` is `-5`), unary `-` and
/// `+` (binding tighter than products: `2*-3` is `-6`), and parentheses. All arithmetic is IEEE
/// double precision as in the original's `NSExpression`: `1/2` is `0.5`, and `1/0` is `+inf`,
/// never a trap. C7 makes a text that does not compile an error with its column, not a silent
/// fallback: `init(parsing:variables:)` throws an `ExpressionError`.
///
/// Compiling resolves every variable to a slot and folds constant parts, so that evaluation is a
/// flat loop over postfix code with a small fixed stack: no lookup, no string work, no allocation.
///
/// ```swift
/// let e = try Expression(parsing: "5.0 * (diffLevel / 10.0)", variables: VariableScope(["diffLevel"]))
/// e.evaluate(VariableValues(4))        // 2.0  (slot 0 is diffLevel)
/// e.evaluate(["diffLevel": 4])         // 2.0  (by name: convenient, allocates)
/// e.variablesUsed                      // ["diffLevel"]
/// e.description                        // 5 * (diffLevel / 10)
///
/// let c = try Expression(parsing: "2*(3+1)", variables: VariableScope([]))
/// c.isConstant                         // true
/// c.constantValue                      // 8.0
/// ```
public struct Expression: Sendable, CustomStringConvertible {
    /// The deepest nesting of parentheses accepted; deeper text is refused with `.tooComplex`
    /// before it can cost anything.
    public static let maxNesting = 256
    /// The most intermediate values evaluation may hold at once (the fixed evaluation stack).
    public static let maxStackDepth = 64

    /// The text as written.
    public let source: String
    /// The scope it was compiled in; `evaluate(_:)` reads slots of this scope.
    public let scope: VariableScope
    /// The variables the text names, each once, in order of first appearance.
    public let variablesUsed: [String]
    let program: Program

    /// Compiles `source` for the variables of `variables`.
    public init(parsing source: String, variables: VariableScope) throws(ExpressionError) {
        let text = SourceText(source)
        var parser = Parser(text, scope: variables)
        do {
            program = try parser.parse()
        } catch {
            throw error.located(in: text)
        }
        self.source = source
        self.scope = variables
        self.variablesUsed = parser.variablesUsed
    }

    /// An expression that is just `value`, whatever it is (also infinite or NaN, which no text
    /// can spell): for a parameter written as a plain number where an expression is expected.
    public init(constant value: Double, variables: VariableScope = VariableScope([])) {
        self.source = NumberFormat.text(value)
        self.scope = variables
        self.variablesUsed = []
        self.program = Program(code: [.constant(value)], maxDepth: 1)
    }

    /// The value for variables given by slot of `scope`. Never traps: a division by zero gives
    /// an infinity or NaN as IEEE says, and an unset slot (NaN) gives NaN.
    public func evaluate(_ values: borrowing VariableValues) -> Double {
        program.run(values)
    }

    /// The value for variables given by name; a variable of the scope without a binding is NaN.
    /// Builds a `VariableValues` first: for tests and one-off uses, not for inner loops.
    public func evaluate(_ bindings: [String: Double]) -> Double {
        program.run(VariableValues(bindings, in: scope))
    }

    /// True when the value does not depend on any variable (`5`, `-3.5`, `2*(3+1)`, `1/0`).
    public var isConstant: Bool { variablesUsed.isEmpty }

    /// The value of a constant expression, nil when it depends on variables.
    public var constantValue: Double? {
        isConstant ? program.run(VariableValues()) : nil
    }

    /// The expression re-printed with minimal parentheses and single spaces around binary
    /// operators, after constant folding: `"5.0*( diffLevel/10.0 )"` gives `5 * (diffLevel / 10)`.
    /// Parsing it again in the same scope gives the same value bit for bit.
    public var description: String {
        ProgramPrinter.text(of: program, scope: scope)
    }
}
