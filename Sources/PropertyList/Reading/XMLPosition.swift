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

    /// The position of the start tag of an element whose local name is `length` bytes long.
    /// Nearly every tag is `<name>` or `<name/>`, and libxml2's cursor rests right after the
    /// name: then the `<` is `length + 1` bytes back, where walking back would find it (past
    /// the same characters, no newline among them). A `<` there can only be this tag's own:
    /// nothing else in a start tag is a `<`, and the tag's name alone is `length` bytes, so a
    /// tag with a prefix, an attribute or a space before the cursor puts its `<` further back.
    @inline(__always)
    static func elementStart(_ context: xmlParserCtxtPtr, nameLength length: Int) -> SourceLocation {
        if let input = context.pointee.input, let base = input.pointee.base, let cur = input.pointee.cur,
            cur - base > length, (cur - length - 1).pointee == UInt8(ascii: "<")
        {
            return SourceLocation(line: Int(input.pointee.line), column: max(1, Int(input.pointee.col) - length - 1))
        }
        return elementStart(context)
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

    /// Where byte `index` of a text chunk libxml2 handed over stands. libxml2's line and column
    /// are those just after the chunk (its `cur` pointer is not: it may still be at the chunk's
    /// start), so count back through the chunk's own bytes; only the column of the chunk's first
    /// line needs the input buffer, found by walking back from the chunk when it lies there.
    static func textStart(of chunk: UnsafeBufferPointer<UInt8>, from index: Int, _ context: xmlParserCtxtPtr) -> SourceLocation {
        let end = current(context)
        let after = chunk[index...]
        let newlinesAfter = after.count { $0 == UInt8(ascii: "\n") }
        if newlinesAfter == 0 {
            return SourceLocation(line: end.line, column: max(1, end.column - after.count { $0 & 0xC0 != 0x80 }))
        }
        let line = end.line - newlinesAfter
        if let newline = chunk[..<index].lastIndex(of: UInt8(ascii: "\n")) {
            return SourceLocation(line: line, column: chunk[(newline + 1)..<index].count { $0 & 0xC0 != 0x80 } + 1)
        }
        let beforeInChunk = chunk[..<index].count { $0 & 0xC0 != 0x80 }
        guard let chunkStart = chunk.baseAddress, let input = context.pointee.input, let base = input.pointee.base,
            let bufferEnd = input.pointee.end, chunkStart >= base, chunkStart <= bufferEnd
        else { return SourceLocation(line: line, column: beforeInChunk + 1) }
        var lineStart = UnsafePointer(chunkStart)
        while lineStart > base, (lineStart - 1).pointee != UInt8(ascii: "\n") { lineStart -= 1 }
        return SourceLocation(line: line, column: characterCount(from: lineStart, to: chunkStart) + beforeInChunk + 1)
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
