import Diagnostics

/// Encodings libxml2 does not read from memory here, turned into UTF-8 before it sees them.
///
/// CoreFoundation reads UTF-32 property lists marked by a byte-order mark; libxml2 built
/// without UCS-4 support does not, so the text is transcoded and its XML declaration told so.
/// Lines and columns are unaffected: both count characters.
enum XMLEncoding {
    /// The document as UTF-8 when it is UTF-32 with a BOM; nil when it needs no conversion.
    static func utf8FromUTF32(_ bytes: [UInt8]) throws(PlistError) -> [UInt8]? {
        let bigEndian: Bool
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            bigEndian = true
        } else if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            bigEndian = false
        } else {
            return nil
        }
        guard bytes.count % 4 == 0 else { throw PlistError("UTF-32 text whose length is not a multiple of 4", at: .start) }
        var text = String.UnicodeScalarView()
        var line = 1, column = 1
        for offset in stride(from: 4, to: bytes.count, by: 4) {
            let b = bytes[offset..<offset + 4].map(UInt32.init)
            let value = bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
            guard let scalar = Unicode.Scalar(value) else {
                throw PlistError("invalid UTF-32 character 0x\(String(value, radix: 16))", at: SourceLocation(line: line, column: column))
            }
            text.append(scalar)
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return declaringUTF8(Array(String(text).utf8))
    }

    /// Rewrites `encoding="UTF-32…"` in the XML declaration, so libxml2 does not try to switch
    /// to an encoding the bytes no longer have.
    private static func declaringUTF8(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.starts(with: Array("<?xml".utf8)), let end = firstIndex(of: Array("?>".utf8), in: bytes[...]),
            let encoding = firstIndex(of: Array("encoding".utf8), in: bytes[..<end])
        else { return bytes }
        // XML allows white space around `=`: `encoding = "UTF-32"`.
        guard let equals = bytes[(encoding + "encoding".utf8.count)..<end].firstIndex(of: UInt8(ascii: "=")) else { return bytes }
        var valueStart = equals + 1
        while valueStart < end, bytes[valueStart].isPlistSpace { valueStart += 1 }
        guard valueStart < end, bytes[valueStart] == UInt8(ascii: "\"") || bytes[valueStart] == UInt8(ascii: "'"),
            let close = bytes[(valueStart + 1)..<end].firstIndex(of: bytes[valueStart])
        else { return bytes }
        return Array(bytes[...valueStart]) + Array("UTF-8".utf8) + Array(bytes[close...])
    }

    private static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        return (haystack.startIndex...(haystack.endIndex - needle.count)).first { i in
            haystack[i..<(i + needle.count)].elementsEqual(needle)
        }
    }
}
