/// A design's files as a command found them: a directory the user named, files named one by one,
/// or a design built into the tool. The command does the reading; the game only asks by name, so
/// a game's own code does no I/O and tests can hand it files from memory.
public protocol DesignFolder: Sendable {
    /// The directory as the user named it; nil for a built-in design or files named one by one.
    var directory: String? { get }

    /// How messages name the design ("Designs/mygame", "the shipped design (built in)").
    var label: String { get }

    /// Files named one by one on the command line: the ``DesignFileOption/option`` → the path.
    var namedFiles: [String: String] { get }

    /// The design's file `name` ("Coin.plist"), or nil when the design has none.
    func file(_ name: String) throws(DesignFileError) -> DesignFile?
}

/// A file's bytes and how messages name it (its path as the user would write it).
public struct DesignFile: Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// A design's file that exists but cannot be read (the command exits 74), or a named file that
/// is not there (66).
public struct DesignFileError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable { case missing, unreadable }

    public var kind: Kind
    public var path: String
    public var reason: String

    public init(kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
