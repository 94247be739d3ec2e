/// The text being compiled, as bytes for the lexer and as characters for messages.
///
/// Errors carry character columns because that is what an editor shows and what a
/// `Diagnostics.SourceLocation` means; counting characters is done once, for the error only.
struct SourceText: Sendable {
    let string: String
    let bytes: [UInt8]

    init(_ string: String) {
        self.string = string
        self.bytes = Array(string.utf8)
    }

    /// The 1-based character column of the byte at `offset` (`count + 1` at the end).
    func column(of offset: Int) -> Int {
        let clamped = min(max(offset, 0), bytes.count)
        let index = string.utf8.index(string.utf8.startIndex, offsetBy: clamped)
        return string[..<index].count + 1
    }

    /// The source text of `token`, for quoting it in a message.
    func text(of token: Token) -> String {
        text(from: token.offset, length: token.length)
    }

    func text(from offset: Int, length: Int) -> String {
        String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
    }

    /// How a token reads in a message: `"*"`, `"("`, `"3.5"`, or `the end`.
    func quoted(_ token: Token) -> String {
        token.kind == .end ? "the end" : "\"\(text(of: token))\""
    }

    /// The character starting at `offset`, quoted, or as `U+00A0` when it would not be visible.
    func describeCharacter(at offset: Int) -> String {
        let index = string.utf8.index(string.utf8.startIndex, offsetBy: offset)
        guard let scalar = string.unicodeScalars[index...].first else { return "the end" }
        let invisible: Bool
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
             .nonspacingMark, .enclosingMark, .surrogate, .privateUse, .unassigned:
            invisible = true
        default:
            invisible = false
        }
        if invisible {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "\"\(scalar)\""
    }
}
