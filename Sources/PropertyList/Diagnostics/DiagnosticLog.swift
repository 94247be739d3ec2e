import Diagnostics

/// Collects the diagnostics of one file while a reader or check walks it.
///
/// ```swift
/// var log = DiagnosticLog(file: "Design.plist")
/// if let dict = log.dictionary(root, PlistPath(), "the design", rule: nil),
///    let name = log.required("name", in: dict, at: root.location, PlistPath(), rule: nil) {
///     _ = log.string(name, PlistPath().appending("name"), rule: nil)
/// }
/// if log.hasErrors { print(log.diagnostics) }
/// ```
public struct DiagnosticLog: Sendable {
    public let file: String
    public private(set) var diagnostics: [Diagnostic] = []

    public init(file: String) { self.file = file }

    public mutating func add(
        _ severity: Diagnostic.Severity, _ message: String, at location: SourceLocation?, _ path: PlistPath,
        rule: String?, suggestion: String? = nil
    ) {
        diagnostics.append(Diagnostic(
            severity, message, file: file, location: location, keyPath: path.description, rule: rule,
            suggestion: suggestion))
    }

    public mutating func error(_ message: String, at location: SourceLocation?, _ path: PlistPath, rule: String?, suggestion: String? = nil) {
        add(.error, message, at: location, path, rule: rule, suggestion: suggestion)
    }

    public mutating func warning(_ message: String, at location: SourceLocation?, _ path: PlistPath, rule: String?, suggestion: String? = nil) {
        add(.warning, message, at: location, path, rule: rule, suggestion: suggestion)
    }

    public mutating func note(_ message: String, at location: SourceLocation?, _ path: PlistPath, rule: String?, suggestion: String? = nil) {
        add(.note, message, at: location, path, rule: rule, suggestion: suggestion)
    }

    public var hasErrors: Bool { diagnostics.hasErrors }

    // MARK: - Typed access with messages

    /// The dictionary at `node`, or an error naming what was expected.
    public mutating func dictionary(_ node: PlistNode, _ path: PlistPath, _ what: String, rule: String?) -> PlistDictionary? {
        if let d = node.value.dictionary { return d }
        error("\(what) must be a dict, not \(article(node.value.typeName))", at: node.location, path, rule: rule)
        return nil
    }

    public mutating func array(_ node: PlistNode, _ path: PlistPath, _ what: String, rule: String?) -> [PlistNode]? {
        if let a = node.value.array { return a }
        error("\(what) must be an array, not \(article(node.value.typeName))", at: node.location, path, rule: rule)
        return nil
    }

    /// A required key; reports a missing one at the dictionary's location.
    public mutating func required(
        _ key: String, in dictionary: PlistDictionary, at location: SourceLocation, _ path: PlistPath, rule: String?
    ) -> PlistNode? {
        if let node = dictionary[key] { return node }
        error("missing key \"\(key)\"", at: location, path, rule: rule)
        return nil
    }

    public mutating func string(_ node: PlistNode, _ path: PlistPath, rule: String?) -> String? {
        if let s = node.value.string { return s }
        error("expected a string, found \(article(node.value.typeName))", at: node.location, path, rule: rule)
        return nil
    }

    public mutating func boolean(_ node: PlistNode, _ path: PlistPath, rule: String?) -> Bool? {
        if let b = node.value.boolean { return b }
        error("expected <true/> or <false/>, found \(article(node.value.typeName))", at: node.location, path, rule: rule)
        return nil
    }

    /// An integer that fits an Int (reals with an integral value are accepted, as plist editors
    /// sometimes write `Number` as real).
    public mutating func integer(_ node: PlistNode, _ path: PlistPath, rule: String?) -> Int? {
        switch node.value {
        case .integer(let i):
            if let v = i.int64Value, let n = Int(exactly: v) { return n }
            error("integer \(i) is out of range", at: node.location, path, rule: rule)
        case .real(let r) where r.rounded() == r && abs(r) < 1e15:
            return Int(r)
        default:
            error("expected an integer, found \(article(node.value.typeName))", at: node.location, path, rule: rule)
        }
        return nil
    }

    /// An array of strings; each wrong element is reported, the good ones kept.
    public mutating func strings(_ node: PlistNode, _ path: PlistPath, rule: String?) -> [String]? {
        guard let items = array(node, path, "this value", rule: rule) else { return nil }
        var result: [String] = []
        for (i, item) in items.enumerated() {
            if let s = string(item, path.appending(i), rule: rule) { result.append(s) }
        }
        return result.count == items.count ? result : nil
    }

    /// Reports every key of `dictionary` that is not in `known`, with the nearest known key.
    public mutating func rejectUnknownKeys(
        _ dictionary: PlistDictionary, known: [String], _ path: PlistPath, what: String, rule: String?
    ) {
        for key in dictionary.keys where !known.contains(key) {
            // A key of megabytes is named by its start and length, in the message and its path.
            let shown = quotedName(key)
            error(
                "unknown key \(shown) in \(what)", at: dictionary.keyLocation(key), shown == "\"\(key)\"" ? path.appending(key) : path, rule: rule,
                suggestion: Suggestion.nearest(to: key, in: known).map { "did you mean \"\($0)\"?" })
        }
    }
}

/// `typeName` (a plist type such as `integer`, `array`) with its indefinite article, for messages:
///
/// ```swift
/// article("integer")  // "an <integer>"
/// article("string")   // "a <string>"
/// ```
public func article(_ typeName: String) -> String {
    ["a", "e", "i", "o", "u"].contains(typeName.prefix(1)) ? "an <\(typeName)>" : "a <\(typeName)>"
}
