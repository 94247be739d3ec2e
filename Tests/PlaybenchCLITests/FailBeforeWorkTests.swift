import Foundation
import TestSupport
import Testing

/// Issue 16: outputs, parts, targets and options are validated before the first game. Each run
/// here asks for far more games than it could play within the test's time; it must fail at once,
/// without a progress bar, naming the output and why.
@Suite struct FailBeforeWorkTests {
    /// Games enough that playing them would take minutes even in a release build.
    static let many = ["--games", "2000000"]

    static var missingDirectory: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("playbench-missing-\(UUID().uuidString)").path
    }

    @Test(arguments: [
        ["simulate", "--shard", "0/2", "--part", "MISSING/part.json"],
        ["simulate", "--output", "MISSING/result.json"],
        ["gate", "--junit", "MISSING/gate.xml"],
        ["gate", "--markdown", "MISSING/gate.md"],
        ["sweep", "--set", "dailyExpense=40,50", "--shard", "1/2", "--part", "MISSING/p.json"],
        ["tune", "--param", "dailyExpense", "--target", "survival(5)=0.5", "--report", "MISSING/tune.html"],
        ["sensitivity", "--report", "MISSING/s.html"],
    ])
    func anOutputInAMissingDirectoryFailsBeforePlaying(arguments: [String]) throws {
        let missing = Self.missingDirectory
        let command = arguments.map { $0.replacingOccurrences(of: "MISSING", with: missing) }
        let result = try CommandRunner.playbench(command + (command[0] == "gate" || command[0] == "tune" ? [] : Self.many))
        #expect(result.status == 73, "\(command): \(result.standardError)")
        #expect(result.standardError.contains("\(missing)/"), "\(result.standardError)")
        #expect(result.standardError.contains("no such directory"), "\(result.standardError)")
        // No game was played: no progress bar was drawn.
        #expect(!result.standardError.contains("games"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func anOutputThatIsADirectoryFailsBeforePlaying() throws {
        let directory = try Fixtures.temporaryDirectory("output is a directory")
        let result = try CommandRunner.playbench(["simulate", "--output", directory.path] + Self.many)
        #expect(result.status == 73)
        #expect(result.standardError.contains("is a directory"), "\(result.standardError)")
    }

    @Test func aReportDirectoryUnderAFileFailsBeforePlaying() throws {
        let file = try Fixtures.temporaryDirectory("report under a file").appendingPathComponent("plain")
        try Data("x".utf8).write(to: file)
        let result = try CommandRunner.playbench(["report", "--output", file.appendingPathComponent("report").path] + Self.many)
        #expect(result.status == 73)
        #expect(result.standardError.contains("a directory on its path is a file"), "\(result.standardError)")
        #expect(try Fixtures.bytes(file) == Array("x".utf8))
    }

    @Test func tuningAnExpressionSaysWhatCanBeTuned() throws {
        // The shipped satisfactionUnitDecrease is the expression "100.0 / 240.0".
        let result = try CommandRunner.playbench(["tune", "--param", "satisfactionUnitDecrease", "--target", "survival(5)=0.5"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("is the expression \"100.0 / 240.0\""), "\(result.standardError)")
        #expect(result.standardError.contains("--coefficient k to tune its k-th number (1: 100.0, 2: 240.0)"), "\(result.standardError)")
    }
}
