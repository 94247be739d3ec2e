import CLibXML2
import Diagnostics

/// Source positions from libxml2's parser state.
///
/// When libxml2 reports a start tag its cursor rests on the tag's closing `>` (or `/>`), and
/// `input->col` counts characters, not bytes. The element's own position is that of its `<`,
/// so we walk back through the buffer to it.
enum XMLPosition {
    static func current(_ context: xmlParserCtxtPtr) -> SourceLocation {
        guard let input = context.pointee.input else { return .start }
        return SourceLocation(line: Int(input.pointee.line), column: Int(input.pointee.col))
    }

    static func elementStart(_ context: xmlParserCtxtPtr) -> SourceLocation {
        guard let input = context.pointee.input, let base = input.pointee.base, var p = input.pointee.cur else {
            return .start
        }
        let line = Int(input.pointee.line), column = Int(input.pointee.col)
        // One pass back to the `<`, counting characters and newlines on the way.
        var newlines = 0
        var characters = 0
        while p > base {
            p -= 1
            let byte = p.pointee
            if byte & 0xC0 != 0x80 { characters += 1 }
            if byte == UInt8(ascii: "<") { break }
            if byte == UInt8(ascii: "\n") { newlines += 1 }
        }
        guard p.pointee == UInt8(ascii: "<") else { return SourceLocation(line: line, column: column) }
        if newlines == 0 {
            return SourceLocation(line: line, column: max(1, column - characters))
        }
        // The tag spans lines: count the characters from the start of the tag's first line.
        var lineStart = p
        while lineStart > base, (lineStart - 1).pointee != UInt8(ascii: "\n") { lineStart -= 1 }
        return SourceLocation(line: line - newlines, column: characterCount(from: lineStart, to: p) + 1)
    }

    /// Where text that ends at libxml2's cursor starts, `trailingBytes` before it. The text lies
    /// in the input buffer just before the cursor, so its line and column are counted there.
    static func textStart(_ context: xmlParserCtxtPtr, trailingBytes: Int) -> SourceLocation {
        let end = current(context)
        guard let input = context.pointee.input, let base = input.pointee.base, let cur = input.pointee.cur,
            cur - base >= trailingBytes
        else { return end }
        let start = cur - trailingBytes
        var newlines = 0
        var p = start
        while p < cur {
            if p.pointee == UInt8(ascii: "\n") { newlines += 1 }
            p += 1
        }
        if newlines == 0 { return SourceLocation(line: end.line, column: max(1, end.column - characterCount(from: start, to: cur))) }
        var lineStart = start
        while lineStart > base, (lineStart - 1).pointee != UInt8(ascii: "\n") { lineStart -= 1 }
        return SourceLocation(line: end.line - newlines, column: characterCount(from: lineStart, to: start) + 1)
    }

    /// UTF-8 characters in [from, to): bytes that are not continuation bytes.
    private static func characterCount(from: UnsafePointer<xmlChar>, to: UnsafePointer<xmlChar>) -> Int {
        var count = 0
        var p = from
        while p < to {
            if p.pointee & 0xC0 != 0x80 { count += 1 }
            p += 1
        }
        return count
    }

    /// libxml2's own complaint, made readable: first line only, no trailing newline.
    static func error(from error: xmlError, _ context: xmlParserCtxtPtr) -> PlistError {
        var message = error.message.map { String(cString: $0) } ?? "malformed XML"
        message = message.split(separator: "\n").first.map(String.init) ?? message
        message = message.trimmingSpaces()
        if let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase == true {
            message = first.lowercased() + message.dropFirst()
        }
        let line = Int(error.line), column = Int(error.int2)
        let location = line > 0 ? SourceLocation(line: line, column: max(1, column)) : current(context)
        return PlistError("malformed XML: \(message)", at: location)
    }
}

extension String {
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
