import Diagnostics
import Foundation
import Testing
@testable import PropertyList

/// Bugs once found in the XML reader and the writers, one test each, kept so they stay fixed.
///
/// "Apple" below means CoreFoundation's `CFPropertyList.c` (what `PropertyListSerialization`
/// uses on Darwin) and swift-foundation's `XMLPlistScanner.swift` (`PropertyListDecoder`), which
/// the corpus README says to follow. Each test names the corpus fixture that shows it, if any.
@Suite("Regressions: XML reader and writers")
struct XMLRegressionTests {
    private typealias Location = Diagnostics.SourceLocation

    // MARK: Reader: disagreements with Apple

    /// Apple skips white space after the sign (`S*(-|+)?S*[0-9]+`, CFPropertyList.c
    /// parseIntegerTag; swift-foundation test_xmlIntegerWhitespace).
    /// Fixture: swift-foundation/inline/integer_whitespace_sign.plist.
    @Test(arguments: [(" +\t42", Int64(42)), ("\t-   99", -99), (" -\t0xFACE", -0xFACE)])
    func whiteSpaceBetweenSignAndDigitsIsAccepted(text: String, expected: Int64) throws {
        #expect(try XMLTesting.value(of: "<integer>\(text)</integer>") == .integer(PlistInteger(expected)))
    }

    /// Apple rejects anything after the digits, white space included ("Unknown character ' '
    /// in <integer>"); PlistInteger(parsing:) trims trailing white space.
    @Test(arguments: ["42 ", "42\n", "0x1F\t"])
    func trailingWhiteSpaceInIntegerIsRejected(text: String) throws {
        #expect(throws: PlistError.self) { try XMLTesting.value(of: "<integer>\(text)</integer>") }
    }

    /// Apple parses reals with strtod and requires it to consume everything: leading white
    /// space is skipped, trailing white space is an error (swift-foundation test_bad_XMLReals).
    /// Fixture: swift-foundation/inline/bad_real_5.plist.
    @Test(arguments: ["1.5  ", "1.5\n", "-2e10\t"])
    func trailingWhiteSpaceInRealIsRejected(text: String) throws {
        #expect(throws: PlistError.self) { try XMLTesting.value(of: "<real>\(text)</real>") }
    }

    /// Apple requires all of `YYYY-MM-DDTHH:MM:SSZ` with nothing around it ("The DTD claims that
    /// smaller units can be omitted, but the old C implementation doesn't accept this",
    /// XMLPlistScanner.swift). PlistDate(iso8601:) accepts `2020-05Z` as 2020-05-01, claiming
    /// CoreFoundation does the same.
    @Test(arguments: ["2020-05Z", "2020Z", "2020-05-06Z", "2020-05-06T07:08Z", " 2020-05-06T07:08:09Z", "2020-05-06T07:08:09Z\n"])
    func incompleteOrPaddedDateIsRejected(text: String) throws {
        #expect(throws: PlistError.self) { try XMLTesting.value(of: "<date>\(text)</date>") }
    }

    /// Apple: "Encountered empty <data>" (CFPropertyList.c parseXMLElement; swift-foundation
    /// throws unexpectedEmptyTag for empty <data/>, <date/>, <real/> and <integer/>). The reader
    /// refuses the other three but reads `<data/>` as empty data. (`<data></data>` is fine.)
    /// A deliberate difference (README): every empty element reads as its empty value, and SAX
    /// cannot tell `<data/>` from `<data></data>`, which Apple accepts.
    @Test func emptyDataElementIsEmptyData() throws {
        #expect(try XMLTesting.value(of: "<data/>") == .data([]))
    }

