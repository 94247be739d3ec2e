import Diagnostics
import Testing
@testable import PropertyList

@Suite("XML and JSON writers")
struct XMLPlistWriterTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static func xml(_ node: PlistNode) throws(PlistError) -> String { text(try XMLPlistWriter.write(node)) }

    // MARK: XML layout

    @Test func smallDictionaryInAppleLayout() throws {
        let tree: PlistNode = [
            "name": "Relentless",
            "players": 4,
            "ratio": 0.5,
            "tags": [],
            "empty": [:],
            "flags": [true, false],
            "when": PlistNode(.date(PlistDate(secondsSinceReferenceDate: 730_900_800))),
            "blob": PlistNode(.data(Array("Hello".utf8))),
            "ref": PlistNode(.uid(7)),
        ]
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>name</key>
            \t<string>Relentless</string>
            \t<key>players</key>
            \t<integer>4</integer>
            \t<key>ratio</key>
            \t<real>0.5</real>
            \t<key>tags</key>
            \t<array/>
            \t<key>empty</key>
            \t<dict/>
            \t<key>flags</key>
            \t<array>
            \t\t<true/>
            \t\t<false/>
            \t</array>
            \t<key>when</key>
            \t<date>2024-02-29T12:00:00Z</date>
            \t<key>blob</key>
            \t<data>
            \tSGVsbG8=
            \t</data>
            \t<key>ref</key>
            \t<dict>
            \t\t<key>CF$UID</key>
            \t\t<integer>7</integer>
            \t</dict>
            </dict>
            </plist>

            """
        #expect(try Self.xml(tree) == expected)
        #expect(try XMLTesting.read(expected) == tree)
    }

    @Test func scalarsAndEmptyContainersAtTheRoot() throws {
        let prefix = XMLTesting.header + "<plist version=\"1.0\">\n"
        #expect(try Self.xml([]) == prefix + "<array/>\n</plist>\n")
        #expect(try Self.xml([:]) == prefix + "<dict/>\n</plist>\n")
        #expect(try Self.xml("") == prefix + "<string></string>\n</plist>\n")
        #expect(try Self.xml(PlistNode(.integer(PlistInteger(UInt64.max)))) == prefix + "<integer>18446744073709551615</integer>\n</plist>\n")
        #expect(try Self.xml(PlistNode(.integer(PlistInteger(Int64.min)))) == prefix + "<integer>-9223372036854775808</integer>\n</plist>\n")
        #expect(try Self.xml(PlistNode(.data([]))) == prefix + "<data>\n</data>\n</plist>\n")
    }

    @Test func longDataWrapsAtSixtyEightCharactersPerLine() throws {
        let bytes = (0..<110).map { UInt8($0) }  // 148 base64 characters: 68 + 68 + 12
        let text = try Self.xml(["d": PlistNode(.data(bytes))])
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("\t") && !$0.contains("<") }
        #expect(lines.map(\.count) == [1 + 68, 1 + 68, 1 + 12])
        #expect(try XMLTesting.read(text) == ["d": PlistNode(.data(bytes))])
    }

    // MARK: Escaping

    @Test func markupCharactersAndCarriageReturnAreEscaped() throws {
        let tree: PlistNode = ["a & <b> \r\n": "x & y < z > w\r\nnext\tcol \"q\" 'a' ]]>"]
        let text = try Self.xml(tree)
        #expect(text.contains("\t<key>a &amp; &lt;b&gt; &#13;\n</key>\n"))
        #expect(text.contains("\t<string>x &amp; y &lt; z &gt; w&#13;\nnext\tcol \"q\" 'a' ]]&gt;</string>\n"))
        #expect(!text.contains("\r"))
        #expect(try XMLTesting.read(text) == tree)
    }

    @Test func nonASCIITextIsWrittenAsUTF8() throws {
        let tree: PlistNode = ["clé": "héllo 日本 🎉 e\u{301} \u{FEFF}\u{FFFD}\u{10FFFF}"]
        let text = try Self.xml(tree)
        #expect(text.contains("<key>clé</key>"))
        #expect(text.contains("🎉"))
        let back = try XMLTesting.read(text)
        #expect(back.value.dictionary?["clé"]?.value.string?.unicodeScalars.elementsEqual(
            "héllo 日本 🎉 e\u{301} \u{FEFF}\u{FFFD}\u{10FFFF}".unicodeScalars) == true)
    }

    static let forbiddenScalars: [Unicode.Scalar] =
        (0x00...0x1F).filter { ![0x09, 0x0A, 0x0D].contains($0) }.map { Unicode.Scalar(UInt8($0)) } + ["\u{FFFE}", "\u{FFFF}"]

    @Test(arguments: forbiddenScalars)
    func controlCharacterInAStringIsRefusedWithItsKeyPath(scalar: Unicode.Scalar) throws {
        let tree: PlistNode = ["items": ["fine", ["name": PlistNode(.string("bad\(Character(scalar))value"))]]]
        let error = try #require(Self.writeError(tree))
        #expect(error.keyPath == "items[1].name")
        #expect(error.message.contains("U+\(String(scalar.value, radix: 16, uppercase: true))"))
        #expect(error.message.contains("<string>"))
    }

    @Test func controlCharacterInAKeyIsRefusedWithTheDictionarysKeyPath() throws {
        let tree: PlistNode = ["items": [["bell\u{7}": 1]]]
        let error = try #require(Self.writeError(tree))
        #expect(error.keyPath == "items[0]")
        #expect(error.message.contains("<key> holds U+7"))
    }

    static func writeError(_ node: PlistNode, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> PlistError? {
        do {
            let bytes = try XMLPlistWriter.write(node)
            Issue.record("expected an error, wrote \(bytes.count) bytes", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Reals

    static let reals: [Double] = [
        0, -0.0, 0.1, 0.2, 0.30000000000000004, 1.5, -2.25, 2, -5, 1e300, -1e300,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude,  // 5e-324
        .leastNormalMagnitude, Double.leastNormalMagnitude.nextDown, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        123_456_789.123, 1e15, 1e16, 9_007_199_254_740_994, 4_503_599_627_370_495.5, 1e-7, .pi, -.ulpOfOne,
        .infinity, -.infinity,
    ]

    @Test(arguments: reals)
    func realReadsBackBitForBit(value: Double) throws {
        let back = try XMLTesting.read(Self.xml(PlistNode(.real(value))))
        let read = try #require(back.value.real)
        #expect(read.bitPattern == value.bitPattern, "wrote \(XMLPlistWriter.realText(value)), read \(read)")
    }

    @Test func realsAreWrittenShortestWithoutATrailingPointZero() throws {
        #expect(XMLPlistWriter.realText(0.1) == "0.1")
        #expect(XMLPlistWriter.realText(2) == "2")
        #expect(XMLPlistWriter.realText(-5) == "-5")
        #expect(XMLPlistWriter.realText(-0.0) == "-0.0")
        #expect(XMLPlistWriter.realText(0) == "0")
        #expect(XMLPlistWriter.realText(.infinity) == "+inf")
        #expect(XMLPlistWriter.realText(-.infinity) == "-inf")
        #expect(XMLPlistWriter.realText(.nan) == "nan")
    }

    @Test func nanReadsBackAsNaN() throws {
        let back = try XMLTesting.read(Self.xml([PlistNode(.real(.nan)), PlistNode(.real(-.nan))]))
        #expect(back.value.array?.allSatisfy { $0.value.real?.isNaN == true } == true)
    }

    // MARK: Dates

    @Test(arguments: [0, -978_307_201, 3_129_192_000, -63_113_904_000, 252_423_993_599, 0.5, -0.25, 86_399.75] as [Double])
    func dateReadsBack(seconds: Double) throws {
        let node = PlistNode(.date(PlistDate(secondsSinceReferenceDate: seconds)))
        let back = try XMLTesting.read(Self.xml(node))
        #expect(back.value.date?.secondsSinceReferenceDate == seconds)
    }

    @Test func wholeSecondDatesHaveNoFraction() throws {
        let text = try Self.xml(PlistNode(.date(PlistDate(secondsSinceReferenceDate: -978_307_201))))
        #expect(text.contains("<date>1969-12-31T23:59:59Z</date>"))
        let half = try Self.xml(PlistNode(.date(PlistDate(secondsSinceReferenceDate: 0.5))))
        #expect(half.contains("<date>2001-01-01T00:00:00.5Z</date>"))
    }

    // MARK: JSON

    @Test func jsonForASmallTree() throws {
        let tree: PlistNode = [
            "name": "Relentless \"quoted\" \\ back\nslash\t\u{1}",
            "players": 4,
            "big": PlistNode(.integer(PlistInteger(UInt64.max))),
            "ratio": 0.5,
            "tags": [],
            "empty": [:],
            "on": true,
            "when": PlistNode(.date(PlistDate(secondsSinceReferenceDate: 730_900_800))),
            "ref": PlistNode(.uid(7)),
            "nested": ["list": [1, "two", false]],
        ]
        let expected = #"""
            {
              "name": "Relentless \"quoted\" \\ back\nslash\t\u0001",
              "players": 4,
              "big": 18446744073709551615,
              "ratio": 0.5,
              "tags": [],
              "empty": {},
              "on": true,
              "when": "2024-02-29T12:00:00Z",
              "ref": {"CF$UID": 7},
              "nested": {
                "list": [
                  1,
                  "two",
                  false
                ]
              }
            }

            """#
        #expect(Self.text(try JSONPlistWriter.write(tree)) == expected)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func jsonRefusesNonFiniteRealsWithTheirKeyPath(value: Double) throws {
        let tree: PlistNode = ["scores": [1.5, ["best": PlistNode(.real(value))]]]
        let error = try #require(#expect(throws: PlistError.self) { _ = try JSONPlistWriter.write(tree) })
        #expect(error.keyPath == "scores[1].best")
        #expect(error.message.contains("no JSON representation"))
    }

    @Test func plistWriterDispatchesOnFormat() throws {
        let tree: PlistNode = ["a": [1, "b"]]
        #expect(try PlistWriter.write(tree, as: .xml) == XMLPlistWriter.write(tree))
        #expect(try PlistWriter.write(tree, as: .json) == JSONPlistWriter.write(tree))
    }
}
