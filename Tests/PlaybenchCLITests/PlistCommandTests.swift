import Foundation
import PropertyList
import TestSupport
import Testing

@Suite("playbench plist")
struct PlistCommandTests {
    @Test("lint: OK files and located errors, exit 1 when any file is bad")
    func lint() throws {
        let directory = try Fixtures.temporaryDirectory("lint")
        let good = directory.appendingPathComponent("good.plist")
        let bad = directory.appendingPathComponent("bad.plist")
        try Data(DesignFixtures.validParameters.utf8).write(to: good)
        try Data("<plist>\n  <array>\n    <integer>x</integer>\n  </array>\n</plist>".utf8).write(to: bad)
        let result = try CommandRunner.playbench(["plist", "lint", good.path, bad.path])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("\(good.path): OK"))
        #expect(result.standardOutput.contains("\(bad.path):3:5: error: \"x\" is not an integer"))
        #expect(try CommandRunner.playbench(["plist", "lint", good.path]).status == 0)
    }

    @Test("convert: XML to binary with -o, and back, gives the same value")
    func convertRoundTrip() throws {
        let directory = try Fixtures.temporaryDirectory("convert")
        let source = directory.appendingPathComponent("catalogue.plist")
        let binary = directory.appendingPathComponent("catalogue.bplist")
        let xml = directory.appendingPathComponent("catalogue.xml")
        try Data(DesignFixtures.validCatalogue.utf8).write(to: source)
        #expect(try CommandRunner.playbench(["plist", "convert", source.path, "--to", "binary", "-o", binary.path]).status == 0)
        #expect(try CommandRunner.playbench(["plist", "convert", binary.path, "--to", "xml", "-o", xml.path]).status == 0)
        let original = try PlistReader.read(bytes: Fixtures.bytes(source))
        #expect(try PlistReader.isBinary(Fixtures.bytes(binary)))
        #expect(try PlistReader.read(bytes: Fixtures.bytes(binary)) == original)
        #expect(try PlistReader.read(bytes: Fixtures.bytes(xml)) == original)
        // Nothing but the outputs is left behind: temporary files were renamed.
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["catalogue.bplist", "catalogue.plist", "catalogue.xml"])
    }

    @Test("convert: JSON to standard output")
    func convertJSON() throws {
        let directory = try Fixtures.temporaryDirectory("json")
        let source = directory.appendingPathComponent("p.plist")
        try Data(DesignFixtures.validParameters.utf8).write(to: source)
        let result = try CommandRunner.playbench(["plist", "convert", source.path, "--to", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["roundTime"] as? Int == 240)
        #expect(object["numOfCategories"] as? String == "5 * diffLevel / 10")
    }

    @Test("convert: a bad input exits 1 and leaves no output file")
    func convertBad() throws {
        let directory = try Fixtures.temporaryDirectory("convert-bad")
        let source = directory.appendingPathComponent("bad.plist")
        let output = directory.appendingPathComponent("out.plist")
        try Data("<plist><dict><key>a</key></dict></plist>".utf8).write(to: source)
        let result = try CommandRunner.playbench(["plist", "convert", source.path, "--to", "xml", "-o", output.path])
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(result.standardError.contains("\(source.path):1:") && result.standardError.contains("error:"), "\(result.standardError)")
    }

    /// Issue 43: converting to standard output, the errors go to standard error, never into
    /// what a pipe takes for the converted file; bad JSON is located by line and column.
    @Test("convert: errors of bad JSON go to standard error, located")
    func convertBadJSONToStandardOutput() throws {
        let directory = try Fixtures.temporaryDirectory("convert-json")
        let source = directory.appendingPathComponent("bad.json")
        try Data("{\"a\":\n".utf8).write(to: source)
        let result = try CommandRunner.playbench(["plist", "convert", source.path, "--to", "xml"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
        #expect(result.standardError.contains("\(source.path):2:1: error:"), "\(result.standardError)")
    }
}
