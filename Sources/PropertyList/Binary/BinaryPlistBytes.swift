/// Bounds-checked big-endian reads from the bytes of a binary property list.
///
/// Every read the binary reader makes goes through here, and every one says nil rather than
/// touching a byte outside the buffer: positions in a binary plist come from the file itself, so
/// none of them can be trusted. Keeping the checks in one small type keeps the rest free of
/// index arithmetic that could trap or overflow.
struct BinaryPlistBytes {
    private let buffer: UnsafeRawBufferPointer

    init(_ buffer: UnsafeRawBufferPointer) { self.buffer = buffer }

    var count: Int { buffer.count }

    /// The byte at `position`, or nil outside the buffer.
    func byte(at position: Int) -> UInt8? {
        guard position >= 0, position < buffer.count else { return nil }
        return buffer[position]
    }

    /// The `size`-byte (1...8) unsigned big-endian integer at `position`, or nil when any of its
    /// bytes lies at or past `end` (or outside the buffer).
    @inline(__always)  // every reference and offset is read here
    func unsigned(at position: Int, size: Int, end: Int? = nil) -> UInt64? {
        // Two comparisons: with `size` at most 8 and the limit at least 0, neither side overflows.
        guard (1...8).contains(size), position >= 0, position <= min(buffer.count, end ?? buffer.count) - size else {
            return nil
        }
        // Whole loads for the widths writers use.
        switch size {
        case 1: return UInt64(buffer[position])
        case 2: return UInt64(UInt16(bigEndian: buffer.loadUnaligned(fromByteOffset: position, as: UInt16.self)))
        case 4: return UInt64(UInt32(bigEndian: buffer.loadUnaligned(fromByteOffset: position, as: UInt32.self)))
        case 8: return UInt64(bigEndian: buffer.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        default:
            var value: UInt64 = 0
            for i in position..<(position + size) { value = value << 8 | UInt64(buffer[i]) }
            return value
        }
    }

    /// The `count` bytes at `position`, or nil when they do not all lie before `end`.
    func bytes(at position: Int, count: Int, end: Int? = nil) -> [UInt8]? {
        region(at: position, count: count, end: end).map { Array($0) }
    }

    /// The `count` bytes at `position`, in place, or nil when they do not all lie before `end`.
    /// Valid while the reader's buffer is.
    func region(at position: Int, count: Int, end: Int? = nil) -> UnsafeRawBufferPointer? {
        guard count >= 0, let last = checkedEnd(position, count, limit: end) else { return nil }
        return UnsafeRawBufferPointer(rebasing: buffer[position..<last])
    }

    /// Whether the bytes at `position` are exactly `expected`.
    func matches(_ expected: some Collection<UInt8>, at position: Int) -> Bool {
        guard let last = checkedEnd(position, expected.count, limit: nil) else { return false }
        return buffer[position..<last].elementsEqual(expected)
    }

    /// `position + length` when that range lies inside the buffer and before `limit`.
    @inline(__always)
    private func checkedEnd(_ position: Int, _ length: Int, limit: Int?) -> Int? {
        guard position >= 0, length >= 0 else { return nil }
        let (last, overflow) = position.addingReportingOverflow(length)
        guard !overflow, last <= buffer.count, last <= (limit ?? buffer.count) else { return nil }
        return last
    }
}

/// Overflow-checked arithmetic for sizes read from a file: nil instead of a trap.
enum CheckedSize {
    static func multiply(_ a: Int, _ b: Int) -> Int? {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : product
    }

    static func add(_ a: Int, _ b: Int) -> Int? {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : sum
    }
}
