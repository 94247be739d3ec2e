import TestSupport
import Diagnostics
import Testing
@testable import PropertyList

private typealias Location = Diagnostics.SourceLocation

// MARK: - Hostile input

@Suite("XML reader: hostile input")
struct XMLPlistReaderHostileInputTests {
    @Test func billionLaughsRefusedAtTheFirstDeclaration() throws {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [
             <!ENTITY lol "lol">
             <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
             <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
             <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
             <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
             <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
             <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
             <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
             <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
             <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
            ]>
            <plist version="1.0"><string>&lol9;</string></plist>
            """
        let error = try #require(XMLTesting.error(reading: laughs))
        #expect(error.message.contains("entity declaration \"lol\" refused"))
        #expect(error.location.line == 3)
    }

    @Test func quadraticBlowupRefused() throws {
        // One large entity referenced many times: no nesting, still refused at the declaration.
        let big = String(repeating: "x", count: 100_000)
        let document = "<!DOCTYPE plist [<!ENTITY a \"\(big)\">]><plist><string>"
            + String(repeating: "&a;", count: 10_000) + "</string></plist>"
        let error = try #require(XMLTesting.error(reading: document))
        #expect(error.message.contains("entity declaration"))
    }

    @Test(arguments: [
        "<!DOCTYPE plist [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><plist><string>&e;</string></plist>",
        "<!DOCTYPE plist [<!ENTITY e PUBLIC \"x\" \"file:///etc/passwd\">]><plist><string>&e;</string></plist>",
        "<!DOCTYPE plist [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]><plist><string>x</string></plist>",
        "<!DOCTYPE plist [<!ENTITY e SYSTEM \"http://127.0.0.1:1/x\">]><plist><string>&e;</string></plist>",
    ])
    func externalEntityRefused(document: String) throws {
        let error = try #require(XMLTesting.error(reading: document))
        #expect(error.message.contains("entity"))
        #expect(!error.description.contains("root:"))
    }

    @Test func externalDTDIsNeverLoaded() throws {
        // A SYSTEM DOCTYPE is only a name: the file is not read, so its text cannot appear.
        let root = try XMLTesting.read("<!DOCTYPE plist SYSTEM \"file:///etc/passwd\"><plist><string>x</string></plist>")
        #expect(root == "x")
    }

    @Test(arguments: ["&foo;", "&nbsp;", "&AMP;", "&#0;", "&#xD800;", "&#x110000;"])
    func undefinedEntityOrInvalidCharacterReferenceRefused(reference: String) throws {
        let error = try #require(XMLTesting.error(reading: "<plist><string>a\(reference)b</string></plist>"))
        #expect(error.location.line == 1)
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        #expect(PlistLimits.default.maxDepth == 512)
        let root = try XMLTesting.read(XMLTesting.nestedArrays(512))
        #expect(XMLTesting.depth(root) == 512)
        let dictionaries = String(repeating: "<dict><key>k</key>", count: 511) + "<array/>" + String(repeating: "</dict>", count: 511)
        #expect(XMLTesting.depth(try XMLTesting.read(dictionaries)) == 512)
    }

    @Test func nestingBeyondTheLimitIsRefused() throws {
        let error = try #require(XMLTesting.error(reading: XMLTesting.nestedArrays(513)))
        #expect(error.message == "nesting deeper than 512 levels")
        let dictionaries = String(repeating: "<dict><key>k</key>", count: 513) + "<true/>" + String(repeating: "</dict>", count: 513)
        #expect(XMLTesting.error(reading: dictionaries) != nil)
        var limits = PlistLimits()
        limits.maxDepth = 3
        #expect(XMLTesting.error(reading: XMLTesting.nestedArrays(4), limits: limits)?.message == "nesting deeper than 3 levels")
        #expect(try XMLTesting.read(XMLTesting.nestedArrays(3), limits: limits) == [[[]]])
    }

    @Test func hundredThousandNestedArraysRefusedWithoutCrashing() throws {
        #expect(XMLTesting.error(reading: XMLTesting.nestedArrays(100_000)) != nil)
        #expect(XMLTesting.error(reading: String(repeating: "<array>", count: 100_000)) != nil)
        #expect(XMLTesting.error(reading: "<plist>" + String(repeating: "<dict><key>k</key>", count: 100_000)) != nil)
    }

    @Test func fiveMegabyteStringParses() throws {
        let text = String(repeating: "0123456789abcdef", count: 5 << 16)  // 5 MiB
        let root = try XMLTesting.read("<plist><string>\(text)</string></plist>")
        #expect(root.value.string?.utf8.count == 5 << 20)
        #expect(root.value.string == text)
    }

    @Test func inputLargerThanTheLimitIsRefusedBeforeParsing() throws {
        var limits = PlistLimits()
        limits.maxInputBytes = 100
        let error = try #require(XMLTesting.error(reading: "<plist><string>\(String(repeating: "x", count: 200))</string></plist>", limits: limits))
        #expect(error.location == Location(line: 1, column: 1))
    }

    @Test(arguments: [[], [0], [0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xFE, 0xFF], Array(" \n\t".utf8), Array("<".utf8),
        Array("<?xml".utf8), Array("<plist".utf8), Array("<plist>".utf8), Array("<!DOCTYPE".utf8), Array("<!--".utf8),
        Array("<![CDATA[".utf8), Array("</plist>".utf8), Array("plain text".utf8), Array("{\"json\": true}".utf8),
        Array("bplis".utf8)] as [[UInt8]])
    func degenerateInputThrows(bytes: [UInt8]) throws {
        #expect(throws: PlistError.self) { try PlistReader.read(bytes: bytes) }
        #expect(throws: PlistError.self) { try XMLPlistReader.read(bytes: bytes) }
    }

    @Test func emptyInputNamesTheProblem() throws {
        let error = try #require(XMLTesting.error(reading: [UInt8]()))
        #expect(error == PlistError("empty file", at: .start))
    }

    @Test func randomGarbageThrowsAndNeverCrashes() {
        var rng = SplitMix64(seed: 0x5EED_0001)
        for _ in 0..<500 {
            let count = Int.random(in: 0...300, using: &rng)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if Bool.random(using: &rng) { bytes = Array("<plist><dict><key>".utf8) + bytes }
            if PlistReader.isBinary(bytes) { continue }
            do {
                _ = try PlistReader.read(bytes: bytes)
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
    }

    @Test func mutatedDocumentsParseOrThrowAndNeverCrash() throws {
        let original = Array(
            XMLTesting.document("""
                <dict>
                \t<key>name &amp; more</key>
                \t<string>héllo <![CDATA[<raw>]]></string>
                \t<key>list</key>
                \t<array>
                \t\t<integer>-0x10</integer>
                \t\t<real>1.5e3</real>
                \t\t<date>2024-02-29T12:00:00Z</date>
                \t\t<data>SGVsbG8=</data>
                \t\t<true/>
                \t</array>
                </dict>
                """).utf8)
        _ = try XMLPlistReader.read(bytes: original)
        let interesting = Array("<>/&;![]-?=\"'x0 \n\t".utf8) + [0x00, 0x80, 0xC3, 0xFF]
        var rng = SplitMix64(seed: 0x5EED_0002)
        var parsed = 0, rejected = 0
        for _ in 0..<1_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[at] = interesting.randomElement(using: &rng)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(interesting.randomElement(using: &rng)!, at: at)
                }
            }
            do {
                _ = try XMLPlistReader.read(bytes: bytes)
                parsed += 1
            } catch {
                #expect(error.location.line >= 1 && error.location.column >= 1, "\(error)")
                rejected += 1
            }
        }
        #expect(parsed + rejected == 1_000)
        #expect(rejected > 0)
    }
}
