import Diagnostics
import Foundation
import Testing
@testable import PropertyList

private typealias Location = Diagnostics.SourceLocation

// MARK: - Values

@Suite("XML reader: values")
struct XMLPlistReaderValueTests {
    @Test func dictionaryArrayStringAndBooleans() throws {
        let root = try XMLTesting.read(
            XMLTesting.document("""
                <dict>
                \t<key>name</key>
                \t<string>Relentless</string>
                \t<key>flags</key>
                \t<array>
                \t\t<true/>
                \t\t<false/>
                \t\t<string>  spaces kept  </string>
                \t</array>
                </dict>
                """))
        let expected: PlistNode = ["name": "Relentless", "flags": [true, false, "  spaces kept  "]]
        #expect(root == expected)
        #expect(root.location == Location(line: 4, column: 1))
        let dictionary = try #require(root.value.dictionary)
        #expect(dictionary.keyLocation("flags") == Location(line: 7, column: 2))
        #expect(dictionary["flags"]?.location == Location(line: 8, column: 2))
        #expect(dictionary["flags"]?.value.array?[1].location == Location(line: 10, column: 3))
    }

    @Test(arguments: [
        ("0", PlistInteger(0)),
        ("42", PlistInteger(42)),
        ("-9223372036854775808", PlistInteger(Int64.min)),
        ("9223372036854775807", PlistInteger(Int64.max)),
        ("9223372036854775808", PlistInteger(UInt64(Int64.max) + 1)),
        ("18446744073709551615", PlistInteger(UInt64.max)),
        ("0x1F", PlistInteger(31)),
        ("0X1f", PlistInteger(31)),
        ("0xFFFFFFFFFFFFFFFF", PlistInteger(UInt64.max)),
        ("+7", PlistInteger(7)),
        ("-7", PlistInteger(-7)),
        ("-0x10", PlistInteger(-16)),
        ("-0x8000000000000000", PlistInteger(Int64.min)),
        ("0123", PlistInteger(123)),  // decimal, not octal
        (" \t 12", PlistInteger(12)),  // leading white space, as CoreFoundation allows
    ])
    func integer(text: String, expected: PlistInteger) throws {
        #expect(try XMLTesting.value(of: "<integer>\(text)</integer>") == .integer(expected))
    }

    @Test(arguments: [
        "18446744073709551616",  // 2^64
        "99999999999999999999999999",
        "-9223372036854775809",  // Int64.min - 1
        "-0x8000000000000001",
        "0x10000000000000000",
        "12x", "42A", "1.5", "0x", "--1", "+-1", "one", "",
    ])
    func integerRejected(text: String) throws {
        let error = try #require(XMLTesting.error(reading: "<plist><integer>\(text)</integer></plist>"))
        #expect(error.location == Location(line: 1, column: 8))
        #expect(error.message.contains("integer"))
    }

    @Test(arguments: [
        ("1.5", 1.5),
        ("-2e10", -2e10),
        ("1E-3", 1e-3),
        ("2", 2.0),
        (".5", 0.5),
        ("inf", Double.infinity),
        ("-inf", -Double.infinity),
        ("+infinity", Double.infinity),
        ("-Infinity", -Double.infinity),
        ("INF", Double.infinity),
        ("  -3.14", -3.14),  // leading white space is allowed (strtod skips it)
        ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
        ("5e-324", Double.leastNonzeroMagnitude),
    ])
    func real(text: String, expected: Double) throws {
        #expect(try XMLTesting.value(of: "<real>\(text)</real>") == .real(expected))
    }

    @Test(arguments: ["nan", "NaN", "NAN"])
    func realNaN(text: String) throws {
        let value = try #require(try XMLTesting.value(of: "<real>\(text)</real>").real)
        #expect(value.isNaN)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let value = try #require(try XMLTesting.value(of: "<real>-0.0</real>").real)
        #expect(value == 0 && value.sign == .minus)
    }

