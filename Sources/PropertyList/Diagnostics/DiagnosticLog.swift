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
    /// The diagnostics kept: the first ``shownLimit``, then one that counts the rest.
    public var diagnostics: [Diagnostic] {
        guard let firstUnshown else { return kept }
        let what = unshownErrors == unshown ? "errors" : "diagnostics (\(unshownErrors.groupedText) errors)"
        return kept + [Diagnostic(
            unshownErrors > 0 ? .error : .warning, "and \(unshown.groupedText) more \(what) in this file from here on, not shown: the first \(Self.shownLimit.groupedText) are",
            file: file, location: firstUnshown.location, keyPath: firstUnshown.keyPath)]
    }
    private var kept: [Diagnostic] = []
    private var unshown = 0
    private var unshownErrors = 0
    private var firstUnshown: (location: SourceLocation?, keyPath: String)?
    /// Every diagnostic added, shown or not: a reader compares it before and after an entry to
    /// know whether the entry added any.
    public private(set) var count = 0
    /// The errors added, shown or not, counted as they come: a reader compares it before and after
    /// an entry to know whether the entry was whole, which must not cost a pass over the log (ten
    /// thousand bad entries made that quadratic, issue 43).
    public private(set) var errorCount = 0

    /// Diagnostics kept per file. A file of a hundred thousand bad entries says what is wrong
    /// with the first thousand and how many more there are, in the time its parsing takes: the
    /// messages past the limit are never built (issue 43), and the thousandth-and-first is no
    /// more telling than the first.
    public static let shownLimit = 1_000

    /// True once the log keeps no more messages: an expensive suggestion need not be computed.
    public var isFull: Bool { kept.count >= Self.shownLimit }

    public init(file: String) { self.file = file }

    public mutating func add(
        _ severity: Diagnostic.Severity, _ message: @autoclosure () -> String, at location: SourceLocation?, _ path: @autoclosure () -> PlistPath,
        rule: String?, suggestion: @autoclosure () -> String? = nil
    ) {
        count += 1
        if severity == .error { errorCount += 1 }
        guard !isFull else {
            if firstUnshown == nil { firstUnshown = (location, path().description) }
            unshown += 1
            if severity == .error { unshownErrors += 1 }
            return
        }
        kept.append(Diagnostic(
            severity, message(), file: file, location: location, keyPath: path().description, rule: rule,
            suggestion: suggestion()))
    }

    public mutating func error(
        _ message: @autoclosure () -> String, at location: SourceLocation?, _ path: @autoclosure () -> PlistPath, rule: String?, suggestion: @autoclosure () -> String? = nil
    ) {
        add(.error, message(), at: location, path(), rule: rule, suggestion: suggestion())
    }

    public mutating func warning(
        _ message: @autoclosure () -> String, at location: SourceLocation?, _ path: @autoclosure () -> PlistPath, rule: String?, suggestion: @autoclosure () -> String? = nil
    ) {
        add(.warning, message(), at: location, path(), rule: rule, suggestion: suggestion())
    }

    public mutating func note(
        _ message: @autoclosure () -> String, at location: SourceLocation?, _ path: @autoclosure () -> PlistPath, rule: String?, suggestion: @autoclosure () -> String? = nil
    ) {
        add(.note, message(), at: location, path(), rule: rule, suggestion: suggestion())
    }

    public var hasErrors: Bool { errorCount > 0 }

    // MARK: - Typed access with messages

    /// The dictionary at `node`, or an error naming what was expected.
    public mutating func dictionary(_ node: PlistNode, _ path: @autoclosure () -> PlistPath, _ what: String, rule: String?) -> PlistDictionary? {
        if let d = node.value.dictionary { return d }
        error("\(what) must be a dict, not \(article(node.value.typeName))", at: node.location, path(), rule: rule)
        return nil
    }

    public mutating func array(_ node: PlistNode, _ path: @autoclosure () -> PlistPath, _ what: String, rule: String?) -> [PlistNode]? {
        if let a = node.value.array { return a }
        error("\(what) must be an array, not \(article(node.value.typeName))", at: node.location, path(), rule: rule)
        return nil
    }

    /// A required key; reports a missing one at the dictionary's location.
    public mutating func required(
        _ key: String, in dictionary: PlistDictionary, at location: SourceLocation, _ path: @autoclosure () -> PlistPath, rule: String?
    ) -> PlistNode? {
        if let node = dictionary[key] { return node }
        error("missing key \"\(key)\"", at: location, path(), rule: rule)
        return nil
    }

    public mutating func string(_ node: PlistNode, _ path: @autoclosure () -> PlistPath, rule: String?) -> String? {
        if let s = node.value.string { return s }
        error("expected a string, found \(article(node.value.typeName))", at: node.location, path(), rule: rule)
        return nil
    }

    public mutating func boolean(_ node: PlistNode, _ path: @autoclosure () -> PlistPath, rule: String?) -> Bool? {
        if let b = node.value.boolean { return b }
        error("expected <true/> or <false/>, found \(article(node.value.typeName))", at: node.location, path(), rule: rule)
        return nil
    }

    /// An integer that fits an Int (reals with an integral value are accepted, as plist editors
    /// sometimes write `Number` as real).
    public mutating func integer(_ node: PlistNode, _ path: @autoclosure () -> PlistPath, rule: String?) -> Int? {
        switch node.value {
        case .integer(let i):
            if let v = i.int64Value, let n = Int(exactly: v) { return n }
            error("integer \(i) is out of range", at: node.location, path(), rule: rule)
        case .real(let r) where r.rounded() == r && abs(r) < 1e15:
            return Int(r)
        default:
            error("expected an integer, found \(article(node.value.typeName))", at: node.location, path(), rule: rule)
        }
        return nil
    }

    /// An array of strings; each wrong element is reported, the good ones kept.
    public mutating func strings(_ node: PlistNode, _ path: @autoclosure () -> PlistPath, rule: String?) -> [String]? {
        guard let items = array(node, path(), "this value", rule: rule) else { return nil }
        var result: [String] = []
        for (i, item) in items.enumerated() {
            if let s = string(item, path().appending(i), rule: rule) { result.append(s) }
        }
        return result.count == items.count ? result : nil
    }

    /// Reports every key of `dictionary` that is not in `known`, with the nearest known key.
    public mutating func rejectUnknownKeys(
        _ dictionary: PlistDictionary, known: [String], _ path: @autoclosure () -> PlistPath, what: String, rule: String?
    ) {
        var candidates: Suggestion.Candidates?
        for key in dictionary.keys where !known.contains(key) {
            if candidates == nil { candidates = Suggestion.Candidates(known) }
            // A key of megabytes is named by its start and length, in the message and its path.
            let shown = quotedName(key)
            error(
                "unknown key \(shown) in \(what)", at: dictionary.keyLocation(key), shown == "\"\(key)\"" ? path().appending(key) : path(), rule: rule,
                suggestion: candidates?.nearest(to: key).map { "did you mean \"\($0)\"?" })
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
