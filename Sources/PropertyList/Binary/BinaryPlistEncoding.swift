/// The byte encodings of binary-plist objects, as CoreFoundation writes them.
///
/// Integers take the fewest of 1, 2, 4 or 8 bytes (1, 2 and 4-byte ones are unsigned); negative
/// ones always 8 bytes; those above Int64.max 16 bytes with the high 8 zero. Reals are always
/// 8-byte doubles so that every Double survives, NaN payloads and -0.0 included. Strings are
/// ASCII when every byte is below 0x80, else UTF-16BE. Widths of references, offsets and UIDs
/// are 1, 2, 4 or 8 bytes: the sizes every reader handles, not only the lenient ones.
enum BinaryPlistEncoding {
    /// The bytes of a non-container value (nil for arrays and dictionaries).
    static func scalar(_ value: PlistValue) -> [UInt8]? {
        var out: [UInt8] = []
        switch value {
        case .boolean(let flag):
            out.append(flag ? 0x09 : 0x08)
        case .integer(let integer):
            appendInteger(integer, to: &out)
        case .real(let real):
            out.append(0x23)
            appendUnsigned(real.bitPattern, size: 8, to: &out)
        case .date(let date):
            out.append(0x33)
            appendUnsigned(date.secondsSinceReferenceDate.bitPattern, size: 8, to: &out)
        case .data(let bytes):
            appendHeader(0x40, count: bytes.count, to: &out)
            out.append(contentsOf: bytes)
        case .string(let text):
            appendString(text, to: &out)
        case .uid(let uid):
            let size = width(uid)
            out.append(0x80 | UInt8(size - 1))
            appendUnsigned(uid, size: size, to: &out)
        case .array, .dictionary:
            return nil
        }
        return out
    }

    static func appendString(_ text: String, to out: inout [UInt8]) {
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            appendHeader(0x50, count: utf8.count, to: &out)
            out.append(contentsOf: utf8)
        } else {
            let utf16 = text.utf16
            appendHeader(0x60, count: utf16.count, to: &out)
            out.reserveCapacity(out.count + 2 * utf16.count)
            for unit in utf16 {
                out.append(UInt8(truncatingIfNeeded: unit >> 8))
                out.append(UInt8(truncatingIfNeeded: unit))
            }
        }
    }

    static func appendInteger(_ integer: PlistInteger, to out: inout [UInt8]) {
        if let signed = integer.int64Value, signed < 0 {
            out.append(0x13)
            appendUnsigned(UInt64(bitPattern: signed), size: 8, to: &out)
        } else if integer.needsUnsignedStorage, let unsigned = integer.uint64Value {
            out.append(0x14)
            appendUnsigned(0, size: 8, to: &out)
            appendUnsigned(unsigned, size: 8, to: &out)
        } else {
            appendUnsignedInteger(integer.uint64Value ?? 0, to: &out)
        }
    }

    /// A non-negative integer object in the fewest bytes (also used for counts).
    static func appendUnsignedInteger(_ value: UInt64, to out: inout [UInt8]) {
        let size = width(value)
        out.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendUnsigned(value, size: size, to: &out)
    }

    /// A marker with its count: in the low nibble below 15, else nibble 0xF and an integer.
    static func appendHeader(_ marker: UInt8, count: Int, to out: inout [UInt8]) {
        if count < 15 {
            out.append(marker | UInt8(count))
        } else {
            out.append(marker | 0x0F)
            appendUnsignedInteger(UInt64(count), to: &out)
        }
    }

    static func appendUnsigned(_ value: UInt64, size: Int, to out: inout [UInt8]) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
            out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// The fewest of 1, 2, 4 or 8 bytes that hold `value`.
    static func width(_ value: UInt64) -> Int {
        switch value {
        case 0...0xFF: 1
        case 0...0xFFFF: 2
        case 0...0xFFFF_FFFF: 4
        default: 8
        }
    }
}