    @Test(arguments: ["0x10", "abc", "infinite", "1.2.3", "1.e", "1e", "nan(1)", "0x1p3", "1,5", ""])
    func realRejected(text: String) throws {
        let error = try #require(XMLTesting.error(reading: "<plist><real>\(text)</real></plist>"))
        #expect(error.location == Location(line: 1, column: 8))
    }

    @Test(arguments: [
        ("2001-01-01T00:00:00Z", 0.0),
        ("1900-01-01T00:00:00Z", -3_187_296_000.0),
        ("1969-12-31T23:59:59Z", -978_307_201.0),
        ("1970-01-01T00:00:00Z", -978_307_200.0),
        ("2100-02-28T12:00:00Z", 3_129_192_000.0),
        ("0001-01-01T00:00:00Z", -63_113_904_000.0),  // proleptic Gregorian, as CoreFoundation
        ("2000-02-29T00:00:00Z", -26_524_800.0),  // divisible by 400: leap
        ("2024-02-29T00:00:00Z", 730_857_600.0),  // divisible by 4: leap
        ("9999-12-31T23:59:59Z", 252_423_993_599.0),
    ])
    func date(text: String, secondsSinceReferenceDate: Double) throws {
        let date = try #require(try XMLTesting.value(of: "<date>\(text)</date>").date)
        #expect(date.secondsSinceReferenceDate == secondsSinceReferenceDate)
        #expect(date.iso8601 == text)
    }

    @Test(arguments: [
        "1900-02-29T00:00:00Z",  // divisible by 100, not by 400: no leap day
        "2023-02-29T00:00:00Z",
        "2024-02-30T00:00:00Z",
        "2024-04-31T00:00:00Z",
        "2024-00-10T00:00:00Z",
        "2024-13-01T00:00:00Z",
        "2024-01-00T00:00:00Z",
        "2024-01-32T00:00:00Z",
        "2024-01-01T24:00:00Z",
        "2024-01-01T12:60:00Z",
        "2024-01-01T12:00:60Z",
        "2024-01-01T12:00:00",  // no Z
        "2024-01-01 12:00:00Z",
        "2024-01-01T12:00:00+01:00",
        "yesterday",
        "",
    ])
    func dateRejected(text: String) throws {
        let error = try #require(XMLTesting.error(reading: "<plist><date>\(text)</date></plist>"))
        #expect(error.location == Location(line: 1, column: 8))
    }

    @Test func dataAcrossLinesWithTabsAndSpaces() throws {
        let value = try XMLTesting.value(of: "<data>\n\tSGVsbG8s\n\t  IHdv \r\n\tcmxk\tIQ==\n</data>")
        #expect(value == .data(Array("Hello, world!".utf8)))
    }

    @Test(arguments: ["<data></data>", "<data>\n\t</data>"])
    func emptyData(element: String) throws {
        #expect(try XMLTesting.value(of: element) == .data([]))
    }

    @Test(arguments: ["SGVs!bG8=", "SGVsbG8=ABC", "SGVsbG8===", "SGVs\u{E9}bG8="])
    func dataWithInvalidCharacterRejected(text: String) throws {
        let error = try #require(XMLTesting.error(reading: "<plist>\n<data>\(text)</data></plist>"))
        #expect(error.location == Location(line: 2, column: 1))
        #expect(error.message.contains("base64"))
    }

    @Test func emptyElements() throws {
        #expect(try XMLTesting.value(of: "<string/>") == .string(""))
        #expect(try XMLTesting.value(of: "<string></string>") == .string(""))
        #expect(try XMLTesting.value(of: "<array/>") == .array([]))
        #expect(try XMLTesting.value(of: "<dict/>") == .dictionary(PlistDictionary()))
        #expect(try XMLTesting.read("<dict><key/><string/></dict>") == ["": ""])
        #expect(try XMLTesting.value(of: "<true></true>") == .boolean(true))
    }

