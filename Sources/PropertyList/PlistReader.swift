/// Reads a property list in either on-disk format, telling them apart by their first bytes.
public enum PlistReader {
    public static func read(bytes: [UInt8], limits: PlistLimits = .default) throws(PlistError) -> PlistNode {
        if isBinary(bytes) { return try BinaryPlistReader.read(bytes: bytes, limits: limits) }
        return try XMLPlistReader.read(bytes: bytes, limits: limits)
    }

    /// `bplist` magic; the two version bytes are checked by the binary reader.
    public static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 6 && bytes[0..<6].elementsEqual("bplist".utf8)
    }

    public static func format(of bytes: [UInt8]) -> PlistFormat { isBinary(bytes) ? .binary : .xml }
}
