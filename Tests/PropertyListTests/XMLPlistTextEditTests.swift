import Foundation
import Testing
import TestSupport
@testable import PropertyList

/// `XMLPlistText.applying`: edited values' text changes, every other byte stays. Expected files
/// are written out by hand; the property over the shipped designs checks values with the reader
/// and bytes with a diff of its own.
@Suite struct XMLPlistTextEditTests {
    // MARK: Helpers

    static func path(_ components: PlistPath.Component...) -> PlistPath { PlistPath(components) }

    static func keys(_ names: String...) -> PlistPath { PlistPath(names.map { .key($0) }) }

    /// `text` with the edits applied, as text.
    static func edited(_ text: String, _ edits: [(PlistPath, PlistValue)]) throws -> String {
        try edited(Array(text.utf8), edits).text
    }

    static func edited(_ bytes: [UInt8], _ edits: [(PlistPath, PlistValue)]) throws -> [UInt8] {
        try XMLPlistText.applying(edits.map { PlistTextEdit(path: $0.0, value: $0.1) }, to: bytes)
    }

    /// The error editing `bytes` throws; records an issue when it does not throw.
    static func error(_ bytes: [UInt8], _ edits: [(PlistPath, PlistValue)], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> PlistTextEditError? {
        do {
            let output = try edited(bytes, edits)
            Issue.record("expected an error, got \(output.text)", sourceLocation: sourceLocation)
            return nil
        } catch let error as PlistTextEditError {
            return error
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    static func error(_ text: String, _ edits: [(PlistPath, PlistValue)], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> PlistTextEditError? {
        error(Array(text.utf8), edits, sourceLocation: sourceLocation)
    }

    static func crlf(_ text: String) -> String { text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n") }

    // MARK: Replacing values

    static let commented = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- Speeds. <key>speed</key><integer>0</integer> is only a comment. -->
        <plist version="1.0">
        <dict>
           <key>speed</key>   <integer>3</integer>  <!-- was 2 -->

        \t\t<key>name</key>
         \t<string>Relentless &amp; co&#x21;</string>
        \t<key>ratio</key><real>1.5</real>
        \t<key>open</key>
        \t<true/>
        \t<key>note</key>
        \t<string/>
        </dict>
        </plist>

        """

    @Test func integerReplacedByIntegerKeepsCommentsAndOddIndentation() throws {
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Speeds. <key>speed</key><integer>0</integer> is only a comment. -->
            <plist version="1.0">
            <dict>
               <key>speed</key>   <integer>400</integer>  <!-- was 2 -->

            \t\t<key>name</key>
             \t<string>Relentless &amp; co&#x21;</string>
            \t<key>ratio</key><real>1.5</real>
            \t<key>open</key>
            \t<true/>
            \t<key>note</key>
            \t<string/>
            </dict>
            </plist>

            """
        #expect(try Self.edited(Self.commented, [(Self.keys("speed"), .integer(PlistInteger(400)))]) == expected)
    }

    @Test func integerReplacedByAnEscapedExpressionString() throws {
        let output = try Self.edited(Self.commented, [(Self.keys("speed"), .string("5 * (diffLevel / 10.0) < 3 & x"))])
        #expect(output.contains("   <key>speed</key>   <string>5 * (diffLevel / 10.0) &lt; 3 &amp; x</string>  <!-- was 2 -->\n"))
        #expect(output.replacingOccurrences(of: "<string>5 * (diffLevel / 10.0) &lt; 3 &amp; x</string>", with: "<integer>3</integer>") == Self.commented)
    }

    @Test func realBooleanAndEmptyStringReplacedInOneCall() throws {
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Speeds. <key>speed</key><integer>0</integer> is only a comment. -->
            <plist version="1.0">
            <dict>
               <key>speed</key>   <integer>3</integer>  <!-- was 2 -->

            \t\t<key>name</key>
             \t<string>Relentless &amp; co&#x21;</string>
            \t<key>ratio</key><real>0.1</real>
            \t<key>open</key>
            \t<false/>
            \t<key>note</key>
            \t<string>a &gt; b</string>
            </dict>
            </plist>

            """
        let edits: [(PlistPath, PlistValue)] = [(Self.keys("note"), .string("a > b")), (Self.keys("ratio"), .real(0.1)), (Self.keys("open"), .boolean(false))]
        #expect(try Self.edited(Self.commented, edits) == expected)
    }

    @Test func typesChangeBothWays() throws {
        let text = "<plist><array><true/><real>2.5</real><string>x</string><integer>-4</integer></array></plist>"
        let edits: [(PlistPath, PlistValue)] = [
            (Self.path(.index(0)), .integer(PlistInteger(7))), (Self.path(.index(1)), .boolean(true)),
            (Self.path(.index(2)), .real(400)), (Self.path(.index(3)), .string("")),
        ]
        #expect(try Self.edited(text, edits) == "<plist><array><integer>7</integer><true/><real>400</real><string></string></array></plist>")
    }

    @Test(arguments: [(0.1, "0.1"), (400, "400"), (-2.5, "-2.5"), (1e-7, "1e-07"), (1.5e300, "1.5e+300"), (-0.0, "-0.0")])
    func realsAreWrittenShortAndReadBack(value: Double, text: String) throws {
        let output = try Self.edited("<plist><real>1</real></plist>", [(PlistPath(), .real(value))])
        #expect(output == "<plist><real>\(text)</real></plist>")
        let reread = try PlistReader.read(bytes: Array(output.utf8)).value.real
        #expect(reread == value && reread?.sign == value.sign)
    }

    @Test func commentsAndCDATAHoldingTagsDoNotMislead() throws {
        let text = """
            <plist><dict>
            <key>a</key><string><![CDATA[x</string><key>b</key><integer>1</integer>]]></string>
            <key>b</key><!-- <key>b</key><integer>1</integer> --><integer>2</integer>
            <key>c</key><string attr="ü/>x">q<?pi </string> ?>r</string><key>d</key><string>&lt;key&gt;</string>
            <key>e</key><string>s<!-- </string> --></string><key>f</key><integer>6</integer>
            <key>g</key><dict><!-- </dict> --><key>h</key><integer>7</integer><!-- </dict> --></dict>
            </dict></plist>
            """
        let expected = """
            <plist><dict>
            <key>a</key><string>new</string>
            <key>b</key><!-- <key>b</key><integer>1</integer> --><integer>20</integer>
            <key>c</key><true/><key>d</key><false/>
            <key>e</key><integer>5</integer><key>f</key><integer>6</integer>
            <key>g</key><dict><!-- </dict> --><key>h</key><integer>7</integer><!-- </dict> -->
            <key>i</key><integer>8</integer>
            </dict>
            </dict></plist>
            """
        let edits: [(PlistPath, PlistValue)] = [
            (Self.keys("b"), .integer(PlistInteger(20))), (Self.keys("a"), .string("new")), (Self.keys("d"), .boolean(false)),
            (Self.keys("c"), .boolean(true)), (Self.keys("e"), .integer(PlistInteger(5))), (Self.keys("g", "i"), .integer(PlistInteger(8))),
        ]
        #expect(try Self.edited(text, edits) == expected)
    }

    @Test func lastEditOfAPathWins() throws {
        let text = "<plist><dict><key>x</key><integer>0</integer><key>y</key><integer>0</integer></dict></plist>"
        let edits: [(PlistPath, PlistValue)] = [
            (Self.keys("x"), .integer(PlistInteger(1))), (Self.keys("y"), .integer(PlistInteger(2))), (Self.keys("x"), .string("three")),
        ]
        #expect(try Self.edited(text, edits) == "<plist><dict><key>x</key><string>three</string><key>y</key><integer>2</integer></dict></plist>")
    }

    @Test func noEditsChangeNothing() throws {
        let bytes = Array(Self.commented.utf8)
        #expect(try Self.edited(bytes, []) == bytes)
    }

    @Test func nestedPathThroughDictsAndArrays() throws {
        let text = """
            <plist>
            <dict>
            \t<key>a</key>
            \t<dict>
            \t\t<key>b</key>
            \t\t<array>
            \t\t\t<dict><key>c</key><integer>0</integer></dict>
            \t\t\t<dict><key>c</key><integer>1</integer></dict>
            \t\t</array>
            \t</dict>
            </dict>
            </plist>
            """
        let expected = """
            <plist>
            <dict>
            \t<key>a</key>
            \t<dict>
            \t\t<key>b</key>
            \t\t<array>
            \t\t\t<dict><key>c</key><integer>0</integer></dict>
            \t\t\t<dict><key>c</key><real>9.5</real></dict>
            \t\t</array>
            \t</dict>
            </dict>
            </plist>
            """
        #expect(try Self.edited(text, [(Self.path(.key("a"), .key("b"), .index(1), .key("c")), .real(9.5))]) == expected)
    }

    @Test func aCFUIDKeyReadsBackAsAKeyedArchiveUID() throws {
        let output = try Self.edited("<plist><dict><key>d</key><dict/></dict></plist>", [(Self.keys("d", "CF$UID"), .integer(PlistInteger(3)))])
        #expect(output == "<plist><dict><key>d</key><dict>\n\t<key>CF$UID</key>\n\t<integer>3</integer>\n</dict></dict></plist>")
        #expect(try PlistReader.read(bytes: Array(output.utf8)).value.dictionary?["d"]?.value == .uid(3))
    }

    // MARK: Positions: characters, byte-order marks, line endings

    @Test func nonASCIIBeforeTheValueOnItsLine() throws {
        let text = "<plist><dict>\n\t<key>süß</key><integer>1</integer><key>日本</key><string>€</string>\n\t<key>ö</key> <integer>3</integer>\n</dict></plist>\n"
        let edits: [(PlistPath, PlistValue)] = [
            (Self.keys("日本"), .string("ä&")), (Self.keys("süß"), .integer(PlistInteger(22))), (Self.keys("ö"), .boolean(true)),
        ]
        let expected = "<plist><dict>\n\t<key>süß</key><integer>22</integer><key>日本</key><string>ä&amp;</string>\n\t<key>ö</key> <true/>\n</dict></plist>\n"
        #expect(try Self.edited(text, edits) == expected)
    }

    @Test func byteOrderMarkIsKept() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let input = bom + Array("<plist><dict><key>ä</key><integer>1</integer><key>b</key><integer>2</integer></dict></plist>".utf8)
        let output = try Self.edited(input, [(Self.keys("b"), .integer(PlistInteger(-5))), (Self.keys("c"), .boolean(true))])
        #expect(output == bom + Array("<plist><dict><key>ä</key><integer>1</integer><key>b</key><integer>-5</integer>\n<key>c</key><true/>\n</dict></plist>".utf8))
    }

    @Test func crlfLineEndingsAreKeptAndUsedForNewEntries() throws {
        let text = Self.crlf("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>größe</key>
            \t<integer>10</integer>
            \t<key>note</key>
            \t<string>two
            lines</string>
            \t<key>tail</key>
            \t<integer>1</integer>
            </dict>
            </plist>

            """)
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>\r
            <plist version="1.0">\r
            <dict>\r
            \t<key>größe</key>\r
            \t<integer>12</integer>\r
            \t<key>note</key>\r
            \t<string>two\r
            lines</string>\r
            \t<key>tail</key>\r
            \t<string>end</string>\r
            \t<key>neu</key>\r
            \t<string>ü</string>\r
            </dict>\r
            </plist>\r

            """
        let edits: [(PlistPath, PlistValue)] = [
            (Self.keys("neu"), .string("ü")), (Self.keys("tail"), .string("end")), (Self.keys("größe"), .integer(PlistInteger(12))),
        ]
        #expect(try Self.edited(text, edits) == expected)
    }

    // MARK: New keys

    static let nested = """
        <plist version="1.0">
        <dict>
        \t<key>a</key>
        \t<integer>1</integer>
        \t<key>inner</key>
        \t<dict>
        \t\t<key>x</key>
        \t\t<true/>
        \t</dict>
        \t<key>empty</key>
        \t<dict/>
        \t<key>hollow</key>
        \t<dict></dict>
        </dict>
        </plist>

        """

    @Test func missingKeysGoAtTheEndOfANonEmptyDict() throws {
        let expected = """
            <plist version="1.0">
            <dict>
            \t<key>a</key>
            \t<integer>1</integer>
            \t<key>inner</key>
            \t<dict>
            \t\t<key>x</key>
            \t\t<true/>
            \t\t<key>y</key>
            \t\t<integer>2</integer>
            \t</dict>
            \t<key>empty</key>
            \t<dict/>
            \t<key>hollow</key>
            \t<dict></dict>
            \t<key>b &lt;&amp;&gt;</key>
            \t<string>two</string>
            \t<key>c</key>
            \t<false/>
            </dict>
            </plist>

            """
        let edits: [(PlistPath, PlistValue)] = [
            (Self.keys("b <&>"), .string("two")), (Self.keys("inner", "y"), .integer(PlistInteger(2))), (Self.keys("c"), .boolean(false)),
        ]
        #expect(try Self.edited(Self.nested, edits) == expected)
    }

    @Test func missingKeysOpenUpAnEmptyDict() throws {
        let expected = """
            <plist version="1.0">
            <dict>
            \t<key>a</key>
            \t<integer>1</integer>
            \t<key>inner</key>
            \t<dict>
            \t\t<key>x</key>
            \t\t<true/>
            \t</dict>
            \t<key>empty</key>
            \t<dict>
            \t\t<key>k</key>
            \t\t<integer>1</integer>
            \t\t<key>l</key>
            \t\t<real>0.5</real>
            \t</dict>
            \t<key>hollow</key>
            \t<dict>
            \t\t<key>h</key>
            \t\t<string>in</string>
            \t</dict>
            </dict>
            </plist>

            """
        let edits: [(PlistPath, PlistValue)] = [
            (Self.keys("empty", "k"), .integer(PlistInteger(1))), (Self.keys("hollow", "h"), .string("in")), (Self.keys("empty", "l"), .real(0.5)),
        ]
        #expect(try Self.edited(Self.nested, edits) == expected)
    }

    @Test func newEntryCopiesALayoutOfSpacesAndOneLineEntries() throws {
        let text = "<plist>\n  <dict>\n    <key>a</key> <integer>1</integer>\n    <key>e</key>\n    <dict/>\n  </dict>\n</plist>\n"
        let expected = "<plist>\n  <dict>\n    <key>a</key> <integer>1</integer>\n    <key>e</key>\n    <dict>\n      <key>f</key>\n      <true/>\n    </dict>\n    <key>b</key>\n    <integer>2</integer>\n  </dict>\n</plist>\n"
        // The root's last entry is `e`, laid out on two lines; `a` and its value share one.
        #expect(try Self.edited(text, [(Self.keys("b"), .integer(PlistInteger(2))), (Self.keys("e", "f"), .boolean(true))]) == expected)
        let oneLine = "<plist>\n  <dict>\n    <key>a</key> <integer>1</integer>\n  </dict>\n</plist>\n"
        #expect(try Self.edited(oneLine, [(Self.keys("b"), .integer(PlistInteger(2)))]) == "<plist>\n  <dict>\n    <key>a</key> <integer>1</integer>\n    <key>b</key> <integer>2</integer>\n  </dict>\n</plist>\n")
    }

    // MARK: Refusals

    static let small = "<plist><dict><key>a</key><dict><key>n</key><integer>1</integer><key>b</key><array><integer>1</integer><integer>2</integer></array></dict></dict></plist>"

    @Test func binaryAndJSONPlistsAreRefused() throws {
        let binary = try PlistWriter.write(["a": 1], as: .binary)
        #expect(Self.error(binary, [(Self.keys("a"), .integer(PlistInteger(2)))])?.reason == .notXML("a binary property list"))
        #expect(Self.error(#" {"a": 1}"#, [(Self.keys("a"), .integer(PlistInteger(2)))])?.reason == .notXML("a JSON property list"))
        let utf16 = XMLTesting.utf16(Self.small, bigEndian: false, byteOrderMark: true)
        #expect(Self.error(utf16, [(Self.keys("a"), .integer(PlistInteger(2)))])?.reason == .notXML("a UTF-16 or UTF-32 file"))
        let latin1 = #"<?xml version="1.0" encoding="ISO-8859-1"?><plist><integer>1</integer></plist>"#
        #expect(Self.error(latin1, [(PlistPath(), .integer(PlistInteger(2)))])?.reason == .notXML("a file in ISO-8859-1"))
    }

    @Test func filesTheReaderRefusesAreRefusedWithItsMessage() throws {
        let error = try #require(Self.error("<plist><dict><key>a</key></dict></plist>", [(Self.keys("a"), .integer(PlistInteger(2)))]))
        guard case .unreadable(let message) = error.reason else {
            Issue.record("expected .unreadable, got \(error.reason)")
            return
        }
        #expect(message.contains("key \"a\" has no value"))
    }

    @Test func pathsThatLeadNowhereAreRefused() throws {
        let missing = try #require(Self.error(Self.small, [(Self.keys("a", "missing", "c"), .integer(PlistInteger(2)))]))
        #expect(missing.reason == .missingKey("missing", in: Self.keys("a")))
        #expect(missing.path == Self.keys("a", "missing", "c"))
        #expect(missing.description == #"cannot set a.missing.c: a has no key "missing""#)

        let outOfRange = try #require(Self.error(Self.small, [(Self.path(.key("a"), .key("b"), .index(2)), .integer(PlistInteger(2)))]))
        #expect(outOfRange.reason == .indexOutOfRange(2, count: 2, in: Self.keys("a", "b")))
        #expect(outOfRange.description == "cannot set a.b[2]: a.b has 2 items, so no [2]")

        let intoScalar = try #require(Self.error(Self.small, [(Self.keys("a", "n", "x"), .integer(PlistInteger(2)))]))
        #expect(intoScalar.reason == .noSuchStep(.key("x"), at: Self.keys("a", "n"), typeName: "integer"))
        #expect(intoScalar.description == #"cannot set a.n.x: a.n is an integer, which has no key "x""#)

        let keyIntoArray = try #require(Self.error(Self.small, [(Self.keys("a", "b", "x"), .integer(PlistInteger(2)))]))
        #expect(keyIntoArray.reason == .noSuchStep(.key("x"), at: Self.keys("a", "b"), typeName: "array"))
    }

    @Test func containersAreNotTargets() throws {
        let dict = try #require(Self.error(Self.small, [(Self.keys("a"), .integer(PlistInteger(2)))]))
        #expect(dict.reason == .containerTarget(typeName: "dict"))
        #expect(dict.description.hasPrefix("cannot set a: it is a dict"))
        let array = try #require(Self.error(Self.small, [(Self.keys("a", "b"), .string("x"))]))
        #expect(array.reason == .containerTarget(typeName: "array"))
    }

    @Test func onlyScalarsAreWritten() throws {
        let array = try #require(Self.error(Self.small, [(Self.keys("a", "n"), .array([]))]))
        #expect(array.reason == .notAScalar(typeName: "array"))
        #expect(array.description == "cannot set a.n to an array: only a string, integer, real or boolean can be written")
        #expect(Self.error(Self.small, [(Self.keys("a", "n"), .date(PlistDate(secondsSinceReferenceDate: 0)))])?.reason == .notAScalar(typeName: "date"))
        #expect(Self.error(Self.small, [(Self.keys("a", "n"), .string("bell \u{7}"))])?.reason == .unwritable("the text holds U+7, which XML cannot represent"))
    }

    // MARK: Every leaf of the shipped designs

    /// A value of another type than `value`'s, which needs escaping when it is a string.
    static func replacement(for value: PlistValue) -> PlistValue {
        switch value {
        case .string: .integer(PlistInteger(-7))
        case .real: .boolean(true)
        case .boolean: .real(0.125)
        default: .string("edited <&>")
        }
    }

    /// Every leaf under `node` (not arrays, dicts or UIDs), with its path.
    static func leaves(of node: PlistNode, at path: PlistPath = PlistPath()) -> [(PlistPath, PlistValue)] {
        switch node.value {
        case .dictionary(let dictionary): dictionary.pairs.flatMap { leaves(of: $0.value, at: path.appending($0.key)) }
        case .array(let items): items.enumerated().flatMap { leaves(of: $0.element, at: path.appending($0.offset)) }
        case .uid: []
        default: [(path, node.value)]
        }
    }

    /// `node` with `value` at `path`, which exists.
    static func setting(_ value: PlistValue, at path: ArraySlice<PlistPath.Component>, in node: PlistNode) -> PlistNode {
        guard let step = path.first else { return PlistNode(value) }
        var copy = node
        switch (step, node.value) {
        case (.key(let key), .dictionary(var dictionary)):
            dictionary[key] = dictionary[key].map { setting(value, at: path.dropFirst(), in: $0) }
            copy.value = .dictionary(dictionary)
        case (.index(let index), .array(var items)):
            items[index] = setting(value, at: path.dropFirst(), in: items[index])
            copy.value = .array(items)
        default:
            Issue.record("no \(step) in a \(node.value.typeName)")
        }
        return copy
    }

    /// The element name a scalar is written as.
    static func elementName(_ value: PlistValue) -> String {
        if case .boolean(let flag) = value { return flag ? "true" : "false" }
        return value.typeName
    }

    /// Where `output` differs from `input`: the bytes after their common prefix and before their
    /// common suffix, widened to the `<` before and the `>` after (a changed element may share
    /// its first and last bytes with the old one). Nil when there is no `<` or `>` to widen to.
    static func changedRegions(_ input: [UInt8], _ output: [UInt8]) -> (old: ArraySlice<UInt8>, new: ArraySlice<UInt8>)? {
        let shorter = min(input.count, output.count)
        var prefix = 0
        while prefix < shorter, input[prefix] == output[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, input[input.count - 1 - suffix] == output[output.count - 1 - suffix] { suffix += 1 }
        guard prefix < input.count, let start = input[...prefix].lastIndex(of: UInt8(ascii: "<")),
            let close = input[max(start, input.count - suffix - 1)...].firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        let widened = close + 1 - (input.count - suffix)
        return (input[start...close], output[start..<(output.count - suffix + widened)])
    }

    @Test func everyLeafOfTheShippedDesignsIsReplacedAlone() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Fixtures.designs.path).filter { $0.hasSuffix(".plist") }.sorted()
        #expect(files.count >= 10)
        var checked = 0
        for file in files {
            let input = try Fixtures.bytes(Fixtures.designs.appendingPathComponent(file))
            guard !PlistReader.isBinary(input) else { continue }
            let tree = try PlistReader.read(bytes: input)
            let leaves = Self.leaves(of: tree)
            // A fixed stride keeps the run short and the same every time; a prime, so that
            // sampled leaves do not line up with the period of a repeated record.
            for (path, old) in stride(from: 0, to: leaves.count, by: 3).map({ leaves[$0] }) {
                let new = Self.replacement(for: old)
                let output = try Self.edited(input, [(path, new)])
                let context = Comment(rawValue: "\(file): \(path)")
                // (a) the value changed, and nothing else did.
                #expect(try PlistReader.read(bytes: output) == Self.setting(new, at: path.components[...], in: tree), context)
                // (b) the bytes changed only within one element, which was the old value's.
                let regions = try #require(Self.changedRegions(input, output), context)
                let oldName = Self.elementName(old), newName = Self.elementName(new)
                #expect(regions.old.starts(with: "<\(oldName)".utf8), context)
                let selfClosed = regions.old.elementsEqual("<\(oldName)/>".utf8)
                #expect(selfClosed || regions.old.reversed().starts(with: "</\(oldName)>".utf8.reversed()), context)
                #expect(try XMLPlistReader.read(bytes: Array("<plist>".utf8) + regions.old + Array("</plist>".utf8)).value == old, context)
                #expect(try XMLPlistReader.read(bytes: Array("<plist>".utf8) + regions.new + Array("</plist>".utf8)).value == new, context)
                #expect(regions.new.starts(with: "<\(newName)".utf8), context)
                checked += 1
            }
        }
        #expect(checked > 300)
    }
}

extension [UInt8] {
    fileprivate var text: String { String(decoding: self, as: UTF8.self) }
}
