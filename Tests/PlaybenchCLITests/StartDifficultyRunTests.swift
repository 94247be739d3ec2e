import Foundation
import TestSupport
import Testing

/// `--start-difficulty` (M3) and Balance.plist's startDifficulty in the commands that play many
/// runs: gate, shards and merge, sweep, tune, sensitivity and diff.
@Suite("--start-difficulty: gate, merge, sweep, tune, sensitivity, diff")
struct StartDifficultyRunTests {
    func json(_ text: String) throws -> [String: Any] { try SimulateCommandTests.object(text) }

    func json(at url: URL) throws -> [String: Any] { try json(String(decoding: try Fixtures.bytes(url), as: UTF8.self)) }

    /// One band for casual teams' money after round 1, at the minimum and (second target) from
    /// difficulty 7, where it is far lower.
    static func balance(top: String = "", secondStart: String = "<integer>7</integer>") -> String {
        let money = "<key>team</key><string>casual,casual,casual,casual</string><key>metric</key><string>medianMoney</string><key>round</key><integer>1</integer><key>atLeast</key><integer>200</integer>"
        return DesignFixtures.plist("""
            <dict>
              <key>firstGames</key><integer>32</integer>
              <key>maxGames</key><integer>64</integer>
              <key>maxRounds</key><integer>2</integer>\(top)
              <key>targets</key>
              <array>
                <dict>\(money)</dict>
                <dict>\(money)
                  <key>startDifficulty</key>\(secondStart)</dict>
              </array>
            </dict>
            """)
    }

    @Test func aGateTargetPlaysFromItsOwnStart() throws {
        let design = try GateCommandTests.design(balance: Self.balance())
        let result = try CommandRunner.playbench(["gate", design.path, "--format", "json"])
        #expect(result.status == 1, "\(result.standardError)")
        let gate = try json(result.standardOutput)
        let targets = try #require(gate["targets"] as? [[String: Any]])
        #expect(targets.map { $0["verdict"] as? String } == ["met", "missed"])
        // Its own start makes its team a lineup of its own; the file's start is the minimum.
        #expect((targets[0]["target"] as? [String: Any])?["lineup"] as? String == "4 × casual")
        #expect((targets[1]["target"] as? [String: Any])?["lineup"] as? String == "4 × casual from difficulty 7")
        let properties = try #require(gate["properties"] as? [[String: String]])
        #expect(properties.map { $0["name"] } == ["maxRounds"], "\(properties)")

        // --start-difficulty moves the file's start; the second target keeps its own.
        let moved = try CommandRunner.playbench(["gate", design.path, "--start-difficulty", "7"])
        #expect(moved.status == 1)
        #expect(moved.standardOutput.contains("0 of 2 targets met, 2 missed."))
        #expect(moved.standardOutput.contains("up to 2 rounds a game, from difficulty 7."))
        #expect(moved.standardOutput.contains("4 × casual from difficulty 7: median money after round 1 (over the games that played it) at least 200"))
    }

    @Test func aBadBalanceStartIsALocatedError() throws {
        let design = try GateCommandTests.design(balance: Self.balance(secondStart: "<real>10.5</real>"))
        for command in ["gate", "check"] {
            let result = try CommandRunner.playbench([command, design.path])
            #expect(result.status == 1)
            let line = try #require(result.standardOutput.split(separator: "\n").first { $0.contains("startDifficulty") }, "\(result.standardOutput)")
            #expect(line.hasPrefix("\(design.path)/Balance.plist:"))
            #expect(line.hasSuffix("error: targets[1].startDifficulty: 10.5 is outside the design's difficulty range 1...10 (minDifficultyLevel...maxDifficultyLevel) [M3]"), "\(line)")
        }
    }

    @Test func mergeRefusesPartsOfAnotherStartAndMergesItsOwnToTheUnshardedBytes() throws {
        let work = try Fixtures.temporaryDirectory("merge-start")
        let simulate = ShardCommandTests.simulate
        func part(_ i: Int, _ start: String) throws -> String {
            let path = work.appendingPathComponent("p\(i)-\(start).json").path
            let shard = try CommandRunner.playbench(simulate + ["--start-difficulty", start, "--shard", "\(i)/2", "--part", path])
            #expect(shard.status == 0, "\(shard.standardError)")
            return path
        }
        let (a0, a1, b1) = (try part(0, "4"), try part(1, "4"), try part(1, "6"))
        let mixed = try CommandRunner.playbench(["merge", a0, b1])
        #expect(mixed.status == 65)
        #expect(mixed.standardError.contains("a part of 'playbench simulate --games 300 --max-rounds 4 --format json --start-difficulty 6'"), "\(mixed.standardError)")
        #expect(mixed.standardError.contains("not of 'playbench simulate --games 300 --max-rounds 4 --format json --start-difficulty 4'"))

        let merged = try CommandRunner.playbench(["merge", a0, a1])
        let whole = try CommandRunner.playbench(simulate + ["--start-difficulty", "4"])
        #expect(merged.status == 0 && whole.status == 0)
        #expect(merged.standardOutput == whole.standardOutput)
        #expect(try json(merged.standardOutput)["startDifficulty"] as? Double == 4)
    }

