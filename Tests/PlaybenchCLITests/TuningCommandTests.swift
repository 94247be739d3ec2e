import Foundation
import TestSupport
import Testing

/// sweep, tune and sensitivity from the command line, on the shipped design with few games.
@Suite struct TuningCommandTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A resumed sweep plays only the points it lacks: a kept point is taken as it is (never
    /// replayed), a removed one is played again, and the result equals an uninterrupted sweep.
    @Test func aResumedSweepNeitherRepeatsNorLosesAPoint() throws {
        let work = try Fixtures.temporaryDirectory("sweep-resume")
        let arguments = ["sweep", "--set", "dailyExpense=40...60:10", "--games", "16", "--max-rounds", "6"]
        let whole = work.appendingPathComponent("whole"), resumed = work.appendingPathComponent("resumed")
        #expect(try CommandRunner.playbench(arguments + ["--output-dir", whole.path]).status == 0)
        #expect(try CommandRunner.playbench(arguments + ["--output-dir", resumed.path]).status == 0)
        // As if the run had stopped after point 0: the later points and the tables are gone.
        let points = resumed.appendingPathComponent("points")
        for file in ["points/00001.json", "points/00002.json", "sweep.json", "sweep.csv", "report.html"] {
            try FileManager.default.removeItem(at: resumed.appendingPathComponent(file))
        }
        // Without --resume the directory is refused rather than mixed.
        let refused = try CommandRunner.playbench(arguments + ["--output-dir", resumed.path])
        #expect(refused.status == 64 && refused.standardError.contains("--resume"))
        // Other options cannot continue it.
        let other = try CommandRunner.playbench(arguments.map { $0 == "16" ? "32" : $0 } + ["--output-dir", resumed.path, "--resume"])
        #expect(other.status == 64 && other.standardError.contains("--games"))

        let again = try CommandRunner.playbench(arguments + ["--output-dir", resumed.path, "--resume"])
        #expect(again.status == 0, "\(again.standardError)")
        for file in ["sweep.json", "sweep.csv", "report.html", "points/00000.json", "points/00001.json", "points/00002.json"] {
            #expect(try Fixtures.bytes(whole.appendingPathComponent(file)) == Fixtures.bytes(resumed.appendingPathComponent(file)), "\(file)")
        }
        // A kept point is not played again: a value marked in it survives a resume.
        let kept = points.appendingPathComponent("00000.json")
        let marked = String(decoding: try Fixtures.bytes(kept), as: UTF8.self).replacingOccurrences(of: "\"games\" : 16", with: "\"games\" : 17")
        try Data(marked.utf8).write(to: kept)
        try FileManager.default.removeItem(at: points.appendingPathComponent("00002.json"))
        #expect(try CommandRunner.playbench(arguments + ["--output-dir", resumed.path, "--resume"]).status == 0)
        let sweep = try json(String(decoding: try Fixtures.bytes(resumed.appendingPathComponent("sweep.json")), as: UTF8.self))
        let games = try #require(sweep["points"] as? [[String: Any]]).map { $0["games"] as? Int }
        #expect(games == [17, 16, 16])
    }

    @Test func aSweepListsPointsThatBreakARuleAsNotPlayed() throws {
        let out = try Fixtures.temporaryDirectory("sweep-invalid")
        let result = try CommandRunner.playbench(["sweep", "--set", "minNumOfPlayers=3,5", "--games", "8", "--max-rounds", "3", "--output-dir", out.path])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.contains { $0.contains("not played") && $0.contains("team of 4") })
        #expect(lines.contains { $0.contains("100.0%") })
        let sweep = try json(String(decoding: try Fixtures.bytes(out.appendingPathComponent("sweep.json")), as: UTF8.self))
        let points = try #require(sweep["points"] as? [[String: Any]])
        #expect(points.count == 2 && points[0]["notPlayed"] == nil && points[1]["notPlayed"] != nil)
    }

    @Test(arguments: [
        (["--set", "dailyExpence=1,2"], "did you mean dailyExpense"),
        (["--set", "dailyExpense=60...30"], "a ≤ b"),
        (["--set", "dailyExpense=1,,2"], "empty value"),
        (["--set", "numOfHouses=diffLevel +"], "numOfHouses"),
        ([String](), "at least one --set"),
        (["--set", "dailyExpense=1", "--players", "3..4"], "--players"),
    ])
    func sweepUsageErrorsSayWhatIsWrong(arguments: [String], message: String) throws {
        let result = try CommandRunner.playbench(["sweep"] + arguments + ["--output-dir", "/nonexistent/never-written"])
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    /// The value found for a decreasing metric lies where the metric crosses the target: the
    /// values tried at the last stage are above the target below the answer and below it above.
    @Test func tuneFindsWhereSurvivalCrossesTheTarget() throws {
        let report = try Fixtures.temporaryDirectory("tune").appendingPathComponent("tune.html")
        let result = try CommandRunner.playbench([
            "tune", "--param", "dailyExpense", "--target", "survival(3)=50%", "--range", "200...1200", "--max-games", "256", "--max-rounds", "4",
            "--tolerance", "40", "--format", "json", "--report", report.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let tuned = try json(result.standardOutput)
        let search = try #require(tuned["search"] as? [String: Any])
        let (value, lower, upper) = (try #require(search["value"] as? Double), try #require(search["lower"] as? Double), try #require(search["upper"] as? Double))
        #expect(200 <= lower && lower <= value && value <= upper && upper <= 1200)
        #expect(value == value.rounded())  // dailyExpense takes whole values (C7)
        #expect(search["increasing"] as? Bool == false)
        let evaluations = try #require(search["evaluations"] as? [[String: Any]])
        for e in evaluations {
            let (x, y) = (try #require(e["value"] as? Double), try #require(e["estimate"] as? Double))
            if x < lower { #expect(y >= 0.5, "\(x): \(y)") }
            if x > value { #expect(y < 0.5, "\(x): \(y)") }
        }
        #expect((tuned["gamesPlayed"] as? Int ?? 0) >= 256 * 2)
        let html = String(decoding: try Fixtures.bytes(report), as: UTF8.self)
        #expect(html.contains("data-section=\"tune\"") && html.contains("<svg"))
    }

    /// Where no game reaches the round, the money after it is the least there is (-inf): the
    /// search goes on, and the JSON says so in words instead of failing to encode (it printed
    /// `{}` before).
    @Test func aValueWhereEveryTeamBreaksIsInTheJSON() throws {
        let result = try CommandRunner.playbench([
            "tune", "--param", "dailyExpense", "--target", "medianMoney(3)=500", "--range", "10...2000", "--max-games", "256", "--max-rounds", "3",
            "--tolerance", "1000", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let tuned = try json(result.standardOutput)
        let evaluations = try #require((tuned["search"] as? [String: Any])?["evaluations"] as? [[String: Any]])
        let broke = try #require(evaluations.first { $0["value"] as? Double == 2000 })
        #expect(broke["estimate"] as? String == "-inf" && broke["lower"] as? String == "-inf")
        #expect(evaluations.contains { $0["estimate"] is Double })
    }

    @Test func tuneSaysWhenTheTargetIsOutOfReach() throws {
        let result = try CommandRunner.playbench([
            "tune", "--param", "dailyExpense", "--target", "survival(3)=0.5", "--range", "10...20", "--max-games", "256", "--max-rounds", "3",
        ])
        #expect(result.status == 1)
        #expect(result.standardError.contains("not reached between 10"))
        let coefficient = try CommandRunner.playbench(["tune", "--param", "numOfCategories", "--coefficient", "3", "--target", "meanRounds=3"])
        #expect(coefficient.status == 64 && coefficient.standardError.contains("has 2 numbers"))
    }

    /// --personas moves the player model instead of the design: rows are Players.plist keys,
    /// shown with the values played.
    @Test func sensitivityOfThePersonas() throws {
        let result = try CommandRunner.playbench(["sensitivity", "--personas", "--team", "casual,casual,casual", "--games", "8", "--max-rounds", "3", "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let analysis = try json(result.standardOutput)
        #expect(analysis["noun"] as? String == "persona parameter")
        let rows = try #require(analysis["rows"] as? [[String: Any]])
        let keys = rows.compactMap { $0["key"] as? String }
        #expect(keys.contains("wrongTeammateChance") && keys.contains("hopelessOrders") && !keys.contains("dailyExpense"))
        let policy = try #require(rows.first { $0["key"] as? String == "hopelessOrders" })
        #expect(policy["current"] as? String == "dropAndStartAnother" && policy["low"] as? String == "keepGoing" && policy["high"] as? String == "deliverWhatItHas")
        let text = try CommandRunner.playbench(["sensitivity", "--personas", "--team", "casual,casual,casual", "--games", "8", "--max-rounds", "3"])
        #expect(text.standardOutput.contains("each persona parameter of the team moved down and up alone"), "\(text.standardOutput)")
    }

    /// dailyExpense moves money by exactly its change per round played while no game is lost (M1):
    /// ±10% of the shipped 40 is ∓4 a round, ∓20 over 5 rounds.
    @Test func sensitivityMeasuresAKnownEffectExactly() throws {
        let report = try Fixtures.temporaryDirectory("sensitivity").appendingPathComponent("sensitivity.html")
        let result = try CommandRunner.playbench(["sensitivity", "--games", "24", "--max-rounds", "5", "--format", "json", "--report", report.path])
        #expect(result.status == 0, "\(result.standardError)")
        let analysis = try json(result.standardOutput)
        let rows = try #require(analysis["rows"] as? [[String: Any]])
        let expense = try #require(rows.first { $0["key"] as? String == "dailyExpense" })
        #expect(expense["low"] as? String == "36" && expense["high"] as? String == "44")
        let money = try #require((expense["effects"] as? [String: Any])?["finalMoney"] as? [String: Any])
        #expect((money["low"] as? [String: Any])?["mean"] as? Double == 20)
        #expect((money["high"] as? [String: Any])?["mean"] as? Double == -20)
        let players = try #require(rows.first { $0["key"] as? String == "minNumOfPlayers" })
        #expect((players["reason"] as? String)?.contains("breaks the parameters") == true)
        let html = String(decoding: try Fixtures.bytes(report), as: UTF8.self)
        #expect(html.components(separatedBy: "class=\"chart\"").count - 1 == 7)
    }
}
