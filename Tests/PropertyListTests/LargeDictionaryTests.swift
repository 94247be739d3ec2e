import Diagnostics
import Testing
@testable import PropertyList

/// Dictionaries past ``PlistDictionary/indexThreshold`` keys take another path in every reader
/// (a hash index instead of a scan), and every parameters file is one of them. A duplicate key
/// must be caught whatever its place: before the index exists, as it is built, and after; and
/// every key of a large dictionary must be found with its own value. The documents are written
/// here key by key, so the expected lines and objects come from the test, not from a reader.
@Suite("Large dictionaries: duplicate keys and lookups on both sides of the index")
struct LargeDictionaryTests {
    /// Sizes around the threshold and well past it; for each, the duplicate's places.
    static let cases: [(keys: Int, first: Int, second: Int)] = {
        let t = PlistDictionary.indexThreshold
        var cases: [(Int, Int, Int)] = []
        for n in [2, t, t + 1, t + 2, 2 * t + 5, 100] {
            for second in Set([1, t - 1, t, t + 1, t + 2, n - 1]) where second >= 1 && second < n {
                for first in Set([0, second / 2, second - 1]) { cases.append((n, first, second)) }
            }
        }
        return cases
    }()

    static func name(_ j: Int, keys: Int, first: Int, second: Int) -> String { j == second ? "key\(first)" : "key\(j)" }

    @Test func xmlDuplicateKeyIsFoundAnywhere() throws {
        for (n, first, second) in Self.cases {
            // Line 4 opens the dict; key j is on line 5 + 2j, at column 2.
            let body = (0..<n).map { "\t<key>\(Self.name($0, keys: n, first: first, second: second))</key>\n\t<integer>\($0)</integer>" }
            let document = XMLTesting.document("<dict>\n" + body.joined(separator: "\n") + "\n</dict>")
            let error = try #require(XMLTesting.error(reading: Array(document.utf8)), "\(n) keys, key \(second) repeats key \(first)")
            #expect(error.message == "duplicate key \"key\(first)\" (first at \(5 + 2 * first):2)", "\(n) keys, \(first) and \(second)")
            #expect(error.location == SourceLocation(line: 5 + 2 * second, column: 2), "\(n) keys, \(first) and \(second)")
        }
    }

    @Test func xmlLargeDictionaryFindsEveryKey() throws {
        for n in [PlistDictionary.indexThreshold, PlistDictionary.indexThreshold + 1, 100] {
            let body = (0..<n).map { "\t<key>key\($0)</key>\n\t<integer>\($0 * 7)</integer>" }
            let tree = try XMLTesting.read(XMLTesting.document("<dict>\n" + body.joined(separator: "\n") + "\n</dict>"))
            let d = try #require(tree.value.dictionary)
            #expect(d.count == n)
            for j in 0..<n {
                #expect(d["key\(j)"]?.value == .integer(PlistInteger(j * 7)), "\(n) keys, key \(j)")
                #expect(d.keyLocation("key\(j)") == SourceLocation(line: 5 + 2 * j, column: 2))
            }
            #expect(d["key\(n)"] == nil)
        }
    }

    @Test func binaryDuplicateKeyIsFoundAnywhere() throws {
        for (n, first, second) in Self.cases {
            // Object 0 the dict, objects 1...n its keys, object n + 1 the value they share.
            var builder = BPlistBuilder(offsetSize: 2)
            builder.add(builder.dict(Array(1...n), Array(repeating: n + 1, count: n)))
            for j in 0..<n { builder.add(BPlistBuilder.ascii(Self.name(j, keys: n, first: first, second: second))) }
            builder.add([0x10, 0x07])
            do {
                let node = try BinaryPlistReader.read(bytes: builder.build())
                Issue.record("\(n) keys, key \(second) repeats key \(first): read \(node.value)")
            } catch {
                #expect(error.message.contains("duplicate key \"key\(first)\""), "\(n) keys, \(first) and \(second): \(error.message)")
            }
        }
    }

    @Test func jsonDuplicateKeyIsFoundAnywhere() throws {
        for (n, first, second) in Self.cases {
            // One key a line: key j's name starts at line j + 2, column 1.
            let body = (0..<n).map { "\"\(Self.name($0, keys: n, first: first, second: second))\": \($0)" }
            let text = "{\n" + body.joined(separator: ",\n") + "\n}"
            do {
                let node = try JSONPlistReader.read(bytes: Array(text.utf8))
                Issue.record("\(n) keys, key \(second) repeats key \(first): read \(node.value)")
            } catch {
                #expect(error.message == "duplicate key \"key\(first)\" (first at \(first + 2):1)", "\(n) keys, \(first) and \(second)")
                #expect(error.location == SourceLocation(line: second + 2, column: 1))
            }
        }
    }
}
