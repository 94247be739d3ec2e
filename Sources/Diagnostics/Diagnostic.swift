/// One message about a design or a file: where, how bad, what rule, and what to do.
///
/// Diagnostics are data. Modules below the command line never print; they return these, and the
/// CLI renders them as compiler-style text, JSON, SARIF or GitHub workflow annotations.
///
/// ```swift
/// let d = Diagnostic(.error, "unknown category \"Carr\"", file: "GameConfig.plist",
///                    location: SourceLocation(line: 212, column: 13),
///                    keyPath: "assembledItems[1].parts[0]", rule: "C4",
///                    suggestion: "did you mean \"Car\"?")
/// print(d)  // GameConfig.plist:212:13: error: assembledItems[1].parts[0]: unknown category "Carr" (did you mean "Car"?) [C4]
/// ```
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable, Codable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    public var severity: Severity
    public var message: String
    /// The file as the user named it (or its base name for embedded files); nil when no file is involved.
    public var file: String?
    public var location: SourceLocation?
    /// Where in the property-list tree, e.g. `assembledItems[1].parts[0]`; empty for the root.
    public var keyPath: String
    /// The id of the rule in RULES.md this follows from (e.g. `C4`), if any.
    public var rule: String?
    /// What to do about it, e.g. `did you mean "Car"?`.
    public var suggestion: String?

    public init(
        _ severity: Severity, _ message: String, file: String? = nil, location: SourceLocation? = nil,
        keyPath: String = "", rule: String? = nil, suggestion: String? = nil
    ) {
        self.severity = severity
        self.message = message
        self.file = file
        self.location = location
        self.keyPath = keyPath
        self.rule = rule
        self.suggestion = suggestion
    }

    /// The compiler-style line: `file:line:col: severity: keyPath: message (suggestion) [rule]`.
    public var description: String {
        var text = ""
        if let file {
            text += file
            if let location {
                text += location.isByteOffset ? ":\(location)" : ":\(location.line):\(location.column)"
            }
            text += ": "
        }
        text += "\(severity.rawValue): "
        if !keyPath.isEmpty { text += "\(keyPath): " }
        text += message
        if let suggestion { text += " (\(suggestion))" }
        if let rule { text += " [\(rule)]" }
        return text
    }

    /// The same diagnostic attributed to `file` (used when a lower layer did not know the name).
    public func inFile(_ file: String) -> Diagnostic {
        var copy = self
        copy.file = file
        return copy
    }
}

extension Sequence where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by file, then position, keeping the order of equal positions.
    public func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { a, b in
            let fa = a.element.file ?? "", fb = b.element.file ?? ""
            if fa != fb { return fa < fb }
            let la = a.element.location ?? .start, lb = b.element.location ?? .start
            if la != lb { return la < lb }
            return a.offset < b.offset
        }.map(\.element)
    }
}
