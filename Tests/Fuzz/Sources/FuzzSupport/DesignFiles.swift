import GameSeam

extension FuzzInput {
    /// What separates a design's files in one input, for the targets that read a design of
    /// several files (fuzz-shaky-words, fuzz-turn-tracker, fuzz-tabula); plist.dict holds it too.
    public static let fileSeparator: [UInt8] = Array("\n--- next file ---\n".utf8)

    /// `bytes` as the files `names`, in that order, cut at the first `names.count - 1`
    /// separators (the last file keeps any further ones). Without a separator every file is the
    /// whole input (each reader gets the bytes); with fewer parts than names, the files left
    /// over are absent, as in a design directory without them.
    public static func files(_ bytes: [UInt8], named names: [String]) -> [String: [UInt8]] {
        var parts: [[UInt8]] = []
        var start = 0, i = 0
        let separator = fileSeparator
        while parts.count < names.count - 1, i + separator.count <= bytes.count {
            if bytes[i] == separator[0], bytes[i..<(i + separator.count)].elementsEqual(separator) {
                parts.append(Array(bytes[start..<i]))
                i += separator.count
                start = i
            } else {
                i += 1
            }
        }
        parts.append(Array(bytes[start...]))
        guard parts.count > 1 else { return Dictionary(uniqueKeysWithValues: names.map { ($0, bytes) }) }
        return Dictionary(uniqueKeysWithValues: zip(names, parts).map { ($0, $1) })
    }
}

/// A design's files held in memory, as a game's `check` is handed a directory (the seam asks a
/// game for no I/O): the targets read designs without the file system.
public struct MemoryDesign: DesignFolder {
    public var files: [String: [UInt8]]
    /// Nil: the built-in design (Relentless's), whole.
    public var directory: String?

    public init(_ files: [String: [UInt8]], directory: String? = "fuzz") {
        self.files = files
        self.directory = directory
    }

    public var label: String { directory ?? "<built-in>" }
    public var namedFiles: [String: String] { [:] }

    public func file(_ name: String) throws(DesignFileError) -> DesignFile? {
        files[name].map { DesignFile(path: "\(label)/\(name)", bytes: $0) }
    }
}
