import Diagnostics
import Expressions
import PropertyList

/// Reads `DefaultGameParameters.plist` (or the demo file, C1) into ``Parameters``: every key must
/// be known (C6, C8), every value an `<integer>`, a `<real>` or a `<string>` with a number or an
/// expression (C5), compiled once with the variables its key may use.
public enum ParametersReader {
    public static func read(_ root: PlistNode, file: String) -> (Parameters, [Diagnostic]) {
        var log = DiagnosticLog(file: file)
        var parameters = Parameters(file: file)
        let rootPath = PlistPath()
        guard let dictionary = log.dictionary(root, rootPath, "the parameters root", rule: "C5") else {
            return (parameters, log.diagnostics)
        }
        let known = ParameterKey.allCases.map(\.rawValue)
        log.rejectUnknownKeys(dictionary, known: known, rootPath, what: "the parameters", rule: "C6")
        for (name, node) in dictionary.pairs {
            guard let key = ParameterKey(rawValue: name) else { continue }
            let path = rootPath.appending(name)
            let keyLocation = dictionary.keyLocation(name) ?? node.location
            switch node.value {
            case .integer(let i):
                parameters.entries[key] = .init(value: .number(i.doubleValue), text: i.description, location: node.location, keyLocation: keyLocation)
            case .real(let r):
                parameters.entries[key] = .init(value: .number(r), text: "\(r)", location: node.location, keyLocation: keyLocation)
            case .string(let text):
                if let expression = compile(text, for: key, at: node.location, path, &log) {
                    let value: Parameters.Value = expression.isConstant ? .number(expression.constantValue ?? .nan) : .expression(expression)
                    parameters.entries[key] = .init(value: value, text: text, location: node.location, keyLocation: keyLocation)
                }
            default:
                log.error(
                    "must be an <integer>, a <real> or a <string> with an expression, not \(article(node.value.typeName))",
                    at: node.location, path, rule: "C5")
            }
        }
        return (parameters, log.diagnostics)
    }

    /// Compiles with the key's scope. The error's column is inside the expression text; the
    /// text starts right after `<string>`, so that is added to the element's column.
    private static func compile(
        _ text: String, for key: ParameterKey, at location: SourceLocation, _ path: PlistPath, _ log: inout DiagnosticLog
    ) -> Expression? {
        let scope: VariableScope = key.usesOrderVariables ? .satisfactionChange : .parameter
        do {
            let expression = try Expression(parsing: text, variables: scope)
            if key.isStatic, !expression.variablesUsed.isEmpty {
                log.error(
                    "fixes the range of the game and cannot depend on \(expression.variablesUsed.joined(separator: ", "))",
                    at: location, path, rule: "C5")
                return nil
            }
            return expression
        } catch {
            let column = location.isByteOffset || text.contains("\n")
                ? location : SourceLocation(line: location.line, column: location.column + "<string>".count + error.column - 1)
            log.error(
                "\(error.message) in expression \(quotedName(text, most: 200))", at: column, path, rule: "C5",
                suggestion: error.suggestion)
            return nil
        }
    }
}
