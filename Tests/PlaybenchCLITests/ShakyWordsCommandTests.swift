import Foundation
import PlaybenchCLI
import TestSupport
import Testing

/// `playbench check`, `generate`, `simulate`, `report` and `gate` on Shaky Words
/// (Designs/shaky-words), as the README runs them: small runs, reproducibility, located errors.
@Suite("playbench on Shaky Words")
struct ShakyWordsCommandTests {
    static var design: String { Fixtures.designs.appendingPathComponent("shaky-words").path }

    /// A copy of the shipped design with `old` replaced by `new` in `file`.
    static func edited(_ file: String? = nil, _ old: String = "", _ new: String = "") throws -> URL {
        let directory = try Fixtures.temporaryDirectory("shaky-words")
        for name in ["ShakyWords.plist", "QuizPacks.plist"] {
            var text = try String(contentsOfFile: "\(design)/\(name)", encoding: .utf8)
            if name == file {
                #expect(text.contains(old))
                text = text.replacingOccurrences(of: old, with: new)
            }
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    @Test func checkPassesTheShippedDesign() throws {
        let result = try CommandRunner.playbench(["check", Self.design])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("Shaky Words design: 2 quiz packs (Everyday: 30 questions; Nature: 24 questions)"))
        #expect(result.standardOutput.contains("1 warning"))
        #expect(result.standardOutput.contains("answers of 7 letters or more (5 lengths of the pool) can need more shakes and are never shown whole [SW9]"))
    }

    @Test func aBrokenPackIsLocatedAndEveryCommandRefusesIt() throws {
        let directory = try Self.edited("QuizPacks.plist", "<string>CHAIR</string>", "<string>CHAIR!</string>")
        let check = try CommandRunner.playbench(["check", directory.path])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("QuizPacks.plist:"))
        #expect(check.standardOutput.contains("packs[0].questions[0].answer: the answer \"CHAIR!\" uses \"!\", outside the pack's alphabet"))
        #expect(check.standardOutput.contains("[SW4]"))
        for command in [["simulate", "--games", "10"], ["generate"], ["report", "--games", "10", "--output", directory.appendingPathComponent("r").path]] {
            let result = try CommandRunner.playbench([command[0], directory.path] + command.dropFirst())
            #expect(result.status == 1, "\(command[0]): \(result.standardError)")
        }
    }

    @Test func aMissingPackFileIsNamed() throws {
        let directory = try Self.edited()
        try FileManager.default.removeItem(at: directory.appendingPathComponent("QuizPacks.plist"))
        let check = try CommandRunner.playbench(["check", directory.path])
        #expect(check.status != 0 && check.status != 1)
        #expect((check.standardOutput + check.standardError).contains("no QuizPacks.plist"))
    }

