import Foundation
import TestSupport
import Testing

/// `playbench diff` as a pull request would run it (few, short games: a debug build).
@Suite("playbench diff")
struct DiffCommandTests {
    static let short = ["--games", "40", "--max-rounds", "6"]

    /// A copy of the shipped design with dailyExpense set.
    static func design(dailyExpense: Int) throws -> URL { try GateCommandTests.design(dailyExpense: dailyExpense, balance: nil) }

    @Test func markdownShowsThePairedDifferenceAndTheKeyThatMovedIt() throws {
        let old = try Self.design(dailyExpense: 50), new = try Self.design(dailyExpense: 150)
        let result = try CommandRunner.playbench(["diff", old.path, new.path, "--format", "markdown"] + Self.short)
        #expect(result.status == 0, "\(result.standardError)")
        let md = result.standardOutput
        #expect(md.contains("## Design diff: \(old.path) → \(new.path)"))
        #expect(md.contains("| metric | old | new | difference | 95% interval | moved by |"))
        let money = try #require(md.split(separator: "\n").first { $0.hasPrefix("| final money |") })
        #expect(money.contains("**−") && money.hasSuffix("| `dailyExpense` |"), "\(money)")
        #expect(md.contains("| `dailyExpense` | 50 | 150 |"))
    }

    @Test func jsonWritesAtomicallyToOutput() throws {
        let old = try Self.design(dailyExpense: 50), new = try Self.design(dailyExpense: 70)
        let file = old.appendingPathComponent("diff.json")
        let result = try CommandRunner.playbench(["diff", old.path, new.path, "--format", "json", "--output", file.path] + Self.short)
        #expect(result.status == 0 && result.standardOutput.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect((object["changes"] as? [Any])?.count == 1)
        #expect((object["metrics"] as? [Any])?.count == 7)
    }

    @Test func aMissingDesignIsAMissingInput() throws {
        let result = try CommandRunner.playbench(["diff", try Self.design(dailyExpense: 50).path, "/no/such/design"] + Self.short)
        #expect(result.status == 66)
        #expect(result.standardError.contains("/no/such/design"))
    }

    @Test(arguments: [["--games", "1"], ["--confidence", "1.5"], ["--format", "yaml"]])
    func badOptionsAreUsageErrors(options: [String]) throws {
        let design = try Self.design(dailyExpense: 50)
        let result = try CommandRunner.playbench(["diff", design.path, design.path] + options)
        #expect(result.status == 64)
    }

    @Test func anUnknownPersonaIsAUsageError() throws {
        let design = try Self.design(dailyExpense: 50)
        let result = try CommandRunner.playbench(["diff", design.path, design.path, "--team", "casual,casul,casual"] + Self.short)
        #expect(result.status == 64)
        #expect(result.standardError.contains("did you mean \"casual\""))
    }
}
