import Foundation
import TestSupport
import Testing

/// Inputs the fuzzers found (Tests/Fuzz/Regressions), through the command a user runs.
@Suite struct FuzzRegressionTests {
    static func regression(_ name: String) -> String {
        Fixtures.packageRoot.appendingPathComponent("Tests/Fuzz/Regressions").appendingPathComponent(name).path
    }

    /// libxml2 printed its encoding errors straight to stderr, unlocated, beside the reader's own.
    @Test func anUnconvertibleEncodingIsReportedOnceAndLocated() throws {
        let path = Self.regression("fuzz-plist-xml-utf7-unconvertible.plist")
        let result = try CommandRunner.playbench(["plist", "lint", path])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("\(path):1:37: error: malformed XML: input conversion failed"), "\(result.standardOutput)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
    }
}
