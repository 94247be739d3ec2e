/// RFC 6901 JSON pointers, the form of a `{"$ref": …}` marker's target.
enum JSONPointer {
    /// One reference token: `~` and `/` escaped, so keys with either stay unambiguous.
    static func token(_ key: String) -> String {
        guard key.contains(where: { $0 == "~" || $0 == "/" }) else { return key }
        return key.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    /// The pointer made of already escaped tokens (`""` is the whole document).
    static func pointer(_ tokens: some Sequence<String>) -> String {
        tokens.reduce(into: "") { text, token in
            text += "/"
            text += token
        }
    }
}