    @Test func whiteSpaceOnlyStringsAndKeysAreKept() throws {
        #expect(try XMLTesting.value(of: "<string>   </string>") == .string("   "))
        #expect(try XMLTesting.value(of: "<string>\n\t</string>") == .string("\n\t"))
        #expect(try XMLTesting.read("<dict><key> </key><string>\r\n</string></dict>") == [" ": "\n"])  // XML turns CR LF into LF
    }

    @Test(arguments: ["<integer/>", "<integer></integer>", "<integer> </integer>", "<real/>", "<date/>", "<date></date>"])
    func emptyNumberOrDateRejected(element: String) throws {
        let error = try #require(XMLTesting.error(reading: "<plist>\(element)</plist>"))
        #expect(error.location == Location(line: 1, column: 8))
    }

    @Test func characterReferencesAndPredefinedEntities() throws {
        let value = try XMLTesting.value(of: "<string>&#x41;&#66;&amp;&lt;&gt;&quot;&apos;&#xE9;&#128664;</string>")
        #expect(value == .string("AB&<>\"'é🚘"))
        let key = try XMLTesting.value(of: "<dict><key>a&amp;b</key><string>x</string></dict>")
        #expect(key.dictionary?.keys.first == "a&b")
    }

    @Test func cdataSections() throws {
        #expect(try XMLTesting.value(of: "<string><![CDATA[a < b && c]]></string>") == .string("a < b && c"))
        #expect(
            try XMLTesting.value(of: "<string>x <![CDATA[&amp; <tag>]]> y</string>") == .string("x &amp; <tag> y"))
        #expect(
            try XMLTesting.value(of: "<string><![CDATA[Test &amp; &33; <![CDATA[]]]> outside</string>")
                == .string("Test &amp; &33; <![CDATA[] outside"))
    }

    @Test func commentsAndProcessingInstructionsAnywhere() throws {
        let root = try XMLTesting.read("""
            <?xml version="1.0"?>
            <!-- before the root --><?editor fold?>
            <plist version="1.0"><!-- in plist --><?pi?>
            <dict><!-- in dict -->
            \t<key>a<!-- in a key -->b</key><?pi between?>
            \t<!-- between key and value -->
            \t<array><?pi in array?><string>x<!-- in a string -->y</string><!----></array>
            </dict><!-- after the value -->
            </plist>
            <!-- after the root --><?trailing pi?>
            """)
        #expect(root == ["ab": ["xy"]])
    }

    @Test func appleDoctypeIsAcceptedAndNotFetched() throws {
        let root = try XMLTesting.read(XMLTesting.document("<string>x</string>"))
        #expect(root == "x")
        #expect(root.location == Location(line: 4, column: 1))
        // The old Apple Computer public id, as in many files from before 2007.
        let old = """
            <!DOCTYPE plist PUBLIC "-//Apple Computer//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><integer>1</integer></plist>
            """
        #expect(try XMLTesting.read(old) == 1)
    }

    @Test func bareRootWithoutPlistElement() throws {
        let root = try XMLTesting.read("<dict><key>b</key><integer>1</integer><key>a</key><integer>2</integer></dict>")
        #expect(root == ["a": 2, "b": 1])
        #expect(try XMLTesting.read("<array><string>x</string></array>") == ["x"])
        #expect(try XMLTesting.read("<string>alone</string>") == "alone")
    }

    @Test func dictionaryKeyOrderIsPreserved() throws {
        let keys = ["zeta", "alpha", "Mu", "beta", "", "10", "9", "é", "e"]
        let body = keys.map { "<key>\($0)</key><true/>" }.joined()
        let dictionary = try #require(try XMLTesting.value(of: "<dict>\(body)</dict>").dictionary)
        #expect(Array(dictionary.keys) == keys)
        #expect(dictionary.pairs.map(\.key) == keys)
    }

    @Test func cfUIDDictionaryBecomesAUID() throws {
        #expect(try XMLTesting.value(of: "<dict><key>CF$UID</key><integer>5</integer></dict>") == .uid(5))
        // Anything else shaped like it stays a dictionary.
        let twoKeys = try XMLTesting.value(of: "<dict><key>CF$UID</key><integer>5</integer><key>x</key><true/></dict>")
        #expect(twoKeys.dictionary?.count == 2)
        #expect(try XMLTesting.value(of: "<dict><key>CF$UID</key><string>5</string></dict>").dictionary != nil)
    }
}

