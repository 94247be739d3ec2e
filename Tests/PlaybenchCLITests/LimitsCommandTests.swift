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

    @Test("sweep: a range with more steps than an Int holds is a usage error, not a trap")
    func sweepRefusesEndlessRange() throws {
        let result = try CommandRunner.playbench(["sweep", "--set", "dailyExpense=0...1e300:1e-300", "--output-dir", "/nonexistent/never-written"])
        #expect(result.status == 64, "\(result.status): \(result.standardError)")
        #expect(result.standardError.contains("over 10^15 values; at most 1000"), "\(result.standardError)")
    }

    @Test("check: maxSatisfaction 1e20 is a located M1 error (simulate used to refuse it mid-game), and simulate refuses it up front")
    func hugeSatisfaction() throws {
        let (directory, text) = try design("maxSatisfaction", "<real>1e20</real>")
        let check = try CommandRunner.playbench(["check", directory.path, "--samples", "0"])
        #expect(check.status == 1)
        let error = try #require(check.standardOutput.split(separator: "\n").first { $0.contains("error:") }, "\(check.standardOutput)")
        let expectedLine = try #require(line(of: "<real>1e20</real>", in: text))
        #expect(error.contains("DefaultGameParameters.plist:\(expectedLine):"), "\(error)")
        #expect(error.contains("error: maxSatisfaction: 1e+20 at difficulty 1: must be within ±1,000,000") && error.hasSuffix("[M1]"), "\(error)")
        let simulate = try CommandRunner.playbench(["simulate", directory.path, "--games", "2", "--max-rounds", "2"])
        #expect(simulate.status == 1)
        #expect((simulate.standardOutput + simulate.standardError).contains("maxSatisfaction"))
        #expect(!(simulate.standardOutput + simulate.standardError).contains("64-bit range"))
    }

    @Test("check: dailyExpense 1e300 is a located M1 error, not clamped in silence")
    func hugeExpense() throws {
        let (directory, _) = try design("dailyExpense", "<real>1e300</real>")
        let check = try CommandRunner.playbench(["check", directory.path, "--samples", "0"])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("error: dailyExpense: 1e+300 at difficulty 1: must be within ±1,000,000,000"), "\(check.standardOutput)")
    }

    @Test("check: orders of 1000 items, 10000 orders a player and a ramp to 1e15 are refused at once with their limits")
    func unboundedChecks() throws {
        for (key, value, message) in [
            ("maxNumOfItemsPerOrder", "<integer>1000</integer>", "maxNumOfItemsPerOrder: 1000 at difficulty 1: must be at most 50"),
            ("numOfOrdersPerPlayer", "<integer>10000</integer>", "numOfOrdersPerPlayer: 10000 at difficulty 1: must be at most 250"),
            ("maxDifficultyLevel", "<real>1e15</real>", "maxDifficultyLevel: the difficulty ramp from 1 to"),
        ] {
            let (directory, _) = try design(key, value)
            let check = try CommandRunner.playbench(["check", directory.path])
            #expect(check.status == 1, "\(key)")
            #expect(check.standardOutput.contains(message), "\(check.standardOutput)")
        }
    }

    @Test("check: --samples above 10000 (or below 0) is a usage error, exit 64")
    func samplesBound() throws {
        for samples in ["10001", "-1"] {
            let result = try CommandRunner.playbench(["check", "--samples=\(samples)"])
            #expect(result.status == 64, "\(samples): \(result.status)")
            #expect(result.standardError.contains("--samples must be in 0...10000"), "\(result.standardError)")
        }
    }

    @Test("check --help says how its run time scales")
    func helpStatesRunTime() throws {
        let help = try CommandRunner.playbench(["check", "--help"]).standardOutput
        let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("samples × team sizes × sampled difficulties × round size"), "\(help)")
        #expect(flat.contains("at most 1,000 difficulties sampled (M3)"), "\(help)")
    }
}
