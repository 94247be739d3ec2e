import Foundation
import TestSupport
import Testing

/// Beyond the horizon from the command line: simulate reports it, tune refuses targets the
/// games cannot measure before playing any.
@Suite struct HorizonCommandTests {
    @Test func simulateReportsDriftAndRuinInTextAndJSON() throws {
        let json = try CommandRunner.playbench(["simulate", "--games", "16", "--max-rounds", "21", "--format", "json"])
        #expect(json.status == 0, "\(json.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let horizon = try #require(object["horizon"] as? [String: Any])
        #expect(horizon["plateauRound"] as? Int == 19)
        let drift = try #require(horizon["drift"] as? [String: Any])
        #expect((drift["value"] as? Double ?? 0) > 0)
        let text = try CommandRunner.playbench(["simulate", "--games", "16", "--max-rounds", "21"])
        #expect(text.standardOutput.contains("beyond round 21, extrapolated from rounds 19–21 at difficulty 10:"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("money a round (drift): +"))
    }

    @Test func beforeThePlateauTheReasonIsGiven() throws {
        let result = try CommandRunner.playbench(["simulate", "--games", "8", "--max-rounds", "10"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("beyond round 10: – (no game played two rounds at the top of the difficulty ramp"), "\(result.standardOutput)")
    }

    @Test func tuneRefusesTargetsItsGamesCannotMeasureBeforePlaying() throws {
        let late = try CommandRunner.playbench(["tune", "--param", "dailyExpense", "--target", "survival(40)=0.5"])
        #expect(late.status == 64 && late.standardError.contains("round 40 is after --max-rounds 30"), "\(late.standardError)")
        let ruin = try CommandRunner.playbench(["tune", "--param", "dailyExpense", "--target", "ruin=0.5", "--max-rounds", "10"])
        #expect(ruin.status == 64 && ruin.standardError.contains("raise --max-rounds to at least 20"), "\(ruin.standardError)")
    }
}

/// Where the time goes and the money flow (P4, M1), from the command line.
@Suite struct TimeBreakdownCommandTests {
    @Test func jsonHasEveryRoundsTimeAndMoneyFlow() throws {
        let result = try CommandRunner.playbench(["simulate", "--games", "16", "--max-rounds", "4", "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let rounds = try #require(object["rounds"] as? [[String: Any]])
        #expect(rounds.count == 4)
        for round in rounds {
            let time = try #require(round["time"] as? [String: Double])
            #expect(Set(time.keys) == ["describing", "listening", "findingAndPacking", "passing", "assembling", "waiting", "idle"])
            // Every second of every player is accounted for: the parts add up to the mean length.
            let length = try #require((round["endSeconds"] as? [String: Any])?["mean"] as? Double)
            #expect(abs(time.values.reduce(0, +) - length) < 1e-6, "\(time) vs \(length)")
            // The shipped daily expense is 40 at every difficulty (M1).
            #expect((round["moneyOut"] as? [String: Any])?["mean"] as? Double == 40)
            #expect(((round["moneyIn"] as? [String: Any])?["mean"] as? Double ?? -1) >= 0)
        }
    }

    @Test func replayPrintsEachPlayersTimeAndOneRoundsTimeline() throws {
        let result = try CommandRunner.playbench(["simulate", "--replay", "7", "--max-rounds", "3", "--timeline", "2"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.components(separatedBy: "    time: ").count - 1 == 3 * 4, "a time line per player per round")
        #expect(result.standardOutput.components(separatedBy: "timeline (every action").count - 1 == 1)
        #expect(result.standardOutput.range(of: #"\d+\.\d– *\d+\.\d s  player \d: "#, options: .regularExpression) != nil, "\(result.standardOutput)")
        let misuse = try CommandRunner.playbench(["simulate", "--timeline", "2"])
        #expect(misuse.status == 64 && misuse.standardError.contains("give --replay SEED too"))
    }
}

/// The floor and the ceiling of play beside every team of a report.
@Suite struct ReportBoundsTests {
    static func report(_ design: String?) throws -> (summary: String, html: String) {
        let output = try Fixtures.temporaryDirectory("bounds")
        let result = try CommandRunner.playbench(
            (design.map { ["report", $0] } ?? ["report"]) + ["--team", "casual,casual,casual", "--games", "32", "--max-rounds", "21", "--output", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        return (
            String(decoding: try Fixtures.bytes(output.appendingPathComponent("summary.md")), as: UTF8.self),
            String(decoding: try Fixtures.bytes(output.appendingPathComponent("report.html")), as: UTF8.self))
    }

    @Test func aDesignThatCannotBeLostByNotPlayingIsFlagged() throws {
        let shipped = try Self.report(nil)
        #expect(shipped.summary.contains("this design cannot be lost by not playing"), "\(shipped.summary)")
        #expect(shipped.html.contains("never starting an order") && shipped.html.contains("perfect"))
        // Three idle players always go broke on the harsher design (the README's closed form).
        let harsher = try Self.report(Fixtures.harsherDesign.path)
        #expect(!harsher.summary.contains("cannot be lost by not playing"), "\(harsher.summary)")
        #expect(harsher.html.contains("never starting an order"))
    }
}

/// The satisfaction band of a report stops where P5 clamps satisfaction: the design's range over
/// the rounds played, read from the parameters at each round's difficulty.
@Suite struct SatisfactionRangeTests {
    @Test func theRangeFollowsTheParametersAtEveryRoundPlayed() throws {
        let directory = try Fixtures.temporaryDirectory("satisfaction-range")
        for name in ["GameConfig.plist", "Players.plist"] {
            try FileManager.default.copyItem(at: Fixtures.shippedDesign.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let parameters = String(decoding: try Fixtures.bytes(Fixtures.shippedDesign.appendingPathComponent("DefaultGameParameters.plist")), as: UTF8.self)
            .settingParameter("maxSatisfaction", to: "<string>100 + 10 * diffLevel</string>")
            .settingParameter("minSatisfaction", to: "<string>diffLevel - 3</string>")
        try Data(parameters.utf8).write(to: directory.appendingPathComponent("DefaultGameParameters.plist"))
        let output = directory.appendingPathComponent("report")
        let result = try CommandRunner.playbench(["report", directory.path, "--team", "casual,casual,casual", "--games", "16", "--max-rounds", "4", "--output", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("results.json"))) as? [String: Any])
        // The ramp (M3) plays difficulties 1, 1.5, 2 and 2.5 in rounds 1–4: the lowest minimum is
        // 1 − 3 at round 1, the highest maximum 100 + 10 × 2.5 at round 4.
        let range = try #require(json["satisfactionRange"] as? [Double])
        #expect(range.first == -2)
        #expect(range.last == 125, "\(range)")
    }
}

/// diff shows each design beyond the horizon, each with its own interval.
@Suite struct DiffHorizonTests {
    @Test func diffShowsEachDesignsDriftAndRuin() throws {
        let result = try CommandRunner.playbench([
            "diff", Fixtures.shippedDesign.path, Fixtures.harsherDesign.path, "--team", "novice,novice,novice", "--games", "64", "--max-rounds", "21",
            "--format", "json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let note = try #require((object["notes"] as? [[String: Any]])?.first)
        let old = try #require((note["oldEstimates"] as? [String: Any])?["drift"] as? [String: Any])
        let new = try #require((note["newEstimates"] as? [String: Any])?["drift"] as? [String: Any])
        // Three novices gain money at the top of the shipped game and lose it on the harsher one.
        #expect((old["lower"] as? Double ?? 0) > 0 && (new["upper"] as? Double ?? 0) < 0, "\(old) \(new)")
        let markdown = try CommandRunner.playbench([
            "diff", Fixtures.shippedDesign.path, Fixtures.harsherDesign.path, "--team", "novice,novice,novice", "--games", "32", "--max-rounds", "21",
            "--format", "markdown",
        ])
        #expect(markdown.standardOutput.contains("| new | money a round −") || markdown.standardOutput.contains("| new | money a round -"), "\(markdown.standardOutput)")
    }
}
