import TestSupport
import Testing
@testable import PropertyList

/// Random trees of every type, written and read back: XML → XML, binary → binary, XML → binary → XML.
@Suite("Round trips")
struct RoundTripTests {
    static let treeCount = 300

    /// Random property-list trees from a fixed seed. Values lean on the edges of each type.
    ///
    /// Dates carry fractions of 1/1024 s, which every date from year -7500 to 9999 holds exactly
    /// at both of its scales (seconds since 2001 and since 1970); finer fractions near 2001 do
    /// not survive XML today (see XMLReaderBugTests.fractionalDateReadsBackExactly). UIDs stay in
    /// CoreFoundation's 32-bit range (see XMLReaderBugTests.largeUIDSurvivesXMLOrIsRefused).
    struct TreeGenerator {
        var rng: SplitMix64
        /// Nodes left for the current tree, so that no tree grows without bound.
        private var budget = 0

        init(seed: UInt64) { rng = SplitMix64(seed: seed) }

        /// A dictionary or an array at the root, nested at most `maxDepth` containers deep.
        mutating func tree(maxDepth: Int = 6) -> PlistNode {
            budget = 250
            return node(depth: 0, maxDepth: maxDepth, kind: Int.random(in: 8...11, using: &rng))
        }

        private mutating func node(depth: Int, maxDepth: Int, kind: Int? = nil) -> PlistNode {
            budget -= 1
            let containers = depth < maxDepth && budget > 0
            switch kind ?? Int.random(in: 0..<(containers ? 13 : 8), using: &rng) {
            case 0: return PlistNode(.string(string()))
            case 1: return PlistNode(.integer(integer()))
            case 2: return PlistNode(.real(real()))
            case 3: return PlistNode(.boolean(Bool.random(using: &rng)))
            case 4: return PlistNode(.date(date()))
            case 5: return PlistNode(.data((0..<pick([0, 1, 2, 3, 57, 200])).map { _ in UInt8.random(in: 0...255, using: &rng) }))
            case 6: return PlistNode(.uid(pick([0, 1, 255, 256, 65_535, UInt64(UInt32.max), UInt64.random(in: 0...UInt64(UInt32.max), using: &rng)])))
            case 7: return PlistNode(.string(pick(["", " ", "CF$UID", "a&b<c>d", "]]>", "\r\n"])))
            case 8, 9:
                let count = Int.random(in: 0...6, using: &rng)
                return PlistNode(.array((0..<count).map { _ in node(depth: depth + 1, maxDepth: maxDepth) }))
            default:
                var dictionary = PlistDictionary()
                for _ in 0..<Int.random(in: 0...6, using: &rng) {
                    dictionary[string()] = node(depth: depth + 1, maxDepth: maxDepth)
                }
                return PlistNode(.dictionary(dictionary))
            }
        }

