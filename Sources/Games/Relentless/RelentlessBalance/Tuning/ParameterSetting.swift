import Balance
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
    public static let maxValues = SettingText.maxValues

    /// `key=a...b:step` (numbers; the step defaults to 1) or `key=v1,v2,…` (numbers or
    /// expressions in the key's variables, C5).
    public init(parsing text: String) throws(SettingError) {
        let (name, spec) = try SettingText.split(text, example: "dailyExpense=30...60:5 or roundTime=180,240,300")
        guard let key = ParameterKey(rawValue: name) else {
            let near = Suggestion.nearest(to: name, in: ParameterKey.allCases.map(\.rawValue))
            throw SettingError(text, "'\(name)' is not a parameter (C6)" + (near.map { "; did you mean \($0)?" } ?? ""))
        }
        self.key = key
        let texts = try SettingText.values(spec, of: text)
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
}
