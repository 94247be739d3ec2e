import Foundation
import TestSupport
import Testing

/// Issue 15's designs that check passed and the other commands then crashed on, refused
/// mid-game or took minutes over: every command now refuses them up front, with the key, the
/// limit and the rule (C6, M1, M3), and none traps.
@Suite("Limits, from the command line")
struct LimitsCommandTests {
    /// The shipped design in a directory of its own, `key` set to the element `value`.
    func design(_ key: String, _ value: String) throws -> (URL, String) {
        let directory = try Fixtures.temporaryDirectory("limits")
        for name in ["GameConfig.plist", "Players.plist"] {
            try FileManager.default.copyItem(at: Fixtures.shippedDesign.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let shipped = String(decoding: try Fixtures.bytes(Fixtures.shippedDesign.appendingPathComponent("DefaultGameParameters.plist")), as: UTF8.self)
        let text = shipped.settingParameter(key, to: value)
        try Data(text.utf8).write(to: directory.appendingPathComponent("DefaultGameParameters.plist"))
        return (directory, text)
    }

    /// The 1-based line of the first line of `text` containing `needle`.
    func line(of needle: String, in text: String) -> Int? {
        text.components(separatedBy: "\n").firstIndex { $0.contains(needle) }.map { $0 + 1 }
    }

    @Test("sweep: a house factor of 1e17 exits 64 naming the key, the limit and C6 (it used to trap, exit 132)")
    func sweepRefusesHugeFactor() throws {
        let out = try Fixtures.temporaryDirectory("sweep-factor")
        let result = try CommandRunner.playbench(
            ["sweep", "--set", "maxHouseSatisfactionFactor=1e17,1e18", "--games", "100", "--output-dir", out.path])
        #expect(result.status == 64, "\(result.status): \(result.standardError)")
        #expect(result.standardError.contains("maxHouseSatisfactionFactor"), "\(result.standardError)")
        #expect(result.standardError.contains("must be at most 1,000") && result.standardError.contains("[C6]"), "\(result.standardError)")
    }

    @Test("sweep: a factor that reaches 1e17 through diffLevel is listed as not played, with the key and the rule, never a trap")
    func sweepListsHugeFactorExpression() throws {
        let out = try Fixtures.temporaryDirectory("sweep-factor-expression")
        let result = try CommandRunner.playbench(
            ["sweep", "--set", "maxHouseSatisfactionFactor=1,diffLevel*1e17", "--games", "4", "--max-rounds", "2", "--output-dir", out.path])
        #expect(result.status == 0, "\(result.status): \(result.standardError)")
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.contains("diffLevel*1e17") })
        #expect(line.contains("not played: breaks the parameters: maxHouseSatisfactionFactor: ") && line.contains("[C6]"), "\(line)")
    }
}
