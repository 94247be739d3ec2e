/// One step of a compiled expression: postfix code for a small stack machine.
///
/// Constants are inline and variables are slot numbers resolved at compile time, so running the
/// code does no lookup, no string work and no allocation.
enum Instruction: Sendable, Equatable {
    /// Push a number.
    case constant(Double)
    /// Push the value in a slot of `VariableValues`.
    case variable(Int)
    /// Replace the top with its negation.
    case negate
    /// Pop `b`, pop `a`, push `a op b`.
    case add, subtract, multiply, divide

    /// Binding strength: sums 1, products 2, negation 3, operands 4.
    var precedence: Int {
        switch self {
        case .add, .subtract: 1
        case .multiply, .divide: 2
        case .negate: 3
        case .constant, .variable: 4
        }
    }

    var symbol: String {
        switch self {
        case .add: "+"
        case .subtract: "-"
        case .multiply: "*"
        case .divide: "/"
        case .negate: "-"
        case .constant, .variable: ""
        }
    }

    /// The IEEE result of a binary instruction; the one definition both evaluation and constant
    /// folding use, so a folded constant is bit-for-bit what evaluation would have produced.
    @inline(__always)
    static func apply(_ instruction: Instruction, _ a: Double, _ b: Double) -> Double {
        switch instruction {
        case .add: a + b
        case .subtract: a - b
        case .multiply: a * b
        case .divide: a / b
        case .constant, .variable, .negate: .nan
        }
    }

    /// How much the instruction changes the stack's height.
    var stackEffect: Int {
        switch self {
        case .constant, .variable: 1
        case .negate: 0
        case .add, .subtract, .multiply, .divide: -1
        }
    }
}
