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

    @Test("a missing second design is named as missing (66), not called a design of another game (issue 39)")
    func aMissingSecondDesignOfAnotherGame() throws {
        let andora = Fixtures.designs.appendingPathComponent("andora").path
        let result = try CommandRunner.playbench(["diff", andora, "/no/such/design", "--games", "2"])
        #expect(result.status == 66, "\(result.standardError)")
        #expect(result.standardError.contains("/no/such/design"))
        #expect(!result.standardError.contains("a design of"), "\(result.standardError)")
    }

    @Test("init's design against the shipped one runs with no option, on the team both play (issue 39)")
    func starterAgainstShipped() throws {
        let mine = try Fixtures.temporaryDirectory("diff-init").appendingPathComponent("mine")
        #expect(try CommandRunner.playbench(["init", mine.path]).status == 0)
        let result = try CommandRunner.playbench(["diff", Fixtures.shippedDesign.path, mine.path, "--games", "10", "--max-rounds", "3"])
        #expect(result.status == 0, "\(result.standardError)")
        // The shipped design's own team (4 casual) is one the starter has personas for; the
        // starter's own (regular, regular, hurried) is not the shipped design's.
        #expect(result.standardError.contains("comparing on those both play"), "\(result.standardError)")
        #expect(result.standardOutput.contains("casual"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("hurried"), "\(result.standardOutput)")
    }

    @Test("designs with no team in common: the message lists each one's and names --team, with diff's own help (issue 39)")
    func nothingInCommon() throws {
        let old = try Self.design(dailyExpense: 50)
        let mine = try Fixtures.temporaryDirectory("diff-none").appendingPathComponent("mine")
        #expect(try CommandRunner.playbench(["init", mine.path]).status == 0)
        // The starter without the shipped personas' names: no team of one design plays in the other.
        let players = mine.appendingPathComponent("Players.plist")
        var text = try String(contentsOf: players, encoding: .utf8)
        for name in ["novice", "casual", "expert", "perfect", "idle"] {
            text = text.replacingOccurrences(of: "<key>\(name)</key>\n\t\t<dict><key>base</key><string>\(name)</string></dict>\n", with: "")
        }
        #expect(!text.contains("<string>expert</string>"), "the fixture removed the shipped personas")
        try Data(text.utf8).write(to: players)
        // With --lineup too: the designs share nothing to pick from, and the message says so.
        for lineup in [[], ["--lineup", "4 × casual"]] {
            let result = try CommandRunner.playbench(["diff", old.path, mine.path, "--games", "4", "--max-rounds", "2"] + lineup)
            #expect(result.status == 64, "\(result.standardError)")
            #expect(result.standardError.contains("plays 4 × casual"), "\(result.standardError)")
            #expect(result.standardError.contains("regular, regular, hurried"))
            #expect(result.standardError.contains("--team a,b,c"))
            #expect(result.standardError.contains("see 'playbench diff --help'"))
            #expect(!result.standardError.contains("<subcommand>"), "\(result.standardError)")
        }
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
