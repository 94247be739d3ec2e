import Diagnostics
import Testing
@testable import PropertyList

/// Helpers shared by the XML reader, writer, round-trip and conformance tests.
///
/// Kept in one namespace so that they cannot collide with the binary tests' helpers, which live
/// in the same test module.
enum XMLTesting {
    /// The first two lines Apple's writer emits (XML declaration and DOCTYPE), each with its newline.
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">

        """

    /// `body` inside the Apple header and `<plist version="1.0">`; the body starts on line 4.
    static func document(_ body: String) -> String {
        header + "<plist version=\"1.0\">\n" + body + "\n</plist>\n"
    }

    static func read(_ text: String, limits: PlistLimits = .default) throws(PlistError) -> PlistNode {
        try XMLPlistReader.read(bytes: Array(text.utf8), limits: limits)
    }

    /// The value of `<plist>element</plist>`.
    static func value(of element: String) throws(PlistError) -> PlistValue {
        try read("<plist>\(element)</plist>").value
    }

    /// The error that reading `bytes` throws; records an issue and returns nil when it reads.
    static func error(
        reading bytes: [UInt8], limits: PlistLimits = .default,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> PlistError? {
        do {
            let node = try XMLPlistReader.read(bytes: bytes, limits: limits)
            Issue.record("expected an error, read the \(node.value.typeName) \(node.value)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    static func error(
        reading text: String, limits: PlistLimits = .default,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> PlistError? {
        error(reading: Array(text.utf8), limits: limits, sourceLocation: sourceLocation)
    }

    /// `text` as the UTF-16 code units of `String.utf16`, in either byte order, with an optional BOM.
    static func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
        var bytes: [UInt8] = byteOrderMark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let high = UInt8(unit >> 8), low = UInt8(truncatingIfNeeded: unit)
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    /// `text` as UTF-32 big-endian with its BOM.
    static func utf32BigEndian(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = [0x00, 0x00, 0xFE, 0xFF]
        for scalar in text.unicodeScalars {
            bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: scalar.value >> $0) }
        }
        return bytes
    }

    /// `n` nested arrays, the innermost empty: `<array><array>…</array></array>`.
    static func nestedArrays(_ n: Int) -> String {
        String(repeating: "<array>", count: n) + String(repeating: "</array>", count: n)
    }

    /// Nesting depth of arrays and dictionaries (a scalar has depth 0), without recursion.
    static func depth(_ node: PlistNode) -> Int {
        var deepest = 0
        var stack: [(PlistNode, Int)] = [(node, 0)]
        while let (next, level) = stack.popLast() {
            switch next.value {
            case .array(let items):
                deepest = max(deepest, level + 1)
                stack += items.map { ($0, level + 1) }
            case .dictionary(let dictionary):
                deepest = max(deepest, level + 1)
                stack += dictionary.pairs.map { ($0.value, level + 1) }
            default:
                break
            }
        }
        return deepest
    }
}
