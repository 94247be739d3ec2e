import Foundation
import TestSupport
import Testing

/// `--start-difficulty` (M3) as simulate and report take it: other games than the default, a
/// replay that reproduces them, the default unchanged byte for byte, and values refused before
/// any game is played.
@Suite("--start-difficulty: simulate and report")
struct StartDifficultyCommandTests {
    static let short = SimulateCommandTests.short

    @Test func simulateFromAStartPlaysOtherGamesAndSaysSo() throws {
        let from5 = try SimulateCommandTests.simulate(Self.short + ["--format", "json", "--start-difficulty", "5"])
        let byDefault = try SimulateCommandTests.simulate(Self.short + ["--format", "json"])
        #expect(from5.status == 0 && byDefault.status == 0, "\(from5.standardError)\(byDefault.standardError)")
        let (a, b) = (try SimulateCommandTests.object(from5.standardOutput), try SimulateCommandTests.object(byDefault.standardOutput))
        #expect(a["startDifficulty"] as? Double == 5)
        #expect(b["startDifficulty"] == nil)
        let rounds = try #require(a["rounds"] as? [[String: Any]]).map { $0["difficulty"] as? Double }
        #expect(rounds == [5, 5.5, 6, 6.5, 7, 7.5])
        #expect(try #require(b["rounds"] as? [[String: Any]]).first?["difficulty"] as? Double == 1)
        #expect(from5.standardOutput != byDefault.standardOutput)
        #expect((a["finalMoney"] as? [String: Any])?["mean"] as? Double != (b["finalMoney"] as? [String: Any])?["mean"] as? Double)

        let text = try SimulateCommandTests.simulate(Self.short + ["--start-difficulty", "5"])
        #expect(text.standardOutput.hasPrefix(
            "the shipped design (built in): 40 games, team casual, casual, casual, casual, seed 5, up to 6 rounds, from difficulty 5 ("))
    }

    /// The slider's default is the minimum: naming it changes nothing, not even the output.
    @Test func theMinimumIsTheDefaultByteForByte() throws {
        let named = try SimulateCommandTests.simulate(Self.short + ["--format", "json", "--start-difficulty", "1"])
        let byDefault = try SimulateCommandTests.simulate(Self.short + ["--format", "json"])
        #expect(named.status == 0)
        #expect(named.standardOutput == byDefault.standardOutput)
    }

    @Test func theP50ReplayCarriesTheStartAndReproducesTheGame() throws {
        let run = try SimulateCommandTests.simulate(Self.short + ["--start-difficulty", "3.5"])
        #expect(run.status == 0, "\(run.standardError)")
        let p50 = try #require(SimulateCommandTests.replayLines(run.standardOutput).first { $0.label == "p50" })
        #expect(p50.command.contains(" --max-rounds 6 --start-difficulty 3.5 --replay "), "\(p50.command)")
        let replay = try SimulateCommandTests.shell(p50.command + " --format json")
        #expect(replay.status == 0, "\(replay.standardError)")
        let log = try SimulateCommandTests.object(replay.standardOutput)
        #expect(log["money"] as? Int == p50.money)
        #expect(log["startDifficulty"] as? Double == 3.5)
        #expect(try #require(log["rounds"] as? [[String: Any]]).first?["difficulty"] as? Double == 3.5)
        // Without the option the same seed is another game: the start is part of it.
        let other = try SimulateCommandTests.shell(p50.command.replacingOccurrences(of: " --start-difficulty 3.5", with: "") + " --format json")
        #expect(try #require(try SimulateCommandTests.object(other.standardOutput)["rounds"] as? [[String: Any]]).first?["difficulty"] as? Double == 1)
    }

    /// Every command that plays Relentless games refuses a start outside the design's range,
    /// naming the option, the value and the range, before playing.
    @Test(arguments: [
        (["simulate"], "0.5"), (["simulate"], "10.5"), (["simulate"], "nan"), (["simulate"], "inf"),
        (["report", "--output", "/nonexistent/never-written"], "11"),
        (["gate"], "0"),
        (["sweep", "--set", "dailyExpense=40", "--output-dir", "/nonexistent/never-written"], "12"),
        (["tune", "--param", "dailyExpense", "--target", "meanRounds=3"], "nan"),
        (["sensitivity"], "-2"),
    ])
    func badStartsAreUsageErrorsNamingTheRange(command: [String], value: String) throws {
        let result = try CommandRunner.playbench(command + ["--start-difficulty=\(value)"])
        #expect(result.status == 64, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("--start-difficulty \(value) is"), "\(result.standardError)")
        #expect(result.standardError.contains("1...10 (minDifficultyLevel...maxDifficultyLevel, M3)"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func diffNeedsAStartBothDesignsAllow() throws {
        let old = try GateCommandTests.design(balance: nil), new = try GateCommandTests.design(balance: nil)
        let parameters = new.appendingPathComponent("DefaultGameParameters.plist")
        let text = String(decoding: try Fixtures.bytes(parameters), as: UTF8.self)
        let edited = text.settingParameter("minDifficultyLevel", to: "<integer>4</integer>")
        #expect(edited != text)
        try Data(edited.utf8).write(to: parameters)
        let result = try CommandRunner.playbench(["diff", old.path, new.path, "--games", "4", "--start-difficulty", "2"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--start-difficulty 2 is outside the difficulty range 4...10"), "\(result.standardError)")
        #expect(result.standardError.contains(new.path))
    }

    /// probOfHavingPackageLimit is infinite at 2.25 and above 1 around it only, difficulties the
    /// default ramp (1, 1.5, 2, …) never visits: check of the default start passes, the ramp from
    /// 2.25 fails, and check of every start (issue 38) finds it on its grid, located.
    @Test func aDesignThatFailsOnTheRampFromTheStartIsRefused() throws {
        let design = try GateCommandTests.design(balance: nil)
        let parameters = design.appendingPathComponent("DefaultGameParameters.plist")
        let text = String(decoding: try Fixtures.bytes(parameters), as: UTF8.self)
        let edited = text.settingParameter("probOfHavingPackageLimit", to: "<string>0.01 / ((diffLevel - 2.25) * (diffLevel - 2.25))</string>")
        #expect(edited != text)
        try Data(edited.utf8).write(to: parameters)
        #expect(try CommandRunner.playbench(["check", design.path, "--start-difficulty", "1", "--samples", "5"]).status == 0)
        let every = try CommandRunner.playbench(["check", design.path, "--samples", "5"])
        #expect(every.status == 1)
        // The grid's first difficulty where the value leaves 0...1 (0.01 / 0.09² = 1.23 at 2.16).
        #expect(
            every.standardOutput.split(separator: "\n").contains {
                $0.contains("probOfHavingPackageLimit: 1.23") && $0.hasSuffix("at difficulty 2.16 (where a game can start, M3): it is a probability and must lie in 0...1 [C6]")
            }, "\(every.standardOutput)")
        let refused = try CommandRunner.playbench(["simulate", design.path, "--games", "4", "--start-difficulty", "2.25"])
        #expect(refused.status == 1)
        #expect(refused.standardOutput.contains("DefaultGameParameters.plist:"))
        #expect(refused.standardOutput.contains("probOfHavingPackageLimit: inf at difficulty 2.25 is not a finite number"), "\(refused.standardOutput)")
        #expect(refused.standardError.contains("cannot start at difficulty 2.25 (--start-difficulty)"))
        let fine = try CommandRunner.playbench(["simulate", design.path, "--games", "4", "--max-rounds", "3", "--start-difficulty", "2.5"])
        #expect(fine.status == 0, "\(fine.standardError)")
    }

    @Test func reportRecordsTheStartInEveryFile() throws {
        let output = try Fixtures.temporaryDirectory("start-report")
        let result = try CommandRunner.playbench([
            "report", "--team", "casual,casual,casual", "--games", "16", "--max-rounds", "3", "--start-difficulty", "6", "--output", output.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try SimulateCommandTests.object(String(decoding: try Fixtures.bytes(output.appendingPathComponent("results.json")), as: UTF8.self))
        #expect(json["startDifficulty"] as? Double == 6)
        let team = try #require((json["teams"] as? [[String: Any]])?.first)
        #expect(team["startDifficulty"] as? Double == 6)
        #expect((team["rounds"] as? [[String: Any]])?.first?["difficulty"] as? Double == 6)
        let exemplars = try #require(team["exemplars"] as? [[String: Any]])
        #expect(exemplars.allSatisfy { ($0["replay"] as? String)?.contains("--start-difficulty 6 --replay") == true })
        let summary = String(decoding: try Fixtures.bytes(output.appendingPathComponent("summary.md")), as: UTF8.self)
        #expect(summary.contains("up to 3 rounds, from difficulty 6; personas"))
    }

    @Test(arguments: ["simulate", "report"])
    func anAndoraDesignRefusesTheOption(command: String) throws {
        let andora = Fixtures.designs.appendingPathComponent("andora").path
        let result = try CommandRunner.playbench([command, andora, "--games", "2", "--start-difficulty", "2", "--output", "/nonexistent/never-written"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--start-difficulty is an option for Relentless designs"), "\(result.standardError)")
    }

    @Test(arguments: ["simulate", "report", "gate", "diff", "sweep", "tune", "sensitivity"])
    func helpDocumentsTheOption(command: String) throws {
        let help = try CommandRunner.playbench([command, "--help"])
        #expect(help.status == 0)
        let flat = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("--start-difficulty <D> Relentless: The difficulty of the first round, the host's slider (M3)."), "\(command)")
    }
}
