import Expressions
import FuzzSupport

/// The expression parser on any text: it compiles or throws an ExpressionError, never traps; a
/// compiled expression evaluates, prints, and its printed form compiles to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: FuzzInput.bytes(data, count), as: UTF8.self)
    let scope = VariableScope(["diffLevel", "numOfPlayers", "x"], elsewhere: [.init("timeLeft", availableIn: "a round")])
    guard let expression = try? Expression(parsing: text, variables: scope) else { return 0 }
    let bindings = ["diffLevel": 4.0, "numOfPlayers": 5, "x": -0.5]
    let value = expression.evaluate(bindings)
    _ = expression.constantValue
    let printed = expression.description
    guard let again = try? Expression(parsing: printed, variables: scope) else {
        fuzzCheck(false, "'\(text)' prints as '\(printed)', which does not compile")
        return 0
    }
    let valueAgain = again.evaluate(bindings)
    fuzzCheck(value == valueAgain || (value.isNaN && valueAgain.isNaN), "'\(text)' is \(value), its printed form '\(printed)' \(valueAgain)")
    return 0
}
