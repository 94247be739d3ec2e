import Diagnostics

/// Reads JSON (RFC 8259) as a property list, the way `plutil -convert` takes JSON input: an
/// object is a dictionary, an array an array, a string a string, `true`/`false` booleans, a
/// number without fraction or exponent an integer (a real when it is beyond 64 bits), any other
/// number a real. JSON's `null` has no property-list type and is an error, as in plutil.
///
/// Every value carries its line and column, so a design written as JSON gets located messages;
/// errors (a duplicate key, a bad escape, trailing text) are located too.
///
/// ```swift
/// let tree = try JSONPlistReader.read(bytes: Array(#"{"numOfHouses": 3}"#.utf8))
/// tree.value.dictionary?["numOfHouses"]?.value.integer   // 3
/// ```
public enum JSONPlistReader {
    public static func read(bytes: [UInt8], limits: PlistLimits = .default) throws(PlistError) -> PlistNode {
        guard bytes.count <= limits.maxInputBytes else {
            throw PlistError("the file is larger than \(limits.maxInputBytes) bytes", at: .start)
        }
        var parser = Parser(bytes: bytes, maxDepth: limits.maxDepth)
        // A UTF-8 byte-order mark is allowed before the text, as most JSON readers allow it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        parser.skipSpace()
        let root = try parser.value(depth: 0, path: PlistPath())
        parser.skipSpace()
        guard parser.position == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return root
    }