        private mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &rng)] }

        /// Any scalar XML can hold except C0/C1 controls other than tab, LF and CR: ASCII
        /// markup characters, line ends, accents, combining marks, CJK, emoji and their
        /// sequences, private use, the BOM, and plane 1 to 16 scalars.
        mutating func string() -> String {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                switch Int.random(in: 0..<6, using: &rng) {
                case 0:
                    text += pick(["<", ">", "&", "\"", "'", "&amp;", "]]>", "\r", "\n", "\t", "\r\n", " ", "  "])
                case 1:
                    text += pick(["é", "e\u{301}", "日本語", "🎉", "👩‍👩‍👧", "🇫🇷", "\u{FEFF}", "\u{FFFD}", "\u{E000}", "\u{10FFFD}", "\u{2028}"])
                default:
                    let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF]
                    let scalar = Unicode.Scalar(UInt32.random(in: pick(ranges), using: &rng))!
                    text.unicodeScalars.append(scalar)
                }
            }
            return text
        }

        mutating func integer() -> PlistInteger {
            pick([
                PlistInteger(0), PlistInteger(1), PlistInteger(-1), PlistInteger(Int64.min), PlistInteger(Int64.max),
                PlistInteger(UInt64(Int64.max) + 1), PlistInteger(UInt64.max),
                PlistInteger(Int64.random(in: .min ... .max, using: &rng)),
                PlistInteger(UInt64.random(in: UInt64(Int64.max)...UInt64.max, using: &rng)),
                PlistInteger(Int64.random(in: -1_000...1_000, using: &rng)),
            ])
        }

        mutating func real() -> Double {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                return pick([
                    0, -0.0, .nan, .infinity, -.infinity, 0.1, -2.5, 1e300, -1e-300, .greatestFiniteMagnitude,
                    -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
                    .ulpOfOne, .pi,
                ])
            case 1:  // a subnormal
                return Double(bitPattern: UInt64.random(in: 1..<(1 << 52), using: &rng) | (Bool.random(using: &rng) ? 1 << 63 : 0))
            default:  // any finite double
                var value: Double
                repeat { value = Double(bitPattern: rng.next()) } while !value.isFinite
                return value
            }
        }

        /// Whole seconds from about year -7500 to 9999, negative (before 2001) and far future,
        /// with a fraction of 1/1024 s or none.
        mutating func date() -> PlistDate {
            let whole = Double(Int64.random(in: -300_000_000_000...252_423_993_599, using: &rng))
            let fraction = Bool.random(using: &rng) ? 0 : Double(Int.random(in: 1..<1_024, using: &rng)) / 1_024
            return PlistDate(secondsSinceReferenceDate: pick([whole + fraction, fraction, -fraction, whole]))
        }
    }

    /// Stricter than `==`: strings and keys scalar for scalar (not canonically equivalent),
    /// reals bit for bit (any NaN matches any NaN), dictionary keys in the same order when
    /// `keyOrder` is set. Returns the path of the first difference, or nil.
    static func firstDifference(_ a: PlistNode, _ b: PlistNode, keyOrder: Bool, path: PlistPath = PlistPath()) -> String? {
        switch (a.value, b.value) {
        case (.string(let x), .string(let y)):
            return x.unicodeScalars.elementsEqual(y.unicodeScalars) ? nil : "\(path): \(x.debugDescription) ≠ \(y.debugDescription)"
        case (.real(let x), .real(let y)):
            return x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN) ? nil : "\(path): \(x) ≠ \(y)"
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return "\(path): \(x.count) items ≠ \(y.count)" }
            for (i, (p, q)) in zip(x, y).enumerated() {
                if let d = firstDifference(p, q, keyOrder: keyOrder, path: path.appending(i)) { return d }
            }
            return nil
        case (.dictionary(let x), .dictionary(let y)):
            guard x.count == y.count else { return "\(path): \(x.count) keys ≠ \(y.count)" }
            if keyOrder, !zip(x.keys, y.keys).allSatisfy({ $0.unicodeScalars.elementsEqual($1.unicodeScalars) }) {
                return "\(path): keys \(Array(x.keys)) ≠ \(Array(y.keys))"
            }
            for (key, value) in x.pairs {
                guard let other = y[key] else { return "\(path): key \(key.debugDescription) missing" }
                if let d = firstDifference(value, other, keyOrder: keyOrder, path: path.appending(key)) { return d }
            }
            return nil
        default:
            return a.value == b.value ? nil : "\(path): \(a.value) ≠ \(b.value)"
        }
    }

    static func trees(seed: UInt64) -> [PlistNode] {
        var generator = TreeGenerator(seed: seed)
        return (0..<treeCount).map { _ in generator.tree() }
    }

    @Test func generatorCoversEveryTypeAndDepth() {
        var types = Set<String>()
        var deepest = 0
        for tree in Self.trees(seed: 1) {
            deepest = max(deepest, XMLTesting.depth(tree))
            var stack = [tree]
            while let node = stack.popLast() {
                types.insert(node.value.typeName)
                if let items = node.value.array { stack += items }
                if let dictionary = node.value.dictionary { stack += dictionary.pairs.map(\.value) }
            }
        }
        #expect(types == ["string", "integer", "real", "boolean", "date", "data", "array", "dict", "uid"])
        #expect(deepest == 6)
    }

    @Test func xmlRoundTrip() throws {
        for (i, tree) in Self.trees(seed: 1).enumerated() {
            let xml = try XMLPlistWriter.write(tree)
            let back = try XMLPlistReader.read(bytes: xml)
            #expect(back == tree, "tree \(i)")
            if let difference = Self.firstDifference(tree, back, keyOrder: true) {
                Issue.record("tree \(i): \(difference)")
            }
        }
    }

    @Test func binaryRoundTrip() throws {
        for (i, tree) in Self.trees(seed: 2).enumerated() {
            let binary = BinaryPlistWriter.write(tree)
            let back = try BinaryPlistReader.read(bytes: binary, limits: .default)
            #expect(back == tree, "tree \(i)")
            if let difference = Self.firstDifference(tree, back, keyOrder: false) {
                Issue.record("tree \(i): \(difference)")
            }
        }
    }

    @Test func xmlToBinaryToXMLGivesTheSameText() throws {
        for (i, tree) in Self.trees(seed: 3).enumerated() {
            let xml = try XMLPlistWriter.write(tree)
            let fromXML = try PlistReader.read(bytes: xml)
            let binary = BinaryPlistWriter.write(fromXML)
            #expect(PlistReader.format(of: binary) == .binary)
            let fromBinary = try PlistReader.read(bytes: binary)
            #expect(fromBinary == tree, "tree \(i)")
            let again = try XMLPlistWriter.write(fromBinary)
            if again != xml {
                Issue.record("tree \(i): XML after binary differs\n\(String(decoding: xml, as: UTF8.self))\n---\n\(String(decoding: again, as: UTF8.self))")
            }
        }
    }
}
