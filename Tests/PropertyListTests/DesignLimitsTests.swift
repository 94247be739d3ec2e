import Diagnostics
import Testing
@testable import PropertyList

/// Issue 43: a design file's strings and keys end at 64 KiB, refused where they start in either
/// format, and a file's diagnostics past the thousandth are counted, not built.
@Suite struct DesignLimitsTests {
    static let limit = PlistLimits.designStringBytes

    @Test func anXMLStringOrKeyPastTheLimitIsRefusedWhereItStarts() throws {
        let atLimit = String(repeating: "a", count: Self.limit)
        // Exactly at the limit reads; one byte more is refused at the element's line and column.
        _ = try XMLTesting.read("<plist><string>\(atLimit)</string></plist>", limits: .design)
        let string = try #require(XMLTesting.error(reading: "<plist>\n  <string>\(atLimit)b</string></plist>", limits: .design))
        #expect(string.location == SourceLocation(line: 2, column: 3), "\(string)")
        #expect(string.message.contains("a string longer than 65,536 bytes"), "\(string.message)")
        let key = try #require(XMLTesting.error(reading: "<plist><dict>\n<key>\(atLimit)é</key><true/></dict></plist>", limits: .design))
        #expect(key.location == SourceLocation(line: 2, column: 1) && key.message.contains("a key longer than"), "\(key)")
        // The limit counts bytes: 32,769 two-byte letters are 65,538 bytes.
        #expect(XMLTesting.error(reading: "<plist><string>\(String(repeating: "é", count: Self.limit / 2 + 1))</string></plist>", limits: .design) != nil)
        // Other text elements and plists read without design limits hold any length.
        _ = try XMLTesting.read("<plist><data>\(String(repeating: "QUFB", count: Self.limit))</data></plist>", limits: .design)
        _ = try XMLTesting.read("<plist><string>\(atLimit)\(atLimit)</string></plist>")
    }

    @Test func aBinaryStringOrKeyPastTheLimitIsRefusedAtItsObject() throws {
        let long = String(repeating: "x", count: Self.limit + 1)
        var keyed = PlistDictionary()
        keyed[long] = PlistNode(.boolean(true))
        for node in [
            PlistNode(.string(long)),
            PlistNode(.array([PlistNode(.string(long + "é"))])),  // a UTF-16 string in the file
            PlistNode(.dictionary(keyed)),
        ] {
            let bytes = try PlistWriter.write(node, as: .binary)
            #expect(throws: PlistError.self) { try PlistReader.read(bytes: bytes, limits: .design) }
            do {
                _ = try PlistReader.read(bytes: bytes, limits: .design)
            } catch {
                #expect(error.message.contains("bytes: design files hold at most 65,536 bytes"), "\(error.message)")
            }
            _ = try PlistReader.read(bytes: bytes)
        }
    }

    /// A list or dict of more than 100,000 entries is refused at its start, in either format.
    @Test func aContainerPastTheLimitIsRefusedAtItsStart() throws {
        let limit = PlistLimits.designContainerEntries
        let entries = String(repeating: "<true/>", count: limit)
        _ = try XMLTesting.read("<plist><array>\(entries)</array></plist>", limits: .design)
        let array = try #require(XMLTesting.error(reading: "<plist>\n <array>\(entries)<false/></array></plist>", limits: .design))
        #expect(array.location == SourceLocation(line: 2, column: 2), "\(array)")
        #expect(array.message == "an <array> of 100,001 entries: design files hold at most 100,000 in an <array>", "\(array.message)")
        let keys = (0...limit).map { "<key>k\($0)</key><true/>" }.joined()
        let dict = try #require(XMLTesting.error(reading: "<plist><dict>\(keys)</dict></plist>", limits: .design))
        #expect(dict.message.hasPrefix("a <dict> of 100,001 entries"), "\(dict.message)")
        _ = try XMLTesting.read("<plist><array>\(entries)<false/></array></plist>")
        // Binary: refused from the container's count, before its entries are read.
        let binary = try PlistWriter.write(PlistNode(.array(Array(repeating: PlistNode(.boolean(true)), count: limit + 1))), as: .binary)
        #expect(throws: PlistError.self) { try PlistReader.read(bytes: binary, limits: .design) }
        _ = try PlistReader.read(bytes: binary)
    }

    @Test func aLogKeepsTheFirstThousandAndCountsTheRest() {
        var log = DiagnosticLog(file: "Big.plist")
        var suggestionsBuilt = 0
        func suggestion() -> String? {
            suggestionsBuilt += 1
            return "did you mean x?"
        }
        for i in 0..<1_200 {
            log.error("bad entry \(i)", at: SourceLocation(line: i + 1, column: 2), PlistPath().appending(i), rule: nil, suggestion: suggestion())
        }
        for i in 0..<300 { log.warning("odd entry \(i)", at: SourceLocation(line: 2_000 + i, column: 2), PlistPath(), rule: nil) }
        #expect(log.count == 1_500 && log.errorCount == 1_200 && log.hasErrors && log.isFull)
        #expect(suggestionsBuilt == DiagnosticLog.shownLimit)
        let shown = log.diagnostics
        #expect(shown.count == DiagnosticLog.shownLimit + 1)
        #expect(shown[999].message == "bad entry 999")
        let summary = shown[1_000]
        #expect(summary.severity == .error && summary.location == SourceLocation(line: 1_001, column: 2) && summary.keyPath == "[1000]")
        #expect(summary.message == "and 500 more diagnostics (200 errors) in this file from here on, not shown: the first 1,000 are", "\(summary.message)")
        // Under the limit, nothing is added.
        var small = DiagnosticLog(file: "Small.plist")
        small.note("fine", at: nil, PlistPath(), rule: nil)
        #expect(small.diagnostics.map(\.message) == ["fine"] && !small.hasErrors && small.count == 1)
    }

    @Test func aLongListIsShownByItsFirstTwelveAndACount() {
        #expect(briefList(["a", "b"], separator: "; ") == "a; b")
        #expect(briefList((1...12).map(String.init), separator: ",") == "1,2,3,4,5,6,7,8,9,10,11,12")
        #expect(briefList((1...1_040).map(String.init), separator: ", ") == "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, and 1,028 more")
    }
}
