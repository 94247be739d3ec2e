/// A position in a source file: 1-based line and column for text files, or a byte offset for
/// binary ones (binary property lists have no lines).
///
/// Every value read from a property list keeps one, so that a message about it, however much
/// later, can point at the exact place a designer has to edit.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    // Stored in 32 bits each: every value of a parsed tree carries one, and halving it cuts the
    // tree's memory noticeably. Files past 2^31 lines or bytes are refused long before this.
    private var storedLine: Int32
    private var storedColumn: Int32

    /// 1-based line; 0 when the position is a byte offset.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    /// 1-based column (characters) on `line`, or the 0-based byte offset when `line` is 0.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    /// A position in a binary file.
    public static func byteOffset(_ offset: Int) -> SourceLocation {
        SourceLocation(line: 0, column: offset)
    }

    /// The location of a thing that has no better position (a missing key, a whole file).
    public static let start = SourceLocation(line: 1, column: 1)

    public var isByteOffset: Bool { line == 0 }

    /// `12:5`, or `@1234` for a byte offset.
    public var description: String {
        isByteOffset ? "@\(column)" : "\(line):\(column)"
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}
