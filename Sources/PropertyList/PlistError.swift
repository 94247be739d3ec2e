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

    public init() {}

    public static let `default` = PlistLimits()
}

/// The on-disk formats Playbench reads and writes.
public enum PlistFormat: String, Sendable, CaseIterable {
    case xml, binary, json
}
