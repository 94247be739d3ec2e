import Diagnostics

/// One object of a binary plist, parsed on its own: a finished value, or a container whose
/// object references are still to be followed.
enum BinaryPlistObject {
    case scalar(PlistValue)
    case container(BinaryPlistContainer)
}

/// An array, set or dictionary whose `count` and reference bytes have been checked against the
/// object area, so that reading any of its references is in bounds.
struct BinaryPlistContainer {
    enum Kind { case array, set, dictionary }

    let kind: Kind
    let count: Int
    /// Where the references start; a dictionary has `count` key references, then `count` values.
    let referencesStart: Int
}

/// Parses single objects: the marker byte, the count that follows it, and the payload.
///
/// Choices where readers differ (CoreFoundation is followed unless noted):
/// - `null` (0x00) is refused: ``PlistValue`` has no null, and CoreFoundation does not count
///   kCFNull as a property-list object either. `fill` (0x0F) is refused, as CoreFoundation does.
/// - 1, 2 and 4-byte integers are unsigned, 8-byte ones signed. A 16-byte integer must fit in
///   Int64.min...UInt64.max: high 8 bytes zero (the low 8 are then unsigned), or all ones with the
///   low 8 bytes negative (a sign-extended negative number); any other is out of range.
/// - Reals are 4 or 8 bytes; dates only `0x33`. Dates are not range-checked (CF keeps NaN too).
/// - ASCII strings (0x5n) with bytes 0x80 and above are refused (as CPython's reader does)
///   rather than guessed at as Latin-1 or MacRoman; Apple's writer never emits them. UTF-16
///   strings must be valid UTF-16 (no unpaired surrogates). 0x7n UTF-8 strings, which
///   CoreFoundation reserves for a later format version, are refused, as CoreFoundation does.
/// - UIDs are 1 to 8 bytes. Sets (0xCn) are read as arrays, in file order.
struct BinaryPlistObjectParser {
    let bytes: BinaryPlistBytes
    let trailer: BinaryPlistTrailer

    /// Objects end where the offset table begins.
    private var end: Int { trailer.offsetTableOffset }

    @inline(__always)
    func offset(of index: Int) throws(PlistError) -> Int {
        try trailer.offset(of: index, in: bytes)
    }

    /// Object `index` with its offset, which every parse and every message needs.
    @inline(__always)
    func position(of index: Int) throws(PlistError) -> BinaryPlistPosition {
        BinaryPlistPosition(index: index, offset: try offset(of: index))
    }

    /// The object at `at`, which `position(of:)` found.
    func parse(_ at: BinaryPlistPosition) throws(PlistError) -> BinaryPlistObject {
        let offset = at.offset
        guard let marker = bytes.byte(at: offset) else { throw at.error("object is missing") }
        switch marker >> 4 {
        case 0x0: return .scalar(try singleton(marker, at))
        case 0x1: return .scalar(.integer(try integer(marker, at)))
        case 0x2: return .scalar(.real(try real(marker, at)))
        case 0x3:
            guard marker == 0x33 else { throw at.error("unknown object type \(hex(marker))") }
            guard let bits = bytes.unsigned(at: offset + 1, size: 8, end: end) else {
                throw at.error("date is truncated")
            }
            return .scalar(.date(PlistDate(secondsSinceReferenceDate: Double(bitPattern: bits))))
        case 0x4:
            let (count, start) = try countAndStart(marker, at, "data")
            let length = try payloadLength(count, unit: 1, start: start, at, "data")
            return .scalar(.data(Array(try read(start, length, at, "data"))))
        case 0x5: return .scalar(.string(try asciiString(marker, at)))
        case 0x6: return .scalar(.string(try utf16String(marker, at)))
        case 0x7:
            // CoreFoundation reserves 0x7n (UTF-8 strings) for a later format version and
            // rejects it in bplist00, as swift-foundation and CPython do; so do we.
            throw at.error("object type \(hex(marker)) (utf-8 string) is not part of bplist00")
        case 0x8:
            let size = Int(marker & 0x0F) + 1
            guard size <= 8 else { throw at.error("uid of \(size) bytes is too large (at most 8)") }
            guard let value = bytes.unsigned(at: offset + 1, size: size, end: end) else {
                throw at.error("uid is truncated")
            }
            return .scalar(.uid(value))
        case 0xA: return .container(try container(.array, marker, at, "array"))
        case 0xC: return .container(try container(.set, marker, at, "set"))
        case 0xD: return .container(try container(.dictionary, marker, at, "dictionary"))
        default: throw at.error("unknown object type \(hex(marker))")
        }
    }

