/// One lexical unit of an expression (C5), with where it is in the source.
///
/// Positions are UTF-8 byte offsets: cheap to carry while lexing a large text. They become
/// 1-based character columns only when an error is reported (`SourceText.column(of:)`).
struct Token: Sendable {
    enum Kind: Sendable, Equatable {
        case number(Double)
        case identifier(String)
        case plus, minus, star, slash
        case leftParenthesis, rightParenthesis
        case end
    }

    var kind: Kind
    /// UTF-8 offset of the token's first byte (the source's length for `.end`).
    var offset: Int
    /// Length in UTF-8 bytes (0 for `.end`).
    var length: Int
}
