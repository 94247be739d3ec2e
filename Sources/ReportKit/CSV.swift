/// Fields of RFC 4180 CSV.
///
/// ```swift
/// let line = ["team", "casual, casual", "say \"hi\""].map(CSV.field).joined(separator: ",")
/// // team,"casual, casual","say ""hi"""
/// ```
public enum CSV {
    /// `text` as a field: quoted, its quotes doubled, when it holds a comma, a quote or a line break;
    /// as is otherwise.
    public static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        var quoted = "\""
        quoted.reserveCapacity(text.utf8.count + 4)
        for character in text {
            if character == "\"" { quoted.append("\"") }
            quoted.append(character)
        }
        quoted.append("\"")
        return quoted
    }
}