    /// The object index stored in reference slot `slot` of `container` (object `at`).
    @inline(__always)  // once per reference
    func reference(
        _ slot: Int, of container: BinaryPlistContainer, _ at: BinaryPlistPosition
    ) throws(PlistError) -> Int {
        guard let index = referenceIfValid(slot, of: container) else { throw referenceError(slot, of: container, at) }
        return index
    }

    /// The object index in reference slot `slot` of `container`, or nil where `reference` throws.
    @inline(__always)
    func referenceIfValid(_ slot: Int, of container: BinaryPlistContainer) -> Int? {
        // Cannot overflow for a slot below the count: the container's reference bytes were
        // checked against the object area. (Any other position fails the read's bounds check.)
        let position = container.referencesStart &+ slot &* trailer.objectRefSize
        guard let raw = bytes.unsigned(at: position, size: trailer.objectRefSize, end: end),
            raw < UInt64(trailer.objectCount)
        else { return nil }
        return Int(raw)
    }

    @inline(never)
    private func referenceError(
        _ slot: Int, of container: BinaryPlistContainer, _ at: BinaryPlistPosition
    ) -> PlistError {
        let position = container.referencesStart + slot * trailer.objectRefSize
        guard let raw = bytes.unsigned(at: position, size: trailer.objectRefSize, end: end) else {
            return at.error("reference \(slot) is truncated")
        }
        return at.error("reference to object \(raw), but there are only \(trailer.objectCount) objects")
    }

    // MARK: - Scalars

    private func singleton(_ marker: UInt8, _ at: BinaryPlistPosition) throws(PlistError) -> PlistValue {
        switch marker {
        case 0x08: return .boolean(false)
        case 0x09: return .boolean(true)
        case 0x00: throw at.error("null object (0x00) is not a property-list value")
        case 0x0F: throw at.error("fill byte (0x0f) is not a property-list value")
        default: throw at.error("unknown object type \(hex(marker))")
        }
    }

    private func integer(_ marker: UInt8, _ at: BinaryPlistPosition) throws(PlistError) -> PlistInteger {
        let exponent = marker & 0x0F
        guard exponent <= 4 else {
            throw at.error("integer marker \(hex(marker)): only 1 to 16-byte integers exist")
        }
        let size = 1 << Int(exponent)
        let start = at.offset + 1
        if size == 16 {
            guard let high = bytes.unsigned(at: start, size: 8, end: end),
                let low = bytes.unsigned(at: start + 8, size: 8, end: end)
            else { throw at.error("16-byte integer is truncated") }
            if high == 0 { return PlistInteger(low) }
            if high == .max, low >> 63 == 1 { return PlistInteger(Int64(bitPattern: low)) }
            throw at.error("16-byte integer is out of range (Int64.min to UInt64.max)")
        }
        guard let value = bytes.unsigned(at: start, size: size, end: end) else {
            throw at.error("\(size)-byte integer is truncated")
        }
        return size == 8 ? PlistInteger(Int64(bitPattern: value)) : PlistInteger(value)
    }

    private func real(_ marker: UInt8, _ at: BinaryPlistPosition) throws(PlistError) -> Double {
        switch marker & 0x0F {
        case 2:
            guard let bits = bytes.unsigned(at: at.offset + 1, size: 4, end: end) else {
                throw at.error("4-byte real is truncated")
            }
            return Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
        case 3:
            guard let bits = bytes.unsigned(at: at.offset + 1, size: 8, end: end) else {
                throw at.error("8-byte real is truncated")
            }
            return Double(bitPattern: bits)
        default:
            throw at.error("real marker \(hex(marker)): only 4 and 8-byte reals exist")
        }
    }

    private func asciiString(_ marker: UInt8, _ at: BinaryPlistPosition) throws(PlistError) -> String {
        let (count, start) = try countAndStart(marker, at, "ascii string")
        let length = try payloadLength(count, unit: 1, start: start, at, "ascii string")
        let text = try read(start, length, at, "ascii string")
        // Straight from the file's bytes: no copy but the String's own.
        if let bad = Self.firstNonASCII(text) {
            throw at.error(
                "ascii string has byte \(hex(text[bad])) at byte \(start + bad); only 0x00 to 0x7f are allowed")
        }
        return String(decoding: text, as: UTF8.self)
    }

