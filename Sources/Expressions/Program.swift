/// A compiled expression: postfix instructions and the deepest the stack gets running them.
///
/// Evaluation uses a stack of exactly `maxDepth` doubles obtained with
/// `withUnsafeTemporaryAllocation`, which is on the machine stack for sizes this small (at most
/// `Expression.maxStackDepth` slots, 512 bytes): evaluating allocates nothing and cannot trap.
struct Program: Sendable {
    let code: ContiguousArray<Instruction>
    let maxDepth: Int

    func run(_ values: VariableValues) -> Double {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: max(maxDepth, 1)) { stack in
            code.withUnsafeBufferPointer { code in execute(code, values, stack) }
        }
    }

    /// The machine loop. `build(stackLimit:)` proved the code never pushes past `stack.count`
    /// nor pops an empty stack.
    @inline(__always)
    private func execute(
        _ code: UnsafeBufferPointer<Instruction>, _ values: VariableValues, _ stack: UnsafeMutableBufferPointer<Double>
    ) -> Double {
        var top = -1
        for instruction in code {
            switch instruction {
            case .constant(let c):
                top &+= 1
                stack[top] = c
            case .variable(let slot):
                top &+= 1
                stack[top] = values[slot]
            case .negate:
                stack[top] = -stack[top]
            case .add:
                top &-= 1
                stack[top] = stack[top] + stack[top &+ 1]
            case .subtract:
                top &-= 1
                stack[top] = stack[top] - stack[top &+ 1]
            case .multiply:
                top &-= 1
                stack[top] = stack[top] * stack[top &+ 1]
            case .divide:
                top &-= 1
                stack[top] = stack[top] / stack[top &+ 1]
            }
        }
        return top == 0 ? stack[0] : .nan
    }
}

/// Collects postfix code while parsing and folds what can be folded as it goes.
///
/// Folding is exact, never algebraic: an operator whose operands are both constants becomes its
/// result (when that is finite, so that `description` can still print it), a negated constant
/// becomes a negative constant, and `-(-x)` becomes `x` (negation only flips the sign bit). The
/// value of every expression is therefore bit-for-bit what the unfolded code would compute.
struct ProgramBuilder {
    private(set) var code: ContiguousArray<Instruction> = []
    /// The source offset each instruction came from, for the stack-depth error.
    private var offsets: [Int] = []

    mutating func emit(_ instruction: Instruction, at offset: Int) {
        switch instruction {
        case .negate:
            if case .constant(let c)? = code.last {
                code[code.count - 1] = .constant(-c)
                return
            }
            if code.last == .negate {
                code.removeLast()
                offsets.removeLast()
                return
            }
        case .add, .subtract, .multiply, .divide:
            if code.count >= 2, case .constant(let a) = code[code.count - 2], case .constant(let b) = code[code.count - 1] {
                let folded = Instruction.apply(instruction, a, b)
                if folded.isFinite {
                    code.removeLast()
                    offsets.removeLast()
                    code[code.count - 1] = .constant(folded)
                    return
                }
            }
        case .constant, .variable:
            break
        }
        code.append(instruction)
        offsets.append(offset)
    }

    /// The finished program, or the offset of the first instruction that needs more than
    /// `limit` stack slots.
    func build(stackLimit limit: Int) -> Result<Program, PendingError> {
        var depth = 0
        var deepest = 0
        for (instruction, offset) in zip(code, offsets) {
            depth += instruction.stackEffect
            if depth > limit {
                return .failure(PendingError(
                    .tooComplex, "expression is too complex: it needs more than \(limit) intermediate values",
                    at: offset))
            }
            deepest = max(deepest, depth)
        }
        return .success(Program(code: code, maxDepth: deepest))
    }
}