    /// swift-foundation: "XML plist parsing has never attempted to parse inline DTDs and has
    /// always treated it as invalid syntax" (skipDTD). The reader refuses entity declarations
    /// but accepts any other internal subset. (CoreFoundation's C parser skipped them.)
    /// Fixture: swift-foundation/inline/xmlErrors_fake_inline_dtd.plist.
    /// A deliberate difference (README): as CoreFoundation's C parser did, an internal subset
    /// without entity declarations is skipped; entity declarations are still refused.
    @Test func internalDTDSubsetWithoutEntitiesIsSkipped() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist [<!ELEMENT foo (#PCDATA)>]>
            <plist version="1.0"><string>x</string></plist>
            """
        #expect(try XMLTesting.read(document).value == .string("x"))
    }

    /// CoreFoundation reads UTF-32 with a BOM (encodingForXMLData: 00 00 FE FF → UTF-32BE);
    /// libxml2 2.9 without iconv does not, and the reader passes the bytes on unchanged:
    /// "malformed XML: document is empty". Fixture: swift-foundation/inline/bom_utf32be.plist.
    @Test func utf32WithByteOrderMarkIsRead() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-32BE"?>
            <plist version="1.0"><string>hello</string></plist>
            """
        #expect(try XMLPlistReader.read(bytes: XMLTesting.utf32BigEndian(document)) == "hello")
    }

    // MARK: Reader: positions

    /// "text outside a value element" is reported where libxml2's cursor is when it delivers the
    /// text — after it, at the next tag — not where the text is: here 7:2 instead of 6:2.
    @Test func strayTextIsReportedWhereItIs() throws {
        let document = XMLTesting.document("""
            <dict>
            \t<key>a</key>
            \tstray words
            \t<true/>
            </dict>
            """)
        let error = try #require(XMLTesting.error(reading: document))
        #expect(error.message == "text outside a value element")
        #expect(error.location == Location(line: 6, column: 2))
    }

    @Test func strayTextAfterAValueIsReportedOnItsOwnLine() throws {
        let error = try #require(XMLTesting.error(reading: "<plist>\n<array>\n\t<true/>   tail\n</array>\n</plist>"))
        #expect(error.location == Location(line: 3, column: 12))
    }

    // MARK: Writers

    /// XMLPlistWriter's doc: "which XMLPlistReader reads back to an equal value". PlistDate's
    /// iso8601 goes through Unix time, which has fewer fraction bits than the reference-date
    /// value for dates near 2001, so the fraction written is not the one stored:
    /// 0.1 s is written as 2001-01-01T00:00:00.10000002384185791Z; 1e-7 s is lost entirely.
    @Test(arguments: [0.1, 0.001, 1e-7, 123_456.789, 728_512_994.123, -0.3])
    func fractionalDateReadsBackExactly(seconds: Double) throws {
        let node = PlistNode(.date(PlistDate(secondsSinceReferenceDate: seconds)))
        let back = try XMLPlistReader.read(bytes: XMLPlistWriter.write(node))
        #expect(back.value.date?.secondsSinceReferenceDate == seconds)
    }

    /// A date outside ±4e11 s of 1970, or NaN, is written as `<date>invalid-date</date>`: a
    /// file the reader (and every other parser) refuses. The writer should refuse it with the
    /// key path instead, as it does for control characters.
    @Test(arguments: [1e12, -1e12, Double.nan, Double.infinity])
    func unwritableDateIsRefusedByTheWriter(seconds: Double) throws {
        let tree: PlistNode = ["when": PlistNode(.date(PlistDate(secondsSinceReferenceDate: seconds)))]
        let error = #expect(throws: PlistError.self) { _ = try XMLPlistWriter.write(tree) }
        #expect(error?.keyPath == "when")
    }

    /// The writer's depth check lets a value sit at path depth 512, so 513 nested containers
    /// are written, and the reader refuses the result ("nesting deeper than 512 levels").
    @Test func writerRefusesWhatTheReaderRefuses() throws {
        var node: PlistNode = []
        for _ in 1..<513 { node = [node] }  // 513 nested arrays
        #expect(throws: PlistError.self) { try XMLTesting.read(XMLTesting.nestedArrays(513)) }
        #expect(throws: PlistError.self) { _ = try XMLPlistWriter.write(node) }
        #expect(throws: PlistError.self) { _ = try JSONPlistWriter.write(node) }
    }

    /// `.uid` holds a UInt64, the writer writes it as `{CF$UID: n}`, and the reader turns that
    /// back into a UID only when n <= UInt32.max (CoreFoundation's UIDs are 32-bit), so a
    /// larger UID comes back as a dictionary. Either the writer should refuse it, or the reader
    /// should read it back.
    @Test(arguments: [UInt64(UInt32.max) + 1, UInt64.max])
    func largeUIDSurvivesXMLOrIsRefused(uid: UInt64) throws {
        let node = PlistNode(.uid(uid))
        do {
            let back = try XMLPlistReader.read(bytes: XMLPlistWriter.write(node))
            #expect(back == node, "read back \(back.value)")
        } catch {
            // Refusing to write it is an acceptable fix too.
        }
    }

    /// JSONPlistWriter encodes data with `Base64.encode(bytes, lineLength: Int.max)`, and
    /// Base64.encode calls `reserveCapacity(lineLength)`: any tree holding data, even empty data,
    /// kills the process ("failed to allocate 9223372036854775839 bytes"). Run in a child
    /// process so that the crash fails this test only.
    @Test func jsonWriterWritesData() async {
        await #expect(processExitsWith: .success) {
            let bytes = try JSONPlistWriter.write(["blob": PlistNode(.data(Array("Hello".utf8)))])
            guard String(decoding: bytes, as: UTF8.self) == "{\n  \"blob\": \"SGVsbG8=\"\n}\n" else { exit(1) }
        }
    }

    /// Review finding: the year range was checked in seconds (±3e11), which let year 10000 be
    /// written (and not read back) and refused years the reader accepts before about −7500.
    @Test func dateTextCoversExactlyFourDigitYears() throws {
        let earliest = try #require(PlistDate(iso8601: "-9999-01-01T00:00:00Z"))
        #expect(earliest.iso8601 == "-9999-01-01T00:00:00Z")
        let latest = try #require(PlistDate(iso8601: "9999-12-31T23:59:59Z"))
        #expect(latest.iso8601 == "9999-12-31T23:59:59Z")
        #expect(PlistDate(secondsSinceReferenceDate: latest.secondsSinceReferenceDate + 1).iso8601 == nil)
        #expect(PlistDate(secondsSinceReferenceDate: earliest.secondsSinceReferenceDate - 1).iso8601 == nil)
    }

    /// Review finding: libxml2 hands text over with its cursor at the text's start when the
    /// text does not begin with a blank; stray text was then placed on its last line.
    @Test func strayTextStartingWithALetterIsReportedWhereItStarts() throws {
        let error = try #require(XMLTesting.error(reading: "<plist><array>x\ny</array></plist>"))
        #expect(error.message == "text outside a value element")
        #expect(error.location == Location(line: 1, column: 15))
    }

    /// Review finding: `encoding = "UTF-32"` (spaces around `=`, which XML allows) was not
    /// rewritten after transcoding, and libxml2 then failed to read the document.
    @Test func utf32DeclarationWithSpacesIsRead() throws {
        let text = "<?xml version=\"1.0\" encoding = \"UTF-32\"?><plist><string>é</string></plist>"
        var bytes: [UInt8] = [0x00, 0x00, 0xFE, 0xFF]
        for scalar in text.unicodeScalars {
            let v = scalar.value
            bytes += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        }
        #expect(try XMLPlistReader.read(bytes: bytes).value == .string("é"))
    }
}
