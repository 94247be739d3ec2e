/// Turns postfix code back into infix text with as few parentheses as the grammar needs.
///
/// A child is parenthesized when it binds more loosely than its parent, or equally loosely on
/// the right of a binary operator (the grammar is left-associative, so `a - (b - c)` keeps its
/// parentheses and `(a - b) - c` loses them).
enum ProgramPrinter {
    static func text(of program: Program, scope: VariableScope) -> String {
        var stack: [(text: String, precedence: Int)] = []
        for instruction in program.code {
            switch instruction {
            case .constant(let value):
                // A negative constant reads like a negation, which binds like one.
                stack.append((NumberFormat.text(value), value.sign == .minus ? Instruction.negate.precedence : instruction.precedence))
            case .variable(let slot):
                let name = slot < scope.names.count ? scope.names[slot] : "$\(slot)"
                stack.append((name, instruction.precedence))
            case .negate:
                guard let operand = stack.popLast() else { return "" }
                let inner = operand.precedence < instruction.precedence ? "(\(operand.text))" : operand.text
                stack.append(("-" + inner, instruction.precedence))
            case .add, .subtract, .multiply, .divide:
                guard let right = stack.popLast(), let left = stack.popLast() else { return "" }
                let p = instruction.precedence
                let l = left.precedence < p ? "(\(left.text))" : left.text
                let r = right.precedence <= p ? "(\(right.text))" : right.text
                stack.append(("\(l) \(instruction.symbol) \(r)", p))
            }
        }
        return stack.last?.text ?? ""
    }
}

/// Numbers as a designer writes them: `3`, `2.5`, `-0.25`, `1e-05`; `inf` and `nan` only for
/// values no text of the grammar can produce as a literal.
enum NumberFormat {
    static func text(_ x: Double) -> String {
        // Int64 conversion, not `rounded()`: that needs libm, which a bare executable may not link.
        if x.isFinite, x.magnitude < 1e15, Double(Int64(x)) == x {
            return x == 0 && x.sign == .minus ? "-0" : String(Int64(x))
        }
        return x.description
    }
}
