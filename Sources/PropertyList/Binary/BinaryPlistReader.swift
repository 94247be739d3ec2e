import Diagnostics

/// Reads Apple's binary property lists (`bplist00`).
///
/// The format is a header, the objects, a table of their byte offsets, and a 32-byte trailer
/// saying where the table is and which object is the root. Every number in it comes from the
/// file, so the reader is written for hostile input: the trailer is checked against the file
/// size before anything is allocated, every count against the bytes that remain, every object
/// reference against the object count, all with overflow-checked arithmetic; cycles, nesting
/// beyond ``PlistLimits/maxDepth`` and trees that shared references blow up past
/// ``PlistLimits/maxObjects`` values are refused, without recursion. Failures throw a
/// ``PlistError`` located at the byte offset of the object at fault; nothing traps.
///
/// Every value's location is `.byteOffset` of its object; a dictionary's key locations are
/// those of its key objects. Where readers differ: null (0x00) and fill (0x0F) objects are
/// refused, sets are read as arrays, ASCII strings with bytes above 0x7F are refused, UTF-8
/// strings (0x7n) are accepted, dates are not range-checked, and duplicate keys are an error
/// (details in `BinaryPlistObjectParser`).
///
/// ```swift
/// let root = try BinaryPlistReader.read(bytes: BinaryPlistWriter.write(["n": 3]))
/// root.value.dictionary?["n"]?.location  // SourceLocation.byteOffset(13)
/// ```
public enum BinaryPlistReader {
    public static func read(bytes: [UInt8], limits: PlistLimits = .default) throws(PlistError) -> PlistNode {
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(PlistError) in try read(buffer, limits: limits) }
        }
        return try outcome.get()
    }

    /// Reads from memory the caller owns (a mapped file, say) without copying it.
    public static func read(
        _ buffer: UnsafeRawBufferPointer, limits: PlistLimits = .default
    ) throws(PlistError) -> PlistNode {
        let bytes = BinaryPlistBytes(buffer)
        let trailer = try BinaryPlistTrailer(bytes, limits: limits)
        let parser = BinaryPlistObjectParser(bytes: bytes, trailer: trailer)
        var decoder = BinaryPlistTreeDecoder(parser: parser, limits: limits)
        return try decoder.decode()
    }
}
