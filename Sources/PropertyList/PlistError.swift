import Diagnostics

/// Why a file is not a property list, and where.
///
/// Readers throw this and only this; the CLI turns it into a ``Diagnostic``.
public struct PlistError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation
    /// Where in the tree the problem is, e.g. `items[3].name`, when known.
    public var keyPath: String

    public init(_ message: String, at location: SourceLocation, keyPath: String = "") {
        self.message = message
        self.location = location
        self.keyPath = keyPath
    }

    public var description: String { "\(location): \(keyPath.isEmpty ? "" : keyPath + ": ")\(message)" }

    public func diagnostic(file: String?) -> Diagnostic {
        Diagnostic(.error, message, file: file, location: location, keyPath: keyPath)
    }
}

/// Limits that keep hostile input from costing more than a bounded amount of time and memory.
public struct PlistLimits: Sendable, Equatable {
    /// Containers nested deeper than this are refused (CoreFoundation's limit is 512).
    public var maxDepth: Int = 512
    /// Input files larger than this are refused before parsing.
    public var maxInputBytes: Int = 512 << 20
    /// Binary plists: more objects than this are refused before allocating for them.
    public var maxObjects: Int = 50_000_000
    /// Keyed archives: a resolved tree of more values than this is refused. Objects referred to
    /// from several places are written out at each, so a small archive can stand for a huge tree.
    public var maxUnarchivedValues: Int = 5_000_000
    /// A string or key longer than this many UTF-8 bytes is refused where it starts. Unbounded
    /// here (a property list may hold any text); design files read with ``design``.
    public var maxStringBytes: Int = .max
    /// An array or dict of more entries than this is refused at its start. Unbounded here;
    /// design files read with ``design``.
    public var maxContainerEntries: Int = .max

    public init() {}

    public static let `default` = PlistLimits()

    /// The limits of a game's design files and logs: ``designStringBytes`` to a string, so that
    /// no name, key, expression or question costs the checks after the parser more than a short
    /// one would (issue 43: a 50 MB name cost minutes; the longest shipped string is 127 bytes).
    public static let design: PlistLimits = {
        var limits = PlistLimits()
        limits.maxStringBytes = designStringBytes
        limits.maxContainerEntries = designContainerEntries
        return limits
    }()

    /// 64 KiB: a page of text, far past any name, question or expression a design needs.
    public static let designStringBytes = 65_536

    /// 100,000 entries in a list or dict: far past any list a design or a log holds
    /// (the largest shipped list has 30), and a bound every check after the parser can count on
    /// before it reads an entry (issue 43).
    public static let designContainerEntries = 100_000

    /// The message for a container past `maxContainerEntries`.
    func overfull(_ what: String, entries: Int) -> String {
        "\(article(what)) of \(entries.groupedText) entries: design files hold at most \(maxContainerEntries.groupedText) in \(article(what))"
    }

    /// The message for a string past `maxStringBytes` (`what`: "string" or "key"), of `bytes`
    /// bytes when known (the XML reader stops reading it at the limit).
    func overlong(_ what: String, bytes: Int?) -> String {
        let size = bytes.map { "of \($0.groupedText) bytes" } ?? "longer than \(maxStringBytes.groupedText) bytes"
        return "a \(what) \(size): design files hold at most \(maxStringBytes.groupedText) bytes (64 KiB) in a \(what)"
    }
}

/// The on-disk formats Playbench reads and writes.
public enum PlistFormat: String, Sendable, CaseIterable {
    case xml, binary, json
}
