import Diagnostics

/// Compiles expression text to postfix code with Dijkstra's shunting-yard algorithm.
///
/// Iterative on purpose: nesting lives in an array, not on the call stack, so hostile input such
/// as 100 000 `(` cannot overflow the stack; it is refused after `Expression.maxNesting` levels.
/// The parser alternates between expecting an operand and expecting an operator, which is all
/// it needs to tell unary from binary minus and to name the first mistake, in reading order,
/// with the token it follows.
struct Parser {
    private enum Pending {
        case binary(Instruction, Token)
        case negate(Token)
        case parenthesis(Token)
    }

    private let source: SourceText
    private let scope: VariableScope
    private var lexer: Lexer
    private var builder = ProgramBuilder()
    private var pending: [Pending] = []
    private var openParentheses = 0
    private(set) var variablesUsed: [String] = []

    init(_ source: SourceText, scope: VariableScope) {
        self.source = source
        self.scope = scope
        self.lexer = Lexer(source)
    }

    mutating func parse() throws(PendingError) -> Program {
        var expectingOperand = true
        var previous: Token?
        while true {
            let token = try lexer.next()
            if expectingOperand {
                expectingOperand = try operand(token, after: previous)
            } else {
                if token.kind == .end { break }
                expectingOperand = try `operator`(token)
            }
            previous = token
        }
        if let unmatched = pending.first(where: { if case .parenthesis = $0 { true } else { false } }),
           case .parenthesis(let token) = unmatched {
            throw PendingError(.unbalancedParentheses, "unmatched \"(\"", at: token.offset)
        }
        popOperators(downTo: 0)
        switch builder.build(stackLimit: Expression.maxStackDepth) {
        case .success(let program): return program
        case .failure(let error): throw error
        }
    }

    /// Handles a token where an operand must start; returns whether an operand is still expected.
    private mutating func operand(_ token: Token, after previous: Token?) throws(PendingError) -> Bool {
        switch token.kind {
        case .number(let value):
            builder.emit(.constant(value), at: token.offset)
            return false
        case .identifier(let name):
            builder.emit(.variable(try resolve(name, at: token.offset)), at: token.offset)
            return false
        case .leftParenthesis:
            openParentheses += 1
            if openParentheses > Expression.maxNesting {
                throw PendingError(
                    .tooComplex, "parentheses nested deeper than \(Expression.maxNesting) levels", at: token.offset)
            }
            pending.append(.parenthesis(token))
            return true
        case .minus:
            pending.append(.negate(token))
            return true
        case .plus:
            return true  // unary plus changes nothing, not even the sign of a zero
        case .end:
            guard let previous else { throw PendingError(.empty, "empty expression", at: 0) }
            throw PendingError(
                .unexpectedEnd, "expected an operand after \(source.quoted(previous))", at: token.offset)
        case .star, .slash, .rightParenthesis:
            let message = previous.map { "expected an operand after \(source.quoted($0))" }
                ?? "expected an operand before \(source.quoted(token))"
            throw PendingError(.missingOperand, message, at: token.offset)
        }
    }

    /// Handles a token after a complete operand; returns whether an operand is expected next.
    private mutating func `operator`(_ token: Token) throws(PendingError) -> Bool {
        switch token.kind {
        case .plus, .minus, .star, .slash:
            let instruction: Instruction =
                switch token.kind {
                case .plus: .add
                case .minus: .subtract
                case .star: .multiply
                default: .divide
                }
            // Left-associative: first finish pending operators that bind at least as tightly.
            popOperators(downTo: instruction.precedence)
            pending.append(.binary(instruction, token))
            return true
        case .rightParenthesis:
            popOperators(downTo: 0)
            guard case .parenthesis? = pending.last else {
                throw PendingError(.unbalancedParentheses, "unmatched \")\"", at: token.offset)
            }
            pending.removeLast()
            openParentheses -= 1
            return false
        case .number, .identifier, .leftParenthesis:
            throw PendingError(
                .missingOperator, "expected an operator before \(source.quoted(token))", at: token.offset)
        case .end:
            return false
        }
    }

    /// Emits pending operators binding at least `precedence`, stopping at a parenthesis.
    private mutating func popOperators(downTo precedence: Int) {
        while let top = pending.last {
            switch top {
            case .parenthesis:
                return
            case .negate(let token):
                builder.emit(.negate, at: token.offset)
            case .binary(let instruction, let token):
                guard instruction.precedence >= precedence else { return }
                builder.emit(instruction, at: token.offset)
            }
            pending.removeLast()
        }
    }

    /// The slot of `name`, or why it cannot be used here.
    private mutating func resolve(_ name: String, at offset: Int) throws(PendingError) -> Int {
        if let slot = scope.slot(of: name) {
            if !variablesUsed.contains(name) { variablesUsed.append(name) }
            return slot
        }
        if let availableIn = scope.availability(of: name) {
            throw PendingError(
                .variableOutOfScope, "variable \(quotedName(name)) is only available in \(availableIn)", at: offset)
        }
        let suggestion = Suggestion.nearest(to: name, in: scope.suggestionCandidates).map { "did you mean \"\($0)\"?" }
        throw PendingError(.unknownVariable, "unknown variable \(quotedName(name))", at: offset, suggestion: suggestion)
    }
}
