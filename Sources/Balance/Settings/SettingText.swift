import Diagnostics
import Foundation

/// A `--set key=values` as written: the parameter's name and the values it takes, each as text,
/// for any game. A range `a...b:step` of numbers is spelt out value by value (each from `a` and its
/// index, so 0.1 steps do not drift, with as many decimals as the most precise of `a` and the
/// step); a list `v1,v2,…` is kept as written.
///
/// ```swift
/// let (name, spec) = try SettingText.split("flips=10...30:10", example: "flips=10...30:10")
/// try SettingText.values(spec, of: "flips=10...30:10")   // ["10", "20", "30"]
/// ```
public enum SettingText {
    /// The most values one `--set` may list: each is a point of a sweep.
    public static let maxValues = 1000

    /// The name before `=` and the values' text after it.
    public static func split(_ text: String, example: String) throws(SettingError) -> (name: String, spec: String) {
        guard let equals = text.firstIndex(of: "=") else {
            throw SettingError(text, "write key=values, e.g. \(example)")
        }
        return (text[..<equals].trimmingSpaces, text[text.index(after: equals)...].trimmingSpaces)
    }

    /// The values of `spec`, a range or a list; `text` is the whole `--set` for messages.
    public static func values(_ spec: String, of text: String) throws(SettingError) -> [String] {
        guard let range = spec.range(of: "...") else {
            let texts = spec.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
            guard !texts.contains(where: \.isEmpty) else { throw SettingError(text, "an empty value; list values as v1,v2,v3") }
            guard texts.count <= maxValues else { throw SettingError(text, "\(texts.count) values; at most \(maxValues)") }
            return texts
        }
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
        guard steps < Double(maxValues) else {
            throw SettingError(text, "\(steps < 1e15 ? Int64(steps + 1).description : "over 10^15") values; at most \(maxValues)")
        }
        let places = [low, stepText].map { t in t.firstIndex(of: ".").map { t.distance(from: $0, to: t.endIndex) - 1 } ?? 0 }.max() ?? 0
        return (0...Int(steps)).map { (a + Double($0) * step).decimalText(places) }
    }
}

/// A `--set` that cannot be read, with the text and why.
public struct SettingError: Error, Sendable, CustomStringConvertible {
    public var text: String
    public var reason: String

    public init(_ text: String, _ reason: String) {
        self.text = text
        self.reason = reason
    }

    public var description: String { "--set \(text): \(reason)" }
}

extension StringProtocol {
    /// The text without the spaces at either end.
    public var trimmingSpaces: String {
        String(self.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