// MARK: - Encodings

@Suite("XML reader: encodings")
struct XMLPlistReaderEncodingTests {
    /// Line 5 of these documents holds a bad integer after a tab: the error's position, counted
    /// in characters of the decoded text, must be the same in every encoding.
    static let body = """
        <plist version="1.0">
        <array>
        \t<string>héllo 🎉 日本</string>
        \t<integer>x</integer>
        </array>
        </plist>

        """

    static func document(declaring encoding: String?) -> String {
        (encoding.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>\n" } ?? "<?xml version=\"1.0\"?>\n") + body
    }

    @Test func utf8WithByteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(Self.document(declaring: "UTF-8").utf8)
        let error = try #require(XMLTesting.error(reading: bytes))
        #expect(error.location == Location(line: 5, column: 2))
        let good = [0xEF, 0xBB, 0xBF] + Array("<plist><string>é</string></plist>".utf8)
        #expect(try XMLPlistReader.read(bytes: good) == "é")
    }

    struct UTF16Case: Sendable, CustomTestStringConvertible {
        var bigEndian: Bool
        var byteOrderMark: Bool
        var declaration: String?
        var testDescription: String {
            "\(bigEndian ? "BE" : "LE"), \(byteOrderMark ? "BOM" : "no BOM"), encoding=\(declaration ?? "none")"
        }
    }

    static let utf16Cases: [UTF16Case] = [
        UTF16Case(bigEndian: false, byteOrderMark: true, declaration: "UTF-16"),
        UTF16Case(bigEndian: true, byteOrderMark: true, declaration: "UTF-16"),
        UTF16Case(bigEndian: false, byteOrderMark: true, declaration: nil),
        UTF16Case(bigEndian: true, byteOrderMark: true, declaration: nil),
        UTF16Case(bigEndian: false, byteOrderMark: false, declaration: "UTF-16"),
        UTF16Case(bigEndian: true, byteOrderMark: false, declaration: "UTF-16"),
        UTF16Case(bigEndian: false, byteOrderMark: false, declaration: "UTF-16LE"),
        UTF16Case(bigEndian: true, byteOrderMark: false, declaration: "UTF-16BE"),
    ]

    @Test(arguments: utf16Cases)
    func utf16(_ c: UTF16Case) throws {
        let good = Self.document(declaring: c.declaration).replacingOccurrences(of: "<integer>x</integer>", with: "<integer>7</integer>")
        let root = try XMLPlistReader.read(bytes: XMLTesting.utf16(good, bigEndian: c.bigEndian, byteOrderMark: c.byteOrderMark))
        #expect(root == ["héllo 🎉 日本", 7])
        #expect(root.value.array?[1].location == Location(line: 5, column: 2))

        let bad = XMLTesting.utf16(Self.document(declaring: c.declaration), bigEndian: c.bigEndian, byteOrderMark: c.byteOrderMark)
        let error = try #require(XMLTesting.error(reading: bad))
        #expect(error.location == Location(line: 5, column: 2))
    }

    @Test func unsupportedEncodingDeclarationRejected() throws {
        let error = try #require(XMLTesting.error(reading: "<?xml version=\"1.0\" encoding=\"foobar\"?>\n<plist><true/></plist>"))
        #expect(error.location.line == 1)
    }

    @Test func malformedUTF8Rejected() throws {
        let bytes = Array("<plist><string>ab".utf8) + [0xC3, 0x28] + Array("</string></plist>".utf8)
        let error = try #require(XMLTesting.error(reading: bytes))
        #expect(error.location.line == 1)
    }
}