    @Test func aSweepRecordsItsStartAndResumesOnlyTheSame() throws {
        let work = try Fixtures.temporaryDirectory("sweep-start")
        let arguments = ["sweep", "--set", "dailyExpense=40,60", "--set", "minDifficultyLevel=1,5", "--games", "8", "--max-rounds", "3", "--output-dir", work.path]
        let result = try CommandRunner.playbench(arguments + ["--start-difficulty", "3"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("up to 3 rounds a game, from difficulty 3\n"))
        let sweep = try json(at: work.appendingPathComponent("sweep.json"))
        #expect(sweep["playedAs"] as? String == "up to 3 rounds a game, from difficulty 3")
        // A point whose range excludes the start is not played, and says why.
        let invalid = try #require(sweep["points"] as? [[String: Any]]).map { $0["notPlayed"] as? String }
        #expect(invalid.map { $0?.contains("puts the start 3 outside the difficulty range 5...10") ?? false } == [false, true, false, true], "\(invalid)")
        // Its points are not continued from another start.
        let other = try CommandRunner.playbench(arguments + ["--resume"])
        #expect(other.status == 64 && other.standardError.contains("--start-difficulty"), "\(other.standardError)")
    }

    /// Thrown in at difficulty 5, teams earn far less per round: the expense that halves
    /// survival is far below the one for the minimum (489 on these seeds).
    @Test func tuneSearchesOnGamesFromTheStart() throws {
        let result = try CommandRunner.playbench([
            "tune", "--param", "dailyExpense", "--target", "survival(3)=50%", "--range", "20...1200", "--max-games", "256", "--max-rounds", "3",
            "--tolerance", "100", "--start-difficulty", "5", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let tuned = try json(result.standardOutput)
        #expect(tuned["playedAs"] as? String == "up to 3 rounds a game, from difficulty 5", "\(tuned)")
        #expect(try #require((tuned["search"] as? [String: Any])?["value"] as? Double) < 300)
    }

    @Test func sensitivityMovesParametersOnGamesFromTheStart() throws {
        func run(_ extra: [String]) throws -> [String: Any] {
            let result = try CommandRunner.playbench(["sensitivity", "--games", "8", "--max-rounds", "3", "--format", "json"] + extra)
            #expect(result.status == 0, "\(result.standardError)")
            return try json(result.standardOutput)
        }
        let (from9, byDefault) = (try run(["--start-difficulty", "9.5"]), try run([]))
        #expect(from9["playedAs"] as? String == "up to 3 rounds a game, from difficulty 9.5" && byDefault["playedAs"] as? String == "up to 3 rounds a game")
        let money = { (r: [String: Any]) in (r["base"] as? [String: Any])?["finalMoney"] as? Double }
        #expect(money(from9) != nil && money(from9) != money(byDefault))
        // Moving minDifficultyLevel up by 10% keeps 9.5 in range; maxDifficultyLevel down by 10% does not.
        let rows = try #require(from9["rows"] as? [[String: Any]])
        let reason = rows.first { $0["key"] as? String == "maxDifficultyLevel" }?["reason"] as? String
        #expect(reason?.contains("puts the start 9.5 outside the difficulty range 1...9") == true, "\(String(describing: reason))")
    }

    @Test func diffPlaysBothDesignsFromTheStart() throws {
        let old = try DiffCommandTests.design(dailyExpense: 50), new = try DiffCommandTests.design(dailyExpense: 70)
        func run(_ extra: [String]) throws -> [String: Any] {
            let result = try CommandRunner.playbench(["diff", old.path, new.path, "--format", "json"] + DiffCommandTests.short + extra)
            #expect(result.status == 0, "\(result.standardError)")
            return try json(result.standardOutput)
        }
        let (from6, byDefault) = (try run(["--start-difficulty", "6"]), try run([]))
        #expect(from6["playedAs"] as? String == "up to 6 rounds a game, from difficulty 6" && byDefault["playedAs"] as? String == "up to 6 rounds a game")
        // Harder rounds from the start (M3) change what the old design's teams end with.
        func money(_ r: [String: Any]) -> Double? {
            (r["rows"] as? [[String: Any]])?.first { $0["metric"] as? String == "finalMoney" }?["old"] as? Double
        }
        #expect(money(from6) != nil && money(from6) != money(byDefault))
        let text = try CommandRunner.playbench(["diff", old.path, new.path] + DiffCommandTests.short + ["--start-difficulty", "6"])
        #expect(text.standardOutput.contains("up to 6 rounds a game, from difficulty 6."))
    }
}
