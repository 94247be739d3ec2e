import Diagnostics

/// The keys of one dict of a design file, read with located messages: what a game's reader needs
/// of a value (a number in a range, a word of a list), said the same way by every game.
///
/// ```swift
/// var log = DiagnosticLog(file: "Rules.plist")
/// if let rules = FieldReader(root, PlistPath(), "the rules", known: ["rounds"], rule: "R1", &log) {
///     let rounds = rules.integer("rounds", in: 1...100, default: 10, rule: "R1", &log)
/// }
/// ```
public struct FieldReader {
    public let dictionary: PlistDictionary
    public let node: PlistNode
    public let path: PlistPath

    /// The dict at `node`, its unknown keys reported; nil (with an error) when it is no dict.
    public init?(_ node: PlistNode, _ path: PlistPath, _ what: String, known: [String], rule: String?, _ log: inout DiagnosticLog) {
        guard let dictionary = log.dictionary(node, path, what, rule: rule) else { return nil }
        log.rejectUnknownKeys(dictionary, known: known, path, what: what, rule: rule)
        self.dictionary = dictionary
        self.node = node
        self.path = path
    }

    public subscript(key: String) -> PlistNode? { dictionary[key] }

    /// A string; nil when absent (reported if `required`) or not a string.
    public func string(_ key: String, required: Bool = false, rule: String?, _ log: inout DiagnosticLog) -> String? {
        guard let value = dictionary[key] else {
            if required { log.error("missing key \"\(key)\"", at: node.location, path, rule: rule) }
            return nil
        }
        guard let text = log.string(value, path.appending(key), rule: rule) else { return nil }
        if text.allSatisfy(\.isWhitespace) {
            log.error("\(key) cannot be empty", at: value.location, path.appending(key), rule: rule)
            return nil
        }
        return text
    }

    /// A whole number in `range`; `fallback` when absent, nil when wrong (reported).
    public func integer(_ key: String, in range: ClosedRange<Int>, default fallback: Int?, rule: String?, _ log: inout DiagnosticLog) -> Int? {
        guard let value = dictionary[key] else {
            if fallback == nil { log.error("missing key \"\(key)\"", at: node.location, path, rule: rule) }
            return fallback
        }
        guard let n = log.integer(value, path.appending(key), rule: rule) else { return nil }
        guard range.contains(n) else {
            log.error("\(key) must be in \(range.lowerBound)...\(range.upperBound), not \(n)", at: value.location, path.appending(key), rule: rule)
            return nil
        }
        return n
    }

    /// A number (integer or real) in `range`; `fallback` when absent, nil when wrong (reported).
    public func number(_ key: String, in range: ClosedRange<Double>, default fallback: Double?, rule: String?, _ log: inout DiagnosticLog) -> Double? {
        guard let value = dictionary[key] else {
            if fallback == nil { log.error("missing key \"\(key)\"", at: node.location, path, rule: rule) }
            return fallback
        }
        return Self.number(value, path.appending(key), key, in: range, rule: rule, &log)
    }

    /// A number at `node` in `range`, or nil (reported).
    public static func number(_ node: PlistNode, _ path: PlistPath, _ what: String, in range: ClosedRange<Double>, rule: String?, _ log: inout DiagnosticLog) -> Double? {
        guard let x = node.value.number else {
            log.error("\(what) must be a number, not \(article(node.value.typeName))", at: node.location, path, rule: rule)
            return nil
        }
        guard x.isFinite, range.contains(x) else {
            log.error("\(what) must be in \(range.lowerBound.designerText)...\(range.upperBound.designerText), not \(x.designerText)", at: node.location, path, rule: rule)
            return nil
        }
        return x
    }

    /// One of `choices` by its raw value; `fallback` when absent, nil when wrong (reported with
    /// the nearest choice).
    public func choice<T: RawRepresentable & CaseIterable>(_ key: String, default fallback: T, rule: String?, _ log: inout DiagnosticLog) -> T?
    where T.RawValue == String {
        guard let value = dictionary[key] else { return fallback }
        guard let text = log.string(value, path.appending(key), rule: rule) else { return nil }
        if let known = T(rawValue: text) { return known }
        let names = T.allCases.map(\.rawValue)
        log.error(
            "\"\(text)\" is not one of \(names.joined(separator: ", "))", at: value.location, path.appending(key), rule: rule,
            suggestion: Suggestion.nearest(to: text, in: names).map { "did you mean \"\($0)\"?" })
        return nil
    }
}