    @Test func generatePrintsAGameThatItsSeedReplays() throws {
        let one = try CommandRunner.playbench(["generate", Self.design, "--seed", "7"])
        let again = try CommandRunner.playbench(["generate", Self.design, "--seed", "7"])
        let other = try CommandRunner.playbench(["generate", Self.design, "--seed", "8"])
        #expect(one.status == 0, "\(one.standardError)")
        #expect(one.standardOutput == again.standardOutput)
        #expect(one.standardOutput != other.standardOutput)
        #expect(one.standardOutput.contains("playbench generate"))
        #expect(one.standardOutput.contains("--seed 7"))
        let json = try CommandRunner.playbench(["generate", Self.design, "--seed", "7", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let questions = try #require(object["questions"] as? [[String: Any]])
        #expect(questions.count == 10)
        for q in questions {
            let answer = try #require(q["answer"] as? String), shown = try #require(q["shown"] as? String)
            let shakes = try #require(q["shakes"] as? [String])
            // notAnswer (SW5): the letters, never the answer; the last shake shows the answer.
            #expect(shown.sorted() == answer.sorted() && shown != answer)
            #expect(shakes.last == answer)
            #expect(shakes.count <= answer.count - 1)
        }
        #expect(Set(questions.map { $0["text"] as? String }).count == 10, "a game asks no question twice (SW6)")
    }

    @Test func simulateIsTheSameWhateverTheThreads() throws {
        let arguments = ["simulate", Self.design, "--games", "300", "--seed", "5", "--format", "json"]
        let one = try CommandRunner.playbench(arguments + ["--threads", "1"])
        let two = try CommandRunner.playbench(arguments + ["--threads", "2"])
        #expect(one.status == 0, "\(one.standardError)")
        #expect(one.standardOutput == two.standardOutput)
        let text = try CommandRunner.playbench(["simulate", Self.design, "--games", "300", "--seed", "5"])
        for contest in ["quick vs casual", "casual vs quick", "casual vs casual", "quick vs casual vs novice"] {
            #expect(text.standardOutput.contains(contest), "missing \(contest)")
        }
    }

    @Test func replayPrintsAGameQuestionByQuestion() throws {
        let result = try CommandRunner.playbench(["simulate", Self.design, "--replay", "2", "--seed", "3"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Question 10 ("))
        #expect(result.standardOutput.contains("Scores: team 1 (quick)"))
        let again = try CommandRunner.playbench(["simulate", Self.design, "--replay", "2", "--seed", "3"])
        #expect(again.standardOutput == result.standardOutput)
    }

    @Test func gateReadsTheShippedTargets() throws {
        let result = try CommandRunner.playbench(["gate", Self.design])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("met"))
    }

    @Test func reportWritesItsThreeFiles() throws {
        let directory = try Fixtures.temporaryDirectory("shaky-report")
        let output = directory.appendingPathComponent("report")
        let result = try CommandRunner.playbench(["report", Self.design, "--games", "200", "--output", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        for name in ["report.html", "summary.md", "results.json"] {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(name).path), "no \(name)")
        }
    }

    /// A sweep's point that the checks would refuse is not played, and says why (SW6); a value
    /// that is no expression is a usage error.
    @Test func aSweepSkipsWhatCheckRefuses() throws {
        let output = try Fixtures.temporaryDirectory("shaky-sweep").appendingPathComponent("sweep").path
        let result = try CommandRunner.playbench(["sweep", Self.design, "--games", "20", "--set", "questions=10,31", "--output-dir", output])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("holds 30"), "\(result.standardOutput)")
        let expression = try CommandRunner.playbench(["sweep", Self.design, "--games", "10", "--set", "worth=2*lenght", "--output-dir", output + "2"])
        #expect(expression.status == 64, "\(expression.standardError)")
        // A value outside the parameter's range is a usage error before any check sees it.
        let none = try CommandRunner.playbench(["sweep", Self.design, "--games", "10", "--set", "lettersPerHint=0,1", "--output-dir", output + "3"])
        #expect(none.status == 64, "\(none.standardError)")
        #expect(none.standardError.contains("lettersPerHint takes a whole number in 1...1000, not '0'"))
    }

    /// Told no --output-dir, a sweep goes beside the design's report, Reports/<design>/sweep of
    /// the folder it runs in, not ./sweep (issue 39).
    @Test func aSweepWithNoFolderGoesBesideTheReport() throws {
        let work = try Fixtures.temporaryDirectory("shaky-sweep-default")
        let result = try CommandRunner.playbench(["sweep", Self.design, "--games", "10", "--set", "questions=10"], directory: work)
        #expect(result.status == 0, "\(result.standardError)")
        let folder = work.appendingPathComponent("Reports/shaky-words/sweep")
        for file in ["sweep.json", "sweep.csv", "sweep.md", "report.html"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "\(file)")
        }
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("sweep").path))
        #expect(result.standardOutput.contains("wrote Reports/shaky-words/sweep/report.html"), "\(result.standardOutput)")
    }

    /// Two shards merged are the unsharded run, byte for byte.
    @Test func shardsMergeToTheWholeRun() throws {
        let directory = try Fixtures.temporaryDirectory("shaky-shards")
        let whole = try CommandRunner.playbench(["simulate", Self.design, "--games", "600", "--format", "json"])
        var parts: [String] = []
        for i in 0..<2 {
            let part = directory.appendingPathComponent("p\(i).json").path
            let shard = try CommandRunner.playbench(["simulate", Self.design, "--games", "600", "--format", "json", "--shard", "\(i)/2", "--part", part])
            #expect(shard.status == 0, "\(shard.standardError)")
            parts.append(part)
        }
        let merged = try CommandRunner.playbench(["merge"] + parts)
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(merged.standardOutput == whole.standardOutput)
    }

    /// A dearer shake, game by game on the same seeds: points fall, and diff names the change.
    @Test func diffNamesWhatADearerShakeMoves() throws {
        let dearer = try Self.edited("ShakyWords.plist", "<key>hintCost</key>\n\t\t<string>2</string>", "<key>hintCost</key>\n\t\t<string>4</string>")
        let result = try CommandRunner.playbench(["diff", Self.design, dearer.path, "--games", "300", "--lineup", "quick vs casual"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("hintCost: 2 → 4"))
        #expect(result.standardOutput.contains("moved by hintCost"))
    }

    /// sensitivity moves each number of the rules alone: a dearer or cheaper shake moves the points
    /// a question pays, game by game.
    @Test func sensitivityMovesTheRules() throws {
        let result = try CommandRunner.playbench(["sensitivity", Self.design, "--games", "200", "--lineup", "casual", "--metric", "points"])
        #expect(result.status == 0, "\(result.standardError)")
        for parameter in ["hintCost", "indicationWindow", "lettersPerHint", "questions"] {
            #expect(result.standardOutput.contains(parameter), "no \(parameter)")
        }
        #expect(result.standardOutput.contains("1 (−50%)") && result.standardOutput.contains("3 (+50%)"), "hintCost moves to the next whole values")
    }

    /// tune finds the window at which a quarter of two casual teams' questions time out: more
    /// timeouts with a shorter window, so the value lies inside the range and below the seed's 60 s.
    @Test func tuneFindsAWindow() throws {
        let result = try CommandRunner.playbench([
            "tune", Self.design, "--param", "indicationWindow", "--target", "timeouts=0.25", "--lineup", "casual vs casual", "--range", "10...60",
        ])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.contains("value") && $0.contains("indicationWindow =") })
        let value = try #require(Double(line.split(separator: " ").dropFirst().first.map(String.init) ?? ""))
        #expect(value > 10 && value < 60, "\(line)")
    }
}
