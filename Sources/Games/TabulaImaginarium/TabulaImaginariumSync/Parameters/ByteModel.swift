/// What a message weighs (TS6, this project's assumption): seeds/004 builds messages "as strings
/// with "|" as separators" and an end-of-message marker (6.3.1.1), so a message is its protocol's
/// tag, its fields, a separator between each two, and the marker; numbers are written in decimal,
/// names in UTF-8. TCP's and the radio's own overhead are left out: they add the same to every
/// message, which `tagBytes` can stand for.
public struct ByteModel: Sendable, Hashable, Codable {
    /// The protocol's tag that opens a message (a drawing, token or background message).
    public var tagBytes: Int
    /// One field separator, "|".
    public var separatorBytes: Int
    /// The end-of-message marker.
    public var endMarkerBytes: Int

    public init(tagBytes: Int = 1, separatorBytes: Int = 1, endMarkerBytes: Int = 1) {
        self.tagBytes = tagBytes
        self.separatorBytes = separatorBytes
        self.endMarkerBytes = endMarkerBytes
    }

    /// The separator the seed's messages use: a name holding it would split its message.
    public static let separator: Character = "|"
}
