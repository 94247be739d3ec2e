import Diagnostics
import Testing
@testable import PropertyList

private typealias Location = Diagnostics.SourceLocation

// MARK: - Errors and their positions

@Suite("XML reader: errors and positions")
struct XMLPlistReaderErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var document: String
        var location: Diagnostics.SourceLocation
        var message: String
        var testDescription: String { name }
    }

    /// Multi-line documents with the exact position of the error: the start of the element (or
    /// key) at fault, 1-based line and column, columns counted in characters (a tab is one).
    static let located: [Case] = [
        Case(
            name: "duplicate key, at the second key",
            document: XMLTesting.document("""
                <dict>
                \t<key>name</key>
                \t<string>Ann</string>
                \t<key>name</key>
                \t<string>Bob</string>
                </dict>
                """),
            location: Location(line: 7, column: 2), message: "duplicate key \"name\" (first at 5:2)"),
        Case(
            name: "unknown element",
            document: XMLTesting.document("<array>\n\t<integer>1</integer>\n\t\t<color>red</color>\n</array>"),
            location: Location(line: 6, column: 3), message: "unknown element <color>"),
        Case(
            name: "value without a key",
            document: XMLTesting.document("<dict>\n\t<key>a</key>\n\t<true/>\n\t<string>orphan</string>\n</dict>"),
            location: Location(line: 7, column: 2), message: "<string> in <dict> needs a <key> before it"),
        Case(
            name: "key without a value at the end of the dict",
            document: XMLTesting.document("<dict>\n\t<key>a</key>\n\t<true/>\n\t<key>lonely</key>\n</dict>"),
            location: Location(line: 7, column: 2), message: "key \"lonely\" has no value"),
        Case(
            name: "key followed by another key",
            document: XMLTesting.document("<dict>\n\t<key>first</key>\n\t<key>second</key>\n\t<true/>\n</dict>"),
            location: Location(line: 5, column: 2), message: "key \"first\" has no value"),
        Case(
            name: "two values in <plist>",
            document: XMLTesting.document("<string>one</string>\n  <string>two</string>"),
            location: Location(line: 5, column: 3), message: "<plist> holds one value"),
        Case(
            name: "empty <plist>",
            document: XMLTesting.header + "<plist version=\"1.0\">\n</plist>\n",
            location: Location(line: 3, column: 1), message: "<plist> holds no value"),
        Case(
            name: "<true> with content",
            document: XMLTesting.document("<array>\n\t<true>x</true>\n</array>"),
            location: Location(line: 5, column: 2), message: "must be empty"),
        Case(
            name: "element inside a string",
            document: XMLTesting.document("<array>\n\t<string>a<true/>b</string>\n</array>"),
            location: Location(line: 5, column: 11), message: "<true> inside <string>"),
        Case(
            name: "key outside a dict",
            document: XMLTesting.document("<array>\n\t<key>k</key>\n</array>"),
            location: Location(line: 5, column: 2), message: "<key> outside <dict>"),
        Case(
            name: "start tag spanning two lines",
            document: XMLTesting.document("<array>\n\t<integer\n\t    >12x</integer>\n</array>"),
            location: Location(line: 5, column: 2), message: "\"12x\" is not an integer"),
        Case(
            name: "attribute spanning lines before the bad value",
            document: XMLTesting.document("<array>\n\t<string>ok</string> <date\n  note=\"a\nb\">soon</date>\n</array>"),
            location: Location(line: 5, column: 22), message: "\"soon\" is not a date"),
        Case(
            name: "after non-ASCII characters on the same line",
            document: XMLTesting.document("<array>\n\t<string>héllo wörld</string><integer>x</integer>\n</array>"),
            location: Location(line: 5, column: 30), message: "\"x\" is not an integer"),
        Case(
            name: "after CJK and emoji on the same line",
            document: XMLTesting.document("<array>\n\t<string>日本🎉</string> <bogus/>\n</array>"),
            location: Location(line: 5, column: 23), message: "unknown element <bogus>"),
        Case(
            name: "nesting too deep, at the 513th container",
            document: XMLTesting.nestedArrays(513),
            location: Location(line: 1, column: 512 * 7 + 1), message: "nesting deeper than 512 levels"),
    ]

    @Test(arguments: located)
    func errorPosition(_ c: Case) throws {
        let error = try #require(XMLTesting.error(reading: c.document))
        #expect(error.location == c.location)
        #expect(error.message.contains(c.message), "message: \(error.message)")
    }

    /// libxml2's own errors carry libxml2's position: the line of the offending markup, and a
    /// column within it or just after it.
    struct MalformedCase: Sendable, CustomTestStringConvertible {
        var name: String
        var document: String
        var line: Int
        var columns: ClosedRange<Int>
        var message: String
        var testDescription: String { name }
    }

    static let malformed: [MalformedCase] = [
        MalformedCase(
            name: "mismatched end tag",
            document: XMLTesting.document("<array>\n\t<string>x</string>\n</dict>"),
            line: 6, columns: 1...8, message: "mismatch"),
        MalformedCase(
            name: "mismatched end tag after non-ASCII text",
            document: XMLTesting.document("<array>\n\t<string>é</string></dict>\n</array>"),
            line: 5, columns: 20...27, message: "mismatch"),
        MalformedCase(
            name: "truncated document",
            document: XMLTesting.header + "<plist version=\"1.0\">\n<array>\n\t<string>a</string>\n",
            line: 6, columns: 1...1, message: "premature end of data"),
        MalformedCase(
            name: "truncated inside a tag",
            document: XMLTesting.header + "<plist version=\"1.0\">\n<array>\n\t<string note=\"a",
            line: 5, columns: 2...17, message: "malformed XML"),
        MalformedCase(
            name: "undefined entity",
            document: XMLTesting.document("<string>a &nbsp; b</string>"),
            line: 4, columns: 11...17, message: "nbsp"),
        MalformedCase(
            name: "ampersand without a semicolon",
            document: XMLTesting.document("<dict>\n\t<key>a &amp b</key>\n\t<true/>\n</dict>"),
            line: 5, columns: 8...14, message: "malformed XML"),
        MalformedCase(
            name: "content after the root element",
            document: XMLTesting.document("<true/>") + "<false/>\n",
            line: 6, columns: 1...2, message: "malformed XML"),
    ]

    @Test(arguments: malformed)
    func malformedXMLPosition(_ c: MalformedCase) throws {
        let error = try #require(XMLTesting.error(reading: c.document))
        #expect(error.location.line == c.line)
        #expect(c.columns.contains(error.location.column), "column \(error.location.column)")
        #expect(error.message.contains(c.message), "message: \(error.message)")
    }

    @Test func textOutsideValuesRejected() throws {
        let inPlist = try #require(XMLTesting.error(reading: "<plist>hello<string>a</string></plist>"))
        #expect(inPlist.message == "text outside a value element")
        let inDict = try #require(XMLTesting.error(reading: "<dict><key>a</key>stray<true/></dict>"))
        #expect(inDict.message == "text outside a value element")
        let inArray = try #require(XMLTesting.error(reading: "<array><true/>&amp;</array>"))
        #expect(inArray.message == "text outside a value element")
        // White space between elements is not text.
        #expect(try XMLTesting.read("<plist>\n\t \r\n<array>\n\t<true/>\n</array>\n</plist>") == [true])
    }

    @Test func everyErrorIsAPlistErrorWithAUsablePosition() throws {
        let documents = Self.located.map(\.document) + Self.malformed.map(\.document)
        for document in documents {
            let error = try #require(XMLTesting.error(reading: document))
            let lines = document.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect((1...lines).contains(error.location.line), "\(error)")
            #expect(error.location.column >= 1, "\(error)")
            #expect(!error.message.isEmpty)
            #expect(error.keyPath.isEmpty)
        }
    }
}
