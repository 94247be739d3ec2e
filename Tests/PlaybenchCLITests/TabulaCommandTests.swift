import Foundation
import PlaybenchCLI
import TestSupport
import Testing

/// `playbench check`, `generate` and `report` on Tabula Imaginarium (Designs/tabula), as the README
/// runs them: a generated map is one `check` accepts and `report` draws; mistakes are located;
/// parameters no seed can meet are refused with the replay command; the commands that play refuse.
@Suite("playbench on Tabula Imaginarium")
struct TabulaCommandTests {
    static var design: String { Fixtures.designs.appendingPathComponent("tabula").path }

    /// A copy of the shipped design with `old` replaced by `new` in `file` (which must hold it).
    static func edited(_ file: String? = nil, _ old: String = "", _ new: String = "") throws -> URL {
        let directory = try Fixtures.temporaryDirectory("tabula")
        for name in ["TabulaMap.plist", "Generator.plist"] {
            var text = try String(contentsOfFile: "\(design)/\(name)", encoding: .utf8)
            if name == file {
                #expect(text.contains(old), "\(name) holds no \(old)")
                text = text.replacingOccurrences(of: old, with: new)
            }
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    @Test func theShippedDesignChecksClean() throws {
        let result = try CommandRunner.playbench(["check", Self.design])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("Tabula Imaginarium map: 24x16 tiles"))
        #expect(result.standardOutput.contains("20 maps made, each connected (TI10)"))
        #expect(result.standardOutput.contains("no problems"))
    }

    /// The map generate writes is a design of its own that check passes without a diagnostic and
    /// report draws; the same seed gives the same bytes.
    @Test func aGeneratedMapIsChecked() throws {
        let first = try CommandRunner.playbench(["generate", Self.design, "--seed", "11", "--format", "plist"])
        #expect(first.status == 0, "\(first.standardError)")
        let again = try CommandRunner.playbench(["generate", Self.design, "--seed", "11", "--format", "plist"])
        #expect(first.standardOutput == again.standardOutput)
        let directory = try Fixtures.temporaryDirectory("tabula-generated")
        try Data(first.standardOutput.utf8).write(to: directory.appendingPathComponent("TabulaMap.plist"))
        let check = try CommandRunner.playbench(["check", directory.path])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.contains("Tabula Imaginarium map: 40x28 tiles") && check.standardOutput.contains("no problems"))
        let output = directory.appendingPathComponent("report").path
        let report = try CommandRunner.playbench(["report", directory.path, "--output", output])
        #expect(report.status == 0, "\(report.standardError)")
        let page = try String(contentsOfFile: output + "/report.html", encoding: .utf8)
        // One section per layer, and every token of the seven rooms' five with its number.
        for section in ["map", "background", "drawing", "objects", "tokens"] { #expect(page.contains("data-section=\"\(section)\"")) }
        #expect(page.components(separatedBy: "class=\"token-number\"").count - 1 == 5 * 2)
    }

    @Test func aMistakeIsLocatedAndReportRefusesTheMap() throws {
        let directory = try Self.edited("TabulaMap.plist", "<key>nextTokenNumber</key><integer>7</integer>", "<key>nextTokenNumber</key><integer>6</integer>")
        let check = try CommandRunner.playbench(["check", directory.path])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("TabulaMap.plist:"))
        #expect(check.standardOutput.contains("nextTokenNumber: nextTokenNumber is 6, but token 6 is on the map"))
        #expect(check.standardOutput.contains("[TI8]"))
        let report = try CommandRunner.playbench(["report", directory.path, "--output", directory.appendingPathComponent("r").path])
        #expect(report.status == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("r").path))
    }

    @Test func parametersNoSeedCanMeetAreRefusedWithTheReplayCommand() throws {
        let directory = try Self.edited("Generator.plist", "<key>rooms</key><integer>7</integer>", "<key>rooms</key><integer>70</integer>")
        let generate = try CommandRunner.playbench(["generate", directory.path, "--seed", "3"])
        #expect(generate.status == 1)
        #expect(generate.standardError.contains("70 rooms of 3x3 tiles at least, each with a border of one tile (5x5), need 1750 tiles; the 40x28 grid has 1120 [TI10]"))
        #expect(generate.standardError.contains("reproduce: playbench generate \(directory.path) --seed 3"))
        let check = try CommandRunner.playbench(["check", directory.path])
        #expect(check.status == 1 && check.standardOutput.contains("[TI10]"))
    }

    @Test func theCommandsThatPlayRefuseAMap() throws {
        let simulate = try CommandRunner.playbench(["simulate", Self.design, "--games", "10"])
        #expect(simulate.status == 64)
        #expect(simulate.standardError.contains("which Playbench checks but does not play"))
    }
}
