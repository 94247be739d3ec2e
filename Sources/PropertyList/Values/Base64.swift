/// Base64 for `<data>`: decoding skips white space anywhere (Xcode wraps lines), encoding wraps
/// at 76 columns as Apple's writer does.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        return table
    }()

    /// Nil when a character is neither base64, padding nor white space, or padding is misplaced.
    static func decode(_ text: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        var padding = 0
        for c in text {
            if c.isPlistSpace { continue }
            if c == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            let v = decodeTable[Int(c)]
            guard v != 0xFF, padding == 0 else { return nil }
            accumulator = (accumulator << 6) | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        guard padding <= 2 else { return nil }
        return output
    }

    /// Base64 text in lines of `lineLength` characters, or one line when it is nil.
    static func encode(_ bytes: [UInt8], lineLength: Int? = 76) -> [String] {
        let encodedLength = (bytes.count + 2) / 3 * 4
        let lineLength = max(4, min(lineLength ?? encodedLength, encodedLength))
        var lines: [String] = []
        var line: [UInt8] = []
        line.reserveCapacity(lineLength)
        func emit(_ c: UInt8) {
            line.append(c)
            if line.count == lineLength {
                lines.append(String(decoding: line, as: UTF8.self))
                line.removeAll(keepingCapacity: true)
            }
        }
        var i = 0
        while i + 2 < bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            for shift in [18, 12, 6, 0] { emit(alphabet[Int((n >> UInt32(shift)) & 63)]) }
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            emit(alphabet[Int((n >> 18) & 63)])
            emit(alphabet[Int((n >> 12) & 63)])
            emit(rest == 2 ? alphabet[Int((n >> 6) & 63)] : UInt8(ascii: "="))
            emit(UInt8(ascii: "="))
        }
        if !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
        return lines
    }
}
