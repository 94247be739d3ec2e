import Diagnostics

/// A property-list value: every type of Apple's XML and binary formats.
///
/// Containers hold ``PlistNode``s, so every value in a tree read from a file knows where it
/// came from. Equality ignores those locations: two trees are equal when their values are.
///
/// ```swift
/// let tree = try PlistReader.read(bytes: Array("<plist><dict><key>n</key><integer>3</integer></dict></plist>".utf8))
/// tree.value.dictionary?["n"]?.value.integer?.int64Value  // 3
/// ```
public enum PlistValue: Sendable {
    case string(String)
    case integer(PlistInteger)
    case real(Double)
    case boolean(Bool)
    case date(PlistDate)
    case data([UInt8])
    case array([PlistNode])
    case dictionary(PlistDictionary)
    /// A keyed-archiver object reference (binary `0x8` objects; `{CF$UID: n}` in XML, as CoreFoundation reads it).
    case uid(UInt64)

    /// The plist type name as it appears in XML (`dict`, `integer`, …), for messages.
    public var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .boolean: "boolean"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dict"
        case .uid: "uid"
        }
    }

    public var string: String? { if case .string(let v) = self { v } else { nil } }
    public var integer: PlistInteger? { if case .integer(let v) = self { v } else { nil } }
    public var real: Double? { if case .real(let v) = self { v } else { nil } }
    public var boolean: Bool? { if case .boolean(let v) = self { v } else { nil } }
    public var date: PlistDate? { if case .date(let v) = self { v } else { nil } }
    public var data: [UInt8]? { if case .data(let v) = self { v } else { nil } }
    public var array: [PlistNode]? { if case .array(let v) = self { v } else { nil } }
    public var dictionary: PlistDictionary? { if case .dictionary(let v) = self { v } else { nil } }
    public var uid: UInt64? { if case .uid(let v) = self { v } else { nil } }

    /// An integer or a real as a Double (integers beyond 2^53 round).
    public var number: Double? {
        switch self {
        case .integer(let i): i.doubleValue
        case .real(let r): r
        default: nil
        }
    }
}

extension PlistValue: Equatable {
    /// Structural equality. Reals compare equal when both are NaN, so that any value survives a
    /// write-then-read round trip; dictionaries compare as maps (key order does not matter).
    public static func == (a: PlistValue, b: PlistValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): x == y
        case (.integer(let x), .integer(let y)): x == y
        case (.real(let x), .real(let y)): x == y || (x.isNaN && y.isNaN)
        case (.boolean(let x), .boolean(let y)): x == y
        case (.date(let x), .date(let y)): x == y
        case (.data(let x), .data(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.dictionary(let x), .dictionary(let y)): x == y
        case (.uid(let x), .uid(let y)): x == y
        default: false
        }
    }
}

/// A value with the position of its element (XML) or object (binary) in the source.
public struct PlistNode: Sendable, Equatable {
    public var value: PlistValue
    public var location: SourceLocation

    public init(_ value: PlistValue, at location: SourceLocation = .start) {
        self.value = value
        self.location = location
    }

    /// Locations are provenance, not content.
    public static func == (a: PlistNode, b: PlistNode) -> Bool { a.value == b.value }
}

extension PlistNode: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self.init(.string(value)) }
    public init(integerLiteral value: Int64) { self.init(.integer(PlistInteger(value))) }
    public init(floatLiteral value: Double) { self.init(.real(value)) }
    public init(booleanLiteral value: Bool) { self.init(.boolean(value)) }
    public init(arrayLiteral elements: PlistNode...) { self.init(.array(elements)) }
    public init(dictionaryLiteral elements: (String, PlistNode)...) {
        var dictionary = PlistDictionary()
        for (key, value) in elements { dictionary[key] = value }
        self.init(.dictionary(dictionary))
    }
}
