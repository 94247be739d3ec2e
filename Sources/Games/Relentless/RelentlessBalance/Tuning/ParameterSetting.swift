import Diagnostics
import Relentless

/// One `--set` of a sweep: a parameter and the values it takes, in order.
///
/// ```swift
/// try ParameterSetting(parsing: "dailyExpense=30...60:5").values.map(\.text)   // ["30", "35", …, "60"]
/// try ParameterSetting(parsing: "roundTime=180,240,300").values.count           // 3
/// try ParameterSetting(parsing: "numOfCategories=5*diffLevel/10,6*diffLevel/10")  // expressions
/// ```
public struct ParameterSetting: Sendable {
    public var key: ParameterKey
    public var values: [Parameters.Entry]

    /// Most values one `--set` may list (a range with a tiny step is a typo, not a sweep).
    public static let maxValues = 1000

    /// `key=a...b:step` (numbers; the step defaults to 1) or `key=v1,v2,…` (numbers or
    /// expressions in the key's variables, C5).
    public init(parsing text: String) throws(SettingError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw SettingError(text, "write key=values, e.g. dailyExpense=30...60:5 or roundTime=180,240,300")
        }
        let name = text[..<equals].trimmingSpaces
        guard let key = ParameterKey(rawValue: name) else {
            let near = Suggestion.nearest(to: name, in: ParameterKey.allCases.map(\.rawValue))
            throw SettingError(text, "'\(name)' is not a parameter (C6)" + (near.map { "; did you mean \($0)?" } ?? ""))
        }
        self.key = key
        let spec = text[text.index(after: equals)...].trimmingSpaces
        var texts: [String] = []
        if let range = spec.range(of: "...") {
            let low = spec[..<range.lowerBound].trimmingSpaces
            var rest = spec[range.upperBound...].trimmingSpaces
            var stepText = "1"
            if let colon = rest.firstIndex(of: ":") {
                stepText = rest[rest.index(after: colon)...].trimmingSpaces
                rest = rest[..<colon].trimmingSpaces
            }
            guard let a = Double(low), let b = Double(rest), let step = Double(stepText), a.isFinite, b.isFinite, step.isFinite else {
                throw SettingError(text, "a range is a...b:step with numbers, e.g. 30...60:5")
            }
            guard step > 0, a <= b else { throw SettingError(text, "a range needs a ≤ b and a step above 0") }
            // Counted in doubles first: a tiny step over a wide range is no Int.
            let steps = ((b - a) / step + 1e-9).rounded(.down)
            guard steps < Double(Self.maxValues) else {
                throw SettingError(text, "\(steps < 1e15 ? Int64(steps + 1).description : "over 10^15") values; at most \(Self.maxValues)")
            }
            let count = Int(steps) + 1
            // Each value from a and its index, not by adding steps, so 0.1 steps do not drift.
            texts = (0..<count).map { Self.decimal(a + Double($0) * step, like: [low, stepText]) }
        } else {
            texts = spec.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
            guard !texts.contains(where: \.isEmpty) else { throw SettingError(text, "an empty value; list values as v1,v2,v3") }
            guard texts.count <= Self.maxValues else { throw SettingError(text, "\(texts.count) values; at most \(Self.maxValues)") }
        }
        var values: [Parameters.Entry] = []
        for value in texts {
            let entry: Parameters.Entry
            do {
                entry = try Parameters.entry(value, for: key)
            } catch {
                throw SettingError(text, "'\(value)': \(error.message)" + (error.suggestion.map { " (did you mean \($0)?)" } ?? ""))
            }
            // A number no design may hold (outside the key's domain or limit, C6, C7, M1) is a
            // mistake in the command, not a point to list as not played.
            if case .number(let x) = entry.value, let (problem, rule) = ParameterChecks.valueProblem(key, x) {
                throw SettingError(text, "'\(value)' for \(key.rawValue): \(problem) [\(rule)]")
            }
            values.append(entry)
        }
        self.values = values
    }

    /// `x` with as many decimals as the most precise of `texts` (so 0.1 + 0.2 prints 0.3).
    static func decimal(_ x: Double, like texts: [String]) -> String {
        let places = texts.map { t in t.firstIndex(of: ".").map { t.distance(from: $0, to: t.endIndex) - 1 } ?? 0 }.max() ?? 0
        return x.decimalText(places)
    }
}

/// A `--set` that cannot be read, with the text and why.
public struct SettingError: Error, Sendable, CustomStringConvertible {
    public var text: String
    public var reason: String

    init(_ text: String, _ reason: String) {
        self.text = text
        self.reason = reason
    }

    public var description: String { "--set \(text): \(reason)" }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(self.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
