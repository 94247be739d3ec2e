import PropertyList

/// The property every plist a reader accepts must keep: written in XML and in binary (where the
/// writer can: a date past what XML spells, say, is refused), it reads back to the same values.
public enum PlistRoundTrip {
    public static func check(_ node: PlistNode) {
        for format in [PlistFormat.xml, .binary] {
            guard let written = try? PlistWriter.write(node, as: format) else { continue }
            do {
                let back = try PlistReader.read(bytes: written)
                fuzzCheck(back == node, "a plist written as \(format) reads back to other values")
            } catch {
                fuzzCheck(false, "a plist written as \(format) does not read back: \(error)")
            }
        }
    }
}
