import Foundation
import Relentless
@testable import RelentlessGame
import TestSupport
import Testing

/// The report says what to change (issue 39): each finding with the parameters that drive it and
/// commands that explore it, and every command it prints runs as printed.
@Suite struct ReportAdviceTests {
    /// M3's ramp on the shipped design: numOfOrdersPerPlayer is diffLevel / 2, ceiled (C7), so
    /// from difficulty 4 to 4.5 it steps from 2 to 3; dailyExpense (40) does not step at all.
    @Test func aCliffNamesTheKeysTheRampStepsUp() throws {
        let design = try #require(DesignLoader.load(try Fixtures.shippedDesignSources()).design)
        let steps = PlayableRelentless.steps(design.parameters, from: 4, to: 4.5, players: 4)
        #expect(steps.contains("numOfOrdersPerPlayer 2 → 3"), "\(steps)")
        #expect(steps.contains("maxNumOfItemsPerOrder 2 → 3"), "\(steps)")
        #expect(!steps.contains { $0.hasPrefix("dailyExpense") || $0.hasPrefix("roundTime") }, "\(steps)")
        // At one difficulty nothing steps.
        #expect(PlayableRelentless.steps(design.parameters, from: 4, to: 4, players: 4).isEmpty)
    }

    /// A design where teams go broke (a daily expense of 30 + 40 × diffLevel): the summary names
    /// the teams that go broke and the falling drift, each with its drivers, and every command it
    /// suggests runs (with few games and a scratch folder added).
    @Test func aDoomedDesignGetsDriversAndCommandsThatRun() throws {
        let work = try Fixtures.temporaryDirectory("advice")
        let design = work.appendingPathComponent("doomed")
        let initialized = try CommandRunner.playbench(["init", design.path])
        #expect(initialized.status == 0, "\(initialized.standardError)")
        let parameters = design.appendingPathComponent("DefaultGameParameters.plist")
        let text = String(decoding: try Fixtures.bytes(parameters), as: UTF8.self).settingParameter("dailyExpense", to: "<string>30 + 40 * diffLevel</string>")
        try Data(text.utf8).write(to: parameters)
        let output = work.appendingPathComponent("report")
        // 200 games a team: the least for which the report measures drivers (twice the
        // sensitivity's 100).
        let result = try CommandRunner.playbench(["report", design.path, "--team", "regular,regular,hurried", "--games", "200", "--output", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        let summary = String(decoding: try Fixtures.bytes(output.appendingPathComponent("summary.md")), as: UTF8.self)
        #expect(summary.contains("### What to change"), "\(summary)")
        #expect(summary.contains("Teams go broke in half their games or more"), "\(summary)")
        #expect(summary.contains("Money falls round after round at the top difficulty"), "\(summary)")
        #expect(summary.contains("What moves share of games lost most, for regular, regular, hurried"), "\(summary)")
        let html = String(decoding: try Fixtures.bytes(output.appendingPathComponent("report.html")), as: UTF8.self)
        #expect(html.contains("data-section=\"advice\""))
        // A quick report lists the findings and commands but measures no drivers, and says why.
        let quick = work.appendingPathComponent("quick")
        let fast = try CommandRunner.playbench(["report", design.path, "--team", "regular,regular,hurried", "--games", "40", "--output", quick.path])
        #expect(fast.status == 0, "\(fast.standardError)")
        let brief = String(decoding: try Fixtures.bytes(quick.appendingPathComponent("summary.md")), as: UTF8.self)
        #expect(brief.contains("Teams go broke") && brief.contains("Drivers: not measured: the report played fewer than 200 games a team"), "\(brief)")
        #expect(!brief.contains("What moves") && brief.contains("--metric lost"), "\(brief)")
        // Every suggested command, as printed, with few games and a scratch folder.
        let commands = summary.components(separatedBy: "`playbench ").dropFirst().map { String($0.prefix { $0 != "`" }) }
        #expect(commands.count >= 4, "\(commands)")
        for (i, command) in Set(commands).sorted().enumerated() {
            var words = try #require(Self.words(command))
            if words.first != "params" { words += ["--games", "12", "--max-rounds", "6"] }
            if words.first == "sweep" { words += ["--output-dir", work.appendingPathComponent("sweep-\(i)").path] }
            let run = try CommandRunner.playbench(words)
            #expect(run.status == 0, "playbench \(command): \(run.standardError)")
        }
    }

    /// Shell words of a suggested command (the tool quotes with single quotes where it must).
    static func words(_ command: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var quoted = false
        for c in command {
            if c == "'" { quoted.toggle(); continue }
            if c == " " && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { words.append(current) }
        return quoted ? nil : words
    }
}
