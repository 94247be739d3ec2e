/// A property-list integer: any value from Int64.min to UInt64.max, as Apple's formats allow.
///
/// Binary plists store 8-byte integers as signed and 16-byte ones for the unsigned upper half;
/// XML writes them in decimal. One normalized representation makes equality simple.
public struct PlistInteger: Hashable, Sendable, CustomStringConvertible {
    private enum Storage: Hashable, Sendable {
        case signed(Int64)
        /// Only values above Int64.max.
        case large(UInt64)
    }

    private let storage: Storage

    public init(_ value: Int64) { storage = .signed(value) }
    public init(_ value: Int) { storage = .signed(Int64(value)) }
    public init(_ value: UInt64) {
        storage = value > UInt64(Int64.max) ? .large(value) : .signed(Int64(value))
    }

    /// The value when it fits an Int64.
    public var int64Value: Int64? {
        if case .signed(let v) = storage { v } else { nil }
    }

    /// The value when it is not negative.
    public var uint64Value: UInt64? {
        switch storage {
        case .signed(let v): v >= 0 ? UInt64(v) : nil
        case .large(let v): v
        }
    }

    /// True for values above Int64.max (binary plists store these as 16-byte integers).
    public var needsUnsignedStorage: Bool {
        if case .large = storage { true } else { false }
    }

    public var doubleValue: Double {
        switch storage {
        case .signed(let v): Double(v)
        case .large(let v): Double(v)
        }
    }

    public var description: String {
        switch storage {
        case .signed(let v): String(v)
        case .large(let v): String(v)
        }
    }

    /// Parses XML integer text as CoreFoundation does: white space, an optional `+` or `-`,
    /// white space again, then decimal or `0x` hex digits, and nothing after them. Returns nil
    /// when the text is not an integer or lies outside Int64.min...UInt64.max.
    public init?<S: StringProtocol>(parsing text: S) {
        self.init(utf8: Substring(text).utf8)
    }

    /// The same, from UTF-8 bytes (the XML reader's text, without building a String).
    public init?<C: Collection<UInt8>>(utf8 text: C) {
        var bytes = text[...]
        while let first = bytes.first, first.isPlistSpace { bytes.removeFirst() }
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes.removeFirst()
            while let first = bytes.first, first.isPlistSpace { bytes.removeFirst() }
        }
        var radix: UInt64 = 10
        if bytes.count > 2, bytes.first == UInt8(ascii: "0"),
            bytes.dropFirst().first == UInt8(ascii: "x") || bytes.dropFirst().first == UInt8(ascii: "X")
        {
            radix = 16
            bytes.removeFirst(2)
        }
        guard !bytes.isEmpty else { return nil }
        var magnitude: UInt64 = 0
        for byte in bytes {
            guard let digit = byte.digitValue, UInt64(digit) < radix else { return nil }
            let (shifted, o1) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, o2) = shifted.addingReportingOverflow(UInt64(digit))
            guard !o1, !o2 else { return nil }
            magnitude = sum
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            self.init(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
        } else {
            self.init(magnitude)
        }
    }
}

extension UInt8 {
    /// XML white space: space, tab, CR, LF.
    var isPlistSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }

    var digitValue: Int? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(self - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(self - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(self - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
