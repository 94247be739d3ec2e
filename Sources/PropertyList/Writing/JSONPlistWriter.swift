/// Writes a property list as JSON, for tools that speak JSON rather than plist.
///
/// JSON has no dates, data or UIDs: dates become ISO 8601 strings, data base64 strings and UIDs
/// `{"CF$UID": n}`, so the conversion is one-way. Non-finite reals have no JSON form and are
/// refused with their key path.
public enum JSONPlistWriter {
    public static func write(_ node: PlistNode, limits: PlistLimits = .default) throws(PlistError) -> [UInt8] {
        var out: [UInt8] = []
        try writeValue(node, indent: 0, path: PlistPath(), into: &out, limits: limits)
        out.append(0x0A)
        return out
    }

    private static func writeValue(
        _ node: PlistNode, indent: Int, path: PlistPath, into out: inout [UInt8], limits: PlistLimits
    ) throws(PlistError) {
        try XMLPlistWriter.checkDepth(node, path, limits)
        func raw(_ s: String) { out.append(contentsOf: s.utf8) }
        func newline(_ level: Int) {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: level * 2))
        }
        switch node.value {
        case .string(let s): out.append(contentsOf: jsonString(s))
        case .integer(let i): raw(i.description)
        case .real(let r):
            guard r.isFinite else {
                throw PlistError("\(r) has no JSON representation", at: node.location, keyPath: path.description)
            }
            raw(XMLPlistWriter.realText(r))
        case .boolean(let b): raw(b ? "true" : "false")
        case .date(let d): out.append(contentsOf: jsonString(try XMLPlistWriter.dateText(d, node, path)))
        case .data(let bytes): out.append(contentsOf: jsonString(Base64.encode(bytes, lineLength: nil).joined()))
        case .uid(let n): raw("{\"CF$UID\": \(n)}")
        case .array(let items):
            guard !items.isEmpty else { return raw("[]") }
            raw("[")
            for (i, item) in items.enumerated() {
                if i > 0 { raw(",") }
                newline(indent + 1)
                try writeValue(item, indent: indent + 1, path: path.appending(i), into: &out, limits: limits)
            }
            newline(indent)
            raw("]")
        case .dictionary(let dictionary):
            guard !dictionary.isEmpty else { return raw("{}") }
            raw("{")
            for (i, (key, value)) in dictionary.pairs.enumerated() {
                if i > 0 { raw(",") }
                newline(indent + 1)
                out.append(contentsOf: jsonString(key))
                raw(": ")
                try writeValue(value, indent: indent + 1, path: path.appending(key), into: &out, limits: limits)
            }
            newline(indent)
            raw("}")
        }
    }

    /// A JSON string literal (RFC 8259 escapes).
    public static func jsonString(_ s: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }
}
