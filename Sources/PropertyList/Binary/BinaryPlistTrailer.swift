import Diagnostics

/// The header and the 32-byte trailer of a `bplist00` file, checked before anything is allocated.
///
/// The trailer is the map of the whole file: how wide offsets and object references are, how
/// many objects there are, which one is the root and where the offset table starts. Every field
/// is attacker-controlled, so each is checked against the file's real size (with overflow-checked
/// arithmetic) here, once, and the decoder may then rely on:
///
/// - `offsetIntSize` and `objectRefSize` are 1...8 (any width, not only powers of two, as
///   CoreFoundation reads them);
/// - `1 <= objectCount <= limits.maxObjects`, and `topObject < objectCount`;
/// - the offset table lies wholly between the first object byte (9) and the trailer;
/// - every offset-table entry points into the object area, `8..<offsetTableOffset`.
///
/// As CoreFoundation does, any `bplist0?` version is accepted; `bplist1?` (a different format)
/// is not. Bytes between the offset table and the trailer are tolerated, as most readers do.
struct BinaryPlistTrailer {
    static let headerSize = 8
    static let size = 32

    let offsetIntSize: Int
    let objectRefSize: Int
    let objectCount: Int
    let topObject: Int
    let offsetTableOffset: Int

    init(_ bytes: BinaryPlistBytes, limits: PlistLimits) throws(PlistError) {
        let fileSize = bytes.count
        guard fileSize <= limits.maxInputBytes else {
            throw PlistError("file is \(fileSize) bytes; the limit is \(limits.maxInputBytes)", at: .byteOffset(0))
        }
        guard bytes.matches("bplist".utf8, at: 0) else {
            throw PlistError("not a binary property list: no \"bplist\" header", at: .byteOffset(0))
        }
        guard bytes.matches("bplist0".utf8, at: 0), fileSize >= Self.headerSize else {
            let version = bytes.bytes(at: 6, count: min(2, max(0, fileSize - 6))) ?? []
            throw PlistError(
                "unsupported binary property list version \"\(String(decoding: version, as: UTF8.self))\"",
                at: .byteOffset(6))
        }
        // Header, at least one object byte, one offset byte, and the trailer.
        let minimumSize = Self.headerSize + 2 + Self.size
        guard fileSize >= minimumSize else {
            throw PlistError(
                "file is \(fileSize) bytes, too short for a binary property list (at least \(minimumSize))",
                at: .byteOffset(0))
        }
        let start = fileSize - Self.size
        let at = SourceLocation.byteOffset(start)
        guard let offsetSize = bytes.byte(at: start + 6), let refSize = bytes.byte(at: start + 7),
            let rawCount = bytes.unsigned(at: start + 8, size: 8),
            let rawTop = bytes.unsigned(at: start + 16, size: 8),
            let rawTable = bytes.unsigned(at: start + 24, size: 8)
        else { throw PlistError("trailer is truncated", at: at) }

        guard (1...8).contains(offsetSize) else {
            throw PlistError("trailer: offset size \(offsetSize) is not 1 to 8 bytes", at: .byteOffset(start + 6))
        }
        guard (1...8).contains(refSize) else {
            throw PlistError("trailer: object reference size \(refSize) is not 1 to 8 bytes", at: .byteOffset(start + 7))
        }
        guard rawCount >= 1 else { throw PlistError("trailer: the file has no objects", at: at) }
        guard rawCount <= UInt64(max(0, limits.maxObjects)) else {
            throw PlistError("trailer: \(rawCount) objects; the limit is \(limits.maxObjects)", at: at)
        }
        guard rawTop < rawCount else {
            throw PlistError("trailer: top object \(rawTop) is not among the \(rawCount) objects", at: at)
        }
        // The object area runs from the header to the offset table, and holds at least one byte.
        guard rawTable > UInt64(Self.headerSize), rawTable < UInt64(start) else {
            throw PlistError(
                "trailer: offset table at byte \(rawTable) is outside the file's object area (9..<\(start))", at: at)
        }
        let count = Int(rawCount), table = Int(rawTable)
        guard let tableSize = CheckedSize.multiply(count, Int(offsetSize)),
            let tableEnd = CheckedSize.add(table, tableSize), tableEnd <= start
        else {
            throw PlistError(
                "trailer: offset table of \(count) \(offsetSize)-byte entries at byte \(table) runs past the trailer",
                at: at)
        }
        offsetIntSize = Int(offsetSize)
        objectRefSize = Int(refSize)
        objectCount = count
        topObject = Int(rawTop)
        offsetTableOffset = table
        try checkOffsets(bytes)
    }

    /// Checks every offset-table entry without allocating: each must point into the object area.
    private func checkOffsets(_ bytes: BinaryPlistBytes) throws(PlistError) {
        for index in 0..<objectCount {
            _ = try offset(of: index, in: bytes)
        }
    }

    /// The byte offset of object `index` (which the caller has checked is below `objectCount`).
    /// Inlined, with its messages apart: the decoder asks for an offset per object.
    @inline(__always)
    func offset(of index: Int, in bytes: BinaryPlistBytes) throws(PlistError) -> Int {
        let entry = offsetTableOffset &+ index &* offsetIntSize  // cannot overflow: checked in init
        guard let raw = bytes.unsigned(at: entry, size: offsetIntSize),
            raw >= UInt64(Self.headerSize), raw < UInt64(offsetTableOffset)
        else { throw Self.offsetError(index, table: offsetTableOffset, width: offsetIntSize, in: bytes) }
        return Int(raw)
    }

    /// Static, with the fields it needs, so that callers need not keep the trailer in memory.
    @inline(never)
    private static func offsetError(_ index: Int, table offsetTableOffset: Int, width offsetIntSize: Int, in bytes: BinaryPlistBytes) -> PlistError {
        let entry = offsetTableOffset + index * offsetIntSize
        guard let raw = bytes.unsigned(at: entry, size: offsetIntSize) else {
            return PlistError("offset table entry \(index) is truncated", at: .byteOffset(entry))
        }
        return PlistError(
            "offset table entry \(index) points at byte \(raw), outside the objects (8..<\(offsetTableOffset))",
            at: .byteOffset(entry))
    }
}
