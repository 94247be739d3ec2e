import TestSupport

/// Mutations of a part's JSON for the merge tests: each mutant is the part with one change, drawn
/// from a fixed seed, of one of the ``Kind``s.
struct PartMutations {
    enum Kind: String, CaseIterable {
        /// One bit of one byte flipped.
        case bitFlip = "bit flipped"
        /// One byte replaced by another.
        case byteChanged = "byte changed"
        /// A number replaced by 0, −1, its neighbour, its negation or an extreme.
        case numberChanged = "number changed"
        /// A key dropped with its value.
        case keyDropped = "key dropped"
        /// A string's text replaced.
        case stringChanged = "string changed"
        /// The file cut short.
        case truncated = "truncated"
        /// One byte deleted.
        case byteDeleted = "byte deleted"
        /// Whitespace inserted between tokens: the same values.
        case whitespace = "whitespace inserted"
    }

    /// Where the tokens of a JSON text are.
    struct Tokens {
        var numbers: [Range<Int>] = []
        /// A key's string, from its opening quote to its colon.
        var keys: [Range<Int>] = []
        var strings: [Range<Int>] = []
        /// Positions right after `{ [ , :`, where whitespace may go.
        var gaps: [Int] = []

        // Switches, not `"…".utf8.contains`: a debug build calls that generically for every byte,
        // which was half of the 2,400-mutant tests' time.
        static func isNumberByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): true
            default: false
            }
        }

        static func isGapOpener(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ":"): true
            default: false
            }
        }

        init(_ bytes: [UInt8]) {
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") {
                    let start = i
                    i += 1
                    while i < bytes.count && bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                    i += 1
                    var after = i
                    while after < bytes.count && bytes[after] == UInt8(ascii: " ") { after += 1 }
                    if after < bytes.count && bytes[after] == UInt8(ascii: ":") { keys.append(start..<after + 1) } else { strings.append(start..<min(i, bytes.count)) }
                    continue
                }
                if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                    let start = i
                    while i < bytes.count, Self.isNumberByte(bytes[i]) { i += 1 }
                    numbers.append(start..<i)
                    continue
                }
                if Self.isGapOpener(byte) { gaps.append(i + 1) }
                i += 1
            }
        }
    }

    static let extremes = [
        "0", "-1", "9223372036854775807", "-9223372036854775808", "18446744073709551615", "1e308", "-1e308", "0.5", "1e-300",
        "9007199254740993", "256", "257", "2",
    ]

    /// The end of the JSON value starting at `start` (after any whitespace).
    static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        while i < bytes.count && bytes[i] == UInt8(ascii: " ") { i += 1 }
        guard i < bytes.count else { return i }
        var depth = 0
        var inString = false
        while i < bytes.count {
            let byte = bytes[i]
            if inString {
                if byte == UInt8(ascii: "\\") { i += 1 } else if byte == UInt8(ascii: "\"") { inString = false; if depth == 0 { return i + 1 } }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if depth == 0 { return i }
                depth -= 1
                if depth == 0 { return i + 1 }
            } else if depth == 0 && byte == UInt8(ascii: ",") {
                return i
            }
            i += 1
        }
        return i
    }

    /// `bytes` with one change of `kind`; drawn again until it changes a byte (a number replaced
    /// by itself is no mutant).
    static func mutate(_ bytes: [UInt8], _ kind: Kind, _ random: inout SplitMix64) -> [UInt8] {
        while true {
            let mutant = draw(bytes, kind, &random)
            if mutant != bytes { return mutant }
        }
    }

    private static func draw(_ bytes: [UInt8], _ kind: Kind, _ random: inout SplitMix64) -> [UInt8] {
        var out = bytes
        let tokens = Tokens(bytes)
        switch kind {
        case .bitFlip:
            out[random.below(out.count)] ^= UInt8(1) << UInt8(random.below(8))
        case .byteChanged:
            out[random.below(out.count)] = UInt8(random.below(256))
        case .numberChanged:
            let range = tokens.numbers[random.below(tokens.numbers.count)]
            let text = String(decoding: bytes[range], as: UTF8.self)
            var choices = extremes
            if let n = Int64(text) { choices += [String(n &+ 1), String(n &- 1), String(0 &- n)] }
            if let x = Double(text) { choices += [String(x * (1 + 1e-12)), String(-x), String(x + 1)] }
            out.replaceSubrange(range, with: Array(choices[random.below(choices.count)].utf8))
        case .keyDropped:
            let key = tokens.keys[random.below(tokens.keys.count)]
            var end = valueEnd(bytes, from: key.upperBound)
            var start = key.lowerBound
            if end < bytes.count && bytes[end] == UInt8(ascii: ",") { end += 1 } else if start > 0 && bytes[start - 1] == UInt8(ascii: ",") { start -= 1 }
            out.removeSubrange(start..<end)
        case .stringChanged:
            let range = tokens.strings[random.below(tokens.strings.count)]
            let replacements = ["", "x", "playbench-part/2", "simulate", "--games", "1000", "0123456789abcdef"]
            out.replaceSubrange(range, with: Array("\"\(replacements[random.below(replacements.count)])\"".utf8))
        case .truncated:
            out.removeSubrange(random.below(out.count)...)
        case .byteDeleted:
            out.remove(at: random.below(out.count))
        case .whitespace:
            let gap = tokens.gaps[random.below(tokens.gaps.count)]
            out.insert(contentsOf: [[0x20], [0x0A], [0x09], [0x20, 0x20, 0x0D, 0x0A]][random.below(4)], at: gap)
        }
        return out
    }
}
