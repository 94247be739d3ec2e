import Expressions
import Relentless

/// The value of `text` compiled in `scope` with `bindings`; throws what compiling throws.
func value(
    _ text: String, _ bindings: [String: Double] = [:], scope: VariableScope = .satisfactionChange
) throws -> Double {
    try Expression(parsing: text, variables: scope).evaluate(bindings)
}

/// The error compiling `text` throws, or nil when it compiles.
func compileError(_ text: String, scope: VariableScope = .parameter) -> ExpressionError? {
    do {
        _ = try Expression(parsing: text, variables: scope)
        return nil
    } catch {
        return error
    }
}

/// Equal bit for bit, or both NaN (NaN payloads are not part of the contract).
func sameDouble(_ a: Double, _ b: Double) -> Bool {
    a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
}