    /// Whether bytes look like JSON rather than XML or binary: after spaces (and a byte-order
    /// mark), an object or an array.
    public static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        let first = text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    private struct Parser {
        let bytes: [UInt8]
        let maxDepth: Int
        var position = 0
        var line = 1
        var lineStart = 0
        /// Characters from `lineStart` up to `counted.position`: each value's column is counted on
        /// from the last one, so a long line (minified JSON) costs linear time, not quadratic.
        var counted = (position: 0, characters: 0)

        init(bytes: [UInt8], maxDepth: Int) {
            self.bytes = bytes
            self.maxDepth = maxDepth
        }

        /// 1-based line and column in characters (UTF-8 continuation bytes do not count).
        var location: SourceLocation {
            mutating get {
                let end = min(position, bytes.count)
                counted.characters += bytes[counted.position..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
                counted.position = end
                return SourceLocation(line: line, column: counted.characters + 1)
            }
        }

        func error(_ message: String, at location: SourceLocation? = nil, path: PlistPath = PlistPath()) -> PlistError {
            var copy = self
            return PlistError(message, at: location ?? copy.location, keyPath: path.description)
        }

        mutating func skipSpace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x0A:
                    position += 1
                    line += 1
                    lineStart = position
                    counted = (position, 0)
                case 0x20, 0x09, 0x0D:
                    position += 1
                default:
                    return
                }
            }
        }

        mutating func value(depth: Int, path: PlistPath) throws(PlistError) -> PlistNode {
            guard position < bytes.count else { throw error("the JSON ends where a value should be", path: path) }
            let start = location
            switch bytes[position] {
            case UInt8(ascii: "{"):
                return PlistNode(.dictionary(try object(depth: depth + 1, path: path, start: start)), at: start)
            case UInt8(ascii: "["):
                return PlistNode(.array(try array(depth: depth + 1, path: path, start: start)), at: start)
            case UInt8(ascii: "\""):
                return PlistNode(.string(try string(path: path)), at: start)
            case UInt8(ascii: "t"):
                try literal("true", path: path)
                return PlistNode(.boolean(true), at: start)
            case UInt8(ascii: "f"):
                try literal("false", path: path)
                return PlistNode(.boolean(false), at: start)
            case UInt8(ascii: "n"):
                try literal("null", path: path)
                throw error("null has no property-list type (plutil refuses it too); leave the key out or give a value", at: start, path: path)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return PlistNode(try number(path: path), at: start)
            default:
                throw error("expected a JSON value (object, array, string, number, true or false)", path: path)
            }
        }

        mutating func literal(_ word: String, path: PlistPath) throws(PlistError) {
            let utf8 = Array(word.utf8)
            guard bytes[position...].starts(with: utf8) else { throw error("expected \(word)", path: path) }
            position += utf8.count
        }

        mutating func object(depth: Int, path: PlistPath, start: SourceLocation) throws(PlistError) -> PlistDictionary {
            guard depth <= maxDepth else { throw error("containers nested deeper than \(maxDepth)", path: path) }
            position += 1
            var dictionary = PlistDictionary()
            var firstSeen: [String: SourceLocation] = [:]
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return dictionary
            }
            while true {
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                    throw error("expected a key (a string in double quotes) in the object opened at \(start)", path: path)
                }
                let keyLocation = location
                let key = try string(path: path)
                if let first = firstSeen[key] { throw error("duplicate key \"\(key)\" (first at \(first))", at: keyLocation, path: path) }
                firstSeen[key] = keyLocation
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected : after the key \"\(key)\"", path: path) }
                position += 1
                skipSpace()
                let child = try value(depth: depth, path: path.appending(key))
                dictionary.append(PlistDictionary.Entry(key: key, keyLocation: keyLocation, value: child))
                skipSpace()
                guard position < bytes.count else { throw error("the object opened at \(start) is not closed", path: path) }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "}") else { throw error("expected , or } in the object opened at \(start)", path: path) }
                position += 1
                return dictionary
            }
        }

        mutating func array(depth: Int, path: PlistPath, start: SourceLocation) throws(PlistError) -> [PlistNode] {
            guard depth <= maxDepth else { throw error("containers nested deeper than \(maxDepth)", path: path) }
            position += 1
            var elements: [PlistNode] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return elements
            }
            while true {
                skipSpace()
                elements.append(try value(depth: depth, path: path.appending(elements.count)))
                skipSpace()
                guard position < bytes.count else { throw error("the array opened at \(start) is not closed", path: path) }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "]") else { throw error("expected , or ] in the array opened at \(start)", path: path) }
                position += 1
                return elements
            }
        }

        mutating func number(path: PlistPath) throws(PlistError) -> PlistValue {
            let start = position
            let startLocation = location
            func digits() -> Int {
                let from = position
                while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
                return position - from
            }
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            let integerStart = position
            guard digits() > 0 else { throw error("a number needs digits", at: startLocation, path: path) }
            if bytes[integerStart] == UInt8(ascii: "0"), position - integerStart > 1 {
                throw error("a JSON number cannot start with 0 (octal is not JSON)", at: startLocation, path: path)
            }
            var integral = true
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                integral = false
                position += 1
                guard digits() > 0 else { throw error("a number needs digits after its decimal point", at: startLocation, path: path) }
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
                integral = false
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
                guard digits() > 0 else { throw error("a number needs digits in its exponent", at: startLocation, path: path) }
            }
            let text = bytes[start..<position]
            if integral, let integer = PlistInteger(utf8: text) { return .integer(integer) }
            guard let real = Double(String(decoding: text, as: UTF8.self)), real.isFinite else {
                throw error("\(String(decoding: text, as: UTF8.self)) is beyond the range of a real (64-bit floating point)", at: startLocation, path: path)
            }
            return .real(real)
        }

        mutating func string(path: PlistPath) throws(PlistError) -> String {
            position += 1  // the opening quote
            var scalars = String.UnicodeScalarView()
            var runStart = position
            func flush(_ end: Int) throws(PlistError) {
                guard end > runStart else { return }
                guard let run = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                    throw error("a string holds bytes that are not UTF-8", path: path)
                }
                scalars.append(contentsOf: run.unicodeScalars)
            }
            while true {
                guard position < bytes.count else { throw error("a string is not closed (no \")", path: path) }
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "\""):
                    try flush(position)
                    position += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    try flush(position)
                    scalars.append(try escape(path: path))
                    runStart = position
                case 0x00..<0x20:
                    throw error("a control character inside a string must be escaped (\\n, \\t, \\u00XX)", path: path)
                default:
                    position += 1
                }
            }
        }

        /// After a backslash: one escaped character, a \u escape with its surrogate pair.
        mutating func escape(path: PlistPath) throws(PlistError) -> Unicode.Scalar {
            position += 1
            guard position < bytes.count else { throw error("a string ends inside an escape", path: path) }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let unit = try hex(path: path)
                if (0xD800...0xDBFF).contains(unit) {
                    guard bytes[position...].starts(with: Array("\\u".utf8)) else { throw error("a high surrogate \\u\(String(unit, radix: 16)) without its low half", path: path) }
                    position += 2
                    let low = try hex(path: path)
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("a high surrogate followed by \\u\(String(low, radix: 16)), not a low one", path: path) }
                    return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
                }
                guard let scalar = Unicode.Scalar(unit) else { throw error("a lone low surrogate \\u\(String(unit, radix: 16))", path: path) }
                return scalar
            default:
                throw error("\\\(Character(Unicode.Scalar(byte))) is not a JSON escape", path: path)
            }
        }

        mutating func hex(path: PlistPath) throws(PlistError) -> UInt32 {
            guard position + 4 <= bytes.count else { throw error("\\u needs four hex digits", path: path) }
            var value: UInt32 = 0
            for byte in bytes[position..<position + 4] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw error("\\u needs four hex digits", path: path) }
                value = value << 4 | UInt32(digit)
            }
            position += 4
            return value
        }
    }
}
