/// Splits an expression (C5) into tokens on demand, one at a time, so that a huge text costs no
/// more than one pass and errors come out in reading order.
///
/// Numbers are decimal with an optional fraction and exponent (`3`, `2.5`, `.5`, `5.`, `1e3`,
/// `2.5E-2`). A number running straight into letters, digits or another dot (`2x`, `1.2.3`,
/// `1e`) is one malformed number rather than a confusing pair of tokens.
struct Lexer {
    private let source: SourceText
    private var position = 0

    init(_ source: SourceText) {
        self.source = source
    }

    mutating func next() throws(PendingError) -> Token {
        let bytes = source.bytes
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        let start = position
        guard position < bytes.count else { return Token(kind: .end, offset: start, length: 0) }
        let byte = bytes[position]
        let single: Token.Kind? =
            switch byte {
            case UInt8(ascii: "+"): .plus
            case UInt8(ascii: "-"): .minus
            case UInt8(ascii: "*"): .star
            case UInt8(ascii: "/"): .slash
            case UInt8(ascii: "("): .leftParenthesis
            case UInt8(ascii: ")"): .rightParenthesis
            default: nil
            }
        if let single {
            position += 1
            return Token(kind: single, offset: start, length: 1)
        }
        if Self.isDigit(byte) || (byte == UInt8(ascii: ".") && Self.isDigit(peek(1))) {
            return try number()
        }
        if Self.isIdentifierStart(byte) {
            while position < bytes.count, Self.isIdentifierPart(bytes[position]) { position += 1 }
            let name = source.text(from: start, length: position - start)
            return Token(kind: .identifier(name), offset: start, length: position - start)
        }
        throw PendingError(
            .unexpectedCharacter, "unexpected character \(source.describeCharacter(at: start))", at: start)
    }

    private mutating func number() throws(PendingError) -> Token {
        let start = position
        skipDigits()
        if peek() == UInt8(ascii: ".") {
            position += 1
            skipDigits()
        }
        var wellFormed = true
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            wellFormed = Self.isDigit(peek())
            skipDigits()
        }
        // A number glued to more name or number characters is one mistake, reported whole.
        while Self.isIdentifierPart(peek()) || peek() == UInt8(ascii: ".") {
            wellFormed = false
            position += 1
        }
        let text = source.text(from: start, length: position - start)
        guard wellFormed, let value = Double(text) else {
            throw PendingError(.malformedNumber, "malformed number \"\(text)\"", at: start)
        }
        guard value.isFinite else {
            throw PendingError(.malformedNumber, "number \"\(text)\" is too large for a double", at: start)
        }
        return Token(kind: .number(value), offset: start, length: position - start)
    }

    private mutating func skipDigits() {
        while Self.isDigit(peek()) { position += 1 }
    }

    /// The byte `ahead` positions on, or 0 past the end (0 is in no character class here).
    private func peek(_ ahead: Int = 0) -> UInt8 {
        let index = position + ahead
        return index < source.bytes.count ? source.bytes[index] : 0
    }

    private static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }
    private static func isDigit(_ b: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) }
    private static func isIdentifierStart(_ b: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
            || b == UInt8(ascii: "_")
    }
    private static func isIdentifierPart(_ b: UInt8) -> Bool { isIdentifierStart(b) || isDigit(b) }
}
