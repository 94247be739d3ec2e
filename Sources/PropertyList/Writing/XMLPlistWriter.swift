import Diagnostics

/// Writes Apple-style XML property lists (tab-indented, the Apple DOCTYPE), which
/// ``XMLPlistReader`` reads back to an equal value.
///
/// What XML 1.0 cannot hold at all (control characters other than tab, LF and CR) is refused
/// with an error rather than written into a file no parser accepts; CR is written as `&#13;`
/// because parsers turn a literal CR into LF.
public enum XMLPlistWriter {
    public static func write(_ node: PlistNode, limits: PlistLimits = .default) throws(PlistError) -> [UInt8] {
        var out = XMLOutput()
        out.raw(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        out.raw("\n")
        out.raw(#"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#)
        out.raw("\n<plist version=\"1.0\">\n")
        try writeValue(node, indent: 0, path: PlistPath(), into: &out, limits: limits)
        out.raw("</plist>\n")
        return out.bytes
    }

    private static func writeValue(
        _ node: PlistNode, indent: Int, path: PlistPath, into out: inout XMLOutput, limits: PlistLimits
    ) throws(PlistError) {
        try checkDepth(node, path, limits)
        out.indent(indent)
        switch node.value {
        case .string(let s):
            try out.element("string", escaping: s, path: path, location: node.location)
        case .integer(let i):
            out.raw("<integer>\(i)</integer>")
        case .real(let r):
            out.raw("<real>\(realText(r))</real>")
        case .boolean(let b):
            out.raw(b ? "<true/>" : "<false/>")
        case .date(let d):
            out.raw("<date>\(try dateText(d, node, path))</date>")
        case .data(let bytes):
            out.raw("<data>\n")
            for line in Base64.encode(bytes, lineLength: 68) {
                out.indent(indent)
                out.raw(line)
                out.raw("\n")
            }
            out.indent(indent)
            out.raw("</data>")
        case .uid(let n):
            out.raw("<dict>\n")
            out.indent(indent + 1)
            out.raw("<key>CF$UID</key>\n")
            out.indent(indent + 1)
            out.raw("<integer>\(n)</integer>\n")
            out.indent(indent)
            out.raw("</dict>")
        case .array(let items):
            if items.isEmpty {
                out.raw("<array/>")
            } else {
                out.raw("<array>\n")
                for (i, item) in items.enumerated() {
                    try writeValue(item, indent: indent + 1, path: path.appending(i), into: &out, limits: limits)
                }
                out.indent(indent)
                out.raw("</array>")
            }
        case .dictionary(let dictionary):
            if dictionary.isEmpty {
                out.raw("<dict/>")
            } else {
                out.raw("<dict>\n")
                for (key, value) in dictionary.pairs {
                    out.indent(indent + 1)
                    try out.element("key", escaping: key, path: path, location: value.location)
                    out.raw("\n")
                    try writeValue(value, indent: indent + 1, path: path.appending(key), into: &out, limits: limits)
                }
                out.indent(indent)
                out.raw("</dict>")
            }
        }
        out.raw("\n")
    }

    /// Every container counts towards the reader's depth limit (a UID is a one-key dict in XML),
    /// so a tree the reader would refuse is refused here too.
    static func checkDepth(_ node: PlistNode, _ path: PlistPath, _ limits: PlistLimits) throws(PlistError) {
        switch node.value {
        case .array, .dictionary, .uid:
            guard path.depth < limits.maxDepth else {
                throw PlistError("nesting deeper than \(limits.maxDepth) levels", at: node.location, keyPath: path.description)
            }
        default:
            break
        }
    }

    static func dateText(_ date: PlistDate, _ node: PlistNode, _ path: PlistPath) throws(PlistError) -> String {
        guard let text = date.iso8601 else {
            throw PlistError(
                "date \(date.secondsSinceReferenceDate) s after 2001 has no ISO 8601 form (years -9999...9999); write a binary plist instead",
                at: node.location, keyPath: path.description)
        }
        return text
    }

    /// Shortest text that reads back to the same Double.
    static func realText(_ r: Double) -> String {
        if r.isNaN { return "nan" }
        if r.isInfinite { return r < 0 ? "-inf" : "+inf" }
        if r == 0 { return r.sign == .minus ? "-0.0" : "0" }
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        return "\(r)"
    }
}

private struct XMLOutput {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(4096) }

    mutating func raw(_ s: String) { bytes.append(contentsOf: s.utf8) }

    mutating func indent(_ level: Int) {
        for _ in 0..<level { bytes.append(0x09) }
    }

    mutating func element(_ name: String, escaping text: String, path: PlistPath, location: SourceLocation) throws(PlistError) {
        raw("<\(name)>")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": raw("&amp;")
            case "<": raw("&lt;")
            case ">": raw("&gt;")
            case "\r": raw("&#13;")
            case "\t", "\n": bytes.append(UInt8(scalar.value))
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                throw PlistError(
                    "<\(name)> holds U+\(String(scalar.value, radix: 16, uppercase: true)), which XML cannot represent; write a binary plist instead",
                    at: location, keyPath: path.description)
            default:
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        raw("</\(name)>")
    }
}