    private func utf16String(_ marker: UInt8, _ at: BinaryPlistPosition) throws(PlistError) -> String {
        let (count, start) = try countAndStart(marker, at, "utf-16 string")
        let length = try payloadLength(count, unit: 2, start: start, at, "utf-16 string")
        let raw = try read(start, length, at, "utf-16 string")
        var units: [UInt16] = []
        units.reserveCapacity(count)
        for i in stride(from: 0, to: raw.count - 1, by: 2) {
            units.append(UInt16(raw[i]) << 8 | UInt16(raw[i + 1]))
        }
        guard let text = String(validating: units, as: UTF16.self) else {
            let bad = Self.firstUnpairedSurrogate(units) ?? 0
            throw at.error("utf-16 string has an unpaired surrogate at byte \(start + 2 * bad)")
        }
        return text
    }

    /// The index of the first byte above 0x7F. Eight bytes at a time: most strings are names.
    static func firstNonASCII(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var i = 0
        while i + 8 <= bytes.count,
            bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
            i += 8
        }
        while i < bytes.count {
            if bytes[i] >= 0x80 { return i }
            i += 1
        }
        return nil
    }

    /// The index of the first code unit that is a surrogate without its partner.
    static func firstUnpairedSurrogate(_ units: [UInt16]) -> Int? {
        var i = 0
        while i < units.count {
            let unit = units[i]
            if UTF16.isLeadSurrogate(unit) {
                guard i + 1 < units.count, UTF16.isTrailSurrogate(units[i + 1]) else { return i }
                i += 2
            } else if UTF16.isTrailSurrogate(unit) {
                return i
            } else {
                i += 1
            }
        }
        return nil
    }

    // MARK: - Counts and payloads

    private func container(
        _ kind: BinaryPlistContainer.Kind, _ marker: UInt8, _ at: BinaryPlistPosition, _ what: String
    ) throws(PlistError) -> BinaryPlistContainer {
        let (count, start) = try countAndStart(marker, at, what)
        let unit = kind == .dictionary ? 2 * trailer.objectRefSize : trailer.objectRefSize
        _ = try payloadLength(count, unit: unit, start: start, at, what)
        return BinaryPlistContainer(kind: kind, count: count, referencesStart: start)
    }

    /// The count in the marker's low nibble, or (nibble 0xF) in the integer object after it;
    /// and where the payload starts.
    @inline(__always)  // most counts are in the nibble
    private func countAndStart(
        _ marker: UInt8, _ at: BinaryPlistPosition, _ what: String
    ) throws(PlistError) -> (Int, Int) {
        let nibble = Int(marker & 0x0F)
        guard nibble == 0x0F else { return (nibble, at.offset + 1) }
        return try longCountAndStart(at, what)
    }

    /// The count in the integer object after the marker (nibble 0xF), and where the payload starts.
    private func longCountAndStart(_ at: BinaryPlistPosition, _ what: String) throws(PlistError) -> (Int, Int) {
        let position = at.offset + 1
        guard position < end, let countMarker = bytes.byte(at: position) else {
            throw at.error("\(what) count is missing")
        }
        guard countMarker >> 4 == 0x1, countMarker & 0x0F <= 3 else {
            throw at.error("\(what) count is not a 1, 2, 4 or 8-byte integer (marker \(hex(countMarker)))")
        }
        let size = 1 << Int(countMarker & 0x0F)
        guard let raw = bytes.unsigned(at: position + 1, size: size, end: end) else {
            throw at.error("\(what) count is truncated")
        }
        guard raw <= UInt64(Int.max) else { throw at.error("\(what) count \(raw) exceeds the file") }
        return (Int(raw), position + 1 + size)
    }

    /// `count * unit`, after checking that so many bytes lie between `start` and the offset table.
    private func payloadLength(
        _ count: Int, unit: Int, start: Int, _ at: BinaryPlistPosition, _ what: String
    ) throws(PlistError) -> Int {
        guard let length = CheckedSize.multiply(count, unit), let last = CheckedSize.add(start, length),
            last <= end
        else { throw at.error("\(what) count \(count) exceeds the file") }
        return length
    }

    /// The payload, in place in the file's buffer.
    private func read(
        _ start: Int, _ length: Int, _ at: BinaryPlistPosition, _ what: String
    ) throws(PlistError) -> UnsafeRawBufferPointer {
        guard let data = bytes.region(at: start, count: length, end: end) else {
            throw at.error("\(what) is truncated")
        }
        return data
    }
}

/// An object's number and byte offset, which every message about it names.
struct BinaryPlistPosition {
    let index: Int
    let offset: Int

    /// `object 12 at byte 3401: <message>`, located at the object.
    func error(_ message: String) -> PlistError {
        PlistError("object \(index) at byte \(offset): \(message)", at: .byteOffset(offset))
    }
}

/// `0x0c`: markers are shown in hex, as format descriptions list them.
fileprivate func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16)
    return "0x" + (digits.count < 2 ? "0" + digits : digits)
}
