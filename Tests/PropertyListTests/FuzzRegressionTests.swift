import Foundation
import PropertyList
import TestSupport
import Testing

/// Inputs the fuzz targets (Tests/Fuzz) found, kept in Tests/Fuzz/Regressions (run.sh seeds the
/// targets with them too), each with what the reader must do with it.
@Suite struct FuzzRegressionTests {
    static func regression(_ name: String) throws -> [UInt8] {
        try Fixtures.bytes(Fixtures.packageRoot.appendingPathComponent("Tests/Fuzz/Regressions").appendingPathComponent(name))
    }

    /// A document declaring UTF-7 with bytes that encoding cannot hold: libxml2 raised the
    /// conversion error without a parser context, so it went to stderr ("encoding error : input
    /// conversion failed…") and the reader reported a later, misleading error. Now it is the
    /// located error; stopping the parser from inside the converter would crash (it did while
    /// this was fixed), so the error is recorded and the parser fails on its own.
    @Test func anUnconvertibleEncodingIsALocatedError() throws {
        let bytes = try Self.regression("fuzz-plist-xml-utf7-unconvertible.plist")
        #expect {
            _ = try XMLPlistReader.read(bytes: bytes)
        } throws: { error in
            "\(error)".contains("malformed XML: input conversion failed due to input error")
        }
        // The same declaration with convertible text reads.
        let fine = Array(#"<?xml version="1.0" encoding="UTF-7"?><plist version="1.0"><string>+AGE-</string></plist>"#.utf8)
        #expect(try XMLPlistReader.read(bytes: fine).value == .string("a"))
    }

    /// A binary plist holding a date of NaN seconds (CoreFoundation keeps any float64 date): it
    /// wrote and read back bit for bit, yet compared unequal to itself, unlike a NaN real.
    @Test func aNaNDateEqualsItselfAfterARoundTrip() throws {
        let node = try BinaryPlistReader.read(bytes: try Self.regression("fuzz-plist-binary-nan-date.bplist"))
        let seconds = try #require(node.value.date?.secondsSinceReferenceDate)
        #expect(seconds.isNaN)
        let back = try PlistReader.read(bytes: BinaryPlistWriter.write(node))
        #expect(back == node)
        #expect(back.value.date?.secondsSinceReferenceDate.bitPattern == seconds.bitPattern)
        #expect(Set([PlistDate(secondsSinceReferenceDate: .nan), PlistDate(secondsSinceReferenceDate: -.nan)]).count == 1)
        #expect(PlistDate(secondsSinceReferenceDate: 0) == PlistDate(secondsSinceReferenceDate: -0.0))
    }
}
