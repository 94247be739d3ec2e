import Diagnostics
import Foundation
import PropertyList
import TestSupport
import Testing

/// `plist convert` reads JSON as plutil does (issue 16). Oracles: values written here by hand,
/// Foundation's JSONSerialization writing random values, and the XML reader on the shipped
/// designs.
@Suite struct JSONPlistReaderTests {
    func read(_ text: String) throws -> PlistNode { try JSONPlistReader.read(bytes: Array(text.utf8)) }

    @Test func typesMapAsPlutilMapsThem() throws {
        let tree = try read(#"{"i": -42, "big": 18446744073709551615, "r": 0.5, "e": 1e3, "t": true, "f": false, "s": "a\"b\u00e9\ud83d\ude00\n", "a": [], "d": {}}"#)
        let d = try #require(tree.value.dictionary)
        #expect(d["i"]?.value == .integer(PlistInteger(-42)))
        #expect(d["big"]?.value == .integer(PlistInteger(UInt64.max)))
        #expect(d["r"]?.value == .real(0.5))
        #expect(d["e"]?.value == .real(1000))  // an exponent makes a real, even of a whole number
        #expect(d["t"]?.value == .boolean(true) && d["f"]?.value == .boolean(false))
        #expect(d["s"]?.value == .string("a\"bé😀\n"))
        #expect(d["a"]?.value == .array([]) && d["d"]?.value == .dictionary(PlistDictionary()))
        #expect(Array(d.keys) == ["i", "big", "r", "e", "t", "f", "s", "a", "d"])
        // Beyond 64 bits a whole number is a real, as JSONSerialization reads it.
        #expect(try read("[123456789012345678901234567890]").value.array?.first?.value == .real(123456789012345678901234567890.0))
    }

    @Test func valuesKnowTheirLineAndColumn() throws {
        let tree = try read("{\n  \"name\": \"é\",\n  \"n\":   [1,\n 2]\n}")
        let d = try #require(tree.value.dictionary)
        #expect(d["name"]?.location == SourceLocation(line: 2, column: 11))
        #expect(d["n"]?.location == SourceLocation(line: 3, column: 10))
        #expect(d["n"]?.value.array?[1].location == SourceLocation(line: 4, column: 2))
    }

    @Test(arguments: [
        ("{\"a\": null}", "null has no property-list type", 1, 7),
        ("{\"a\": 1, \"a\": 2}", "duplicate key \"a\" (first at 1:2)", 1, 10),
        ("[1] x", "unexpected text after the JSON value", 1, 5),
        ("[01]", "cannot start with 0", 1, 2),
        ("[1,\n2", "the array opened at 1:1 is not closed", 2, 2),
        ("{\"a\" 1}", "expected : after the key \"a\"", 1, 6),
        ("[\"\\x\"]", "\\x is not a JSON escape", 1, 5),
        ("[\"\\ud800\"]", "a high surrogate \\ud800 without its low half", 1, 9),
        ("[\"a\tb\"]", "a control character inside a string must be escaped", 1, 4),
        ("[1e999]", "beyond the range of a real", 1, 2),
        ("[tru]", "expected true", 1, 2),
    ])
    func errorsAreLocated(text: String, message: String, line: Int, column: Int) {
        #expect {
            _ = try read(text)
        } throws: { error in
            guard let error = error as? PlistError else { return false }
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.location == SourceLocation(line: line, column: column), "\(error.location)")
            return true
        }
    }

    /// Columns are counted on from value to value along a line (minified JSON is one line):
    /// each must still be the count of characters before it, multi-byte ones as one.
    @Test func columnsAlongOneLongLineCountCharacters() throws {
        let elements = (0..<500).map { $0 % 3 == 0 ? "\"é\"" : String($0) }
        let text = "[" + elements.joined(separator: ",") + "],\n  [7]"
        let tree = try read("[" + text + "]")
        let values = try #require(tree.value.array?.first?.value.array)
        var column = 3  // "[[" then the first value
        for (value, element) in zip(values, elements) {
            #expect(value.location == SourceLocation(line: 1, column: column))
            column += element.count + 1
        }
        #expect(tree.value.array?.last?.value.array?.first?.location == SourceLocation(line: 2, column: 4))
    }

    @Test func nestingIsBounded() {
        var limits = PlistLimits()
        limits.maxDepth = 20
        let deep = String(repeating: "[", count: 21) + String(repeating: "]", count: 21)
        #expect(throws: PlistError.self) { try JSONPlistReader.read(bytes: Array(deep.utf8), limits: limits) }
        let fits = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        #expect(throws: Never.self) { try JSONPlistReader.read(bytes: Array(fits.utf8), limits: limits) }
    }

    /// Random values (seeded) written by Foundation's JSONSerialization read back as the same values.
    @Test func foundationsJSONReadsBackAsItsValues() throws {
        var random = SplitMix64(seed: 16)
        func value(_ depth: Int) -> (Any, PlistValue) {
            switch random.next() % (depth > 3 ? 4 : 6) {
            case 0:
                let n = Int64(bitPattern: random.next()) >> (random.next() % 60)
                return (NSNumber(value: n), .integer(PlistInteger(n)))
            case 1:
                let x = Double(Int64(bitPattern: random.next()) >> 20) / 1024.5
                return (NSNumber(value: x), .real(x))
            case 2:
                let scalars = (0..<(random.next() % 8)).map { _ in
                    [UnicodeScalar(0x41 + UInt8(random.next() % 26)), "\"", "\\", "\n", "é", "😀", "\u{1}"][Int(random.next() % 7)]
                }
                let s = String(String.UnicodeScalarView(scalars))
                return (s, .string(s))
            case 3:
                let b = random.next() % 2 == 0
                return (NSNumber(value: b), .boolean(b))
            case 4:
                let items = (0..<(random.next() % 5)).map { _ in value(depth + 1) }
                return (items.map(\.0), .array(items.map { PlistNode($0.1) }))
            default:
                var any: [String: Any] = [:]
                var plist = PlistDictionary()
                for i in 0..<(random.next() % 5) {
                    let (a, p) = value(depth + 1)
                    any["k\(i)"] = a
                    plist["k\(i)"] = PlistNode(p)
                }
                return (any, .dictionary(plist))
            }
        }
        for _ in 0..<300 {
            let (any, expected) = value(0)
            let data = try JSONSerialization.data(withJSONObject: any, options: [.fragmentsAllowed, .prettyPrinted])
            let read = try JSONPlistReader.read(bytes: Array(data))
            // JSONSerialization writes a whole-number double without a fraction: compare numbers as numbers.
            #expect(Self.sameNumbers(read.value, expected), "\(String(decoding: data, as: UTF8.self))")
        }
    }

    static func sameNumbers(_ a: PlistValue, _ b: PlistValue) -> Bool {
        switch (a, b) {
        case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy { sameNumbers($0.value, $1.value) }
        case (.dictionary(let x), .dictionary(let y)): x.count == y.count && x.keys.allSatisfy { k in y[k].map { sameNumbers(x[k]!.value, $0.value) } ?? false }
        case (.integer, .real), (.real, .integer), (.real, .real), (.integer, .integer): a.number == b.number
        default: a == b
        }
    }

    /// Every shipped design file, written as JSON and read back, is the tree the XML reader read.
    @Test func shippedDesignsSurviveJSON() throws {
        for design in try FileManager.default.contentsOfDirectory(atPath: Fixtures.designs.path) {
            let directory = Fixtures.designs.appendingPathComponent(design)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".plist") {
                let tree = try PlistReader.read(bytes: try Fixtures.bytes(directory.appendingPathComponent(name)))
                let json = try PlistWriter.write(tree, as: .json)
                #expect(JSONPlistReader.looksLikeJSON(json))
                // JSON has one kind of number: a real with a whole value reads back as an integer, as plutil reads it.
                #expect(Self.sameNumbers(try JSONPlistReader.read(bytes: json).value, tree.value), "\(design)/\(name)")
            }
        }
    }
}
