import Foundation
import AndoraGame
import PlaybenchCLI
import RelentlessGame
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `playbench check`, `simulate` and `report` on an Andora design (Designs/andora), as a user
/// runs them: small runs, their output formats, reproducibility and usage errors.
@Suite("playbench on Andora")
struct AndoraCommandTests {
    static var andora: String { Fixtures.designs.appendingPathComponent("andora").path }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text.prefix(200))")
    }

    /// A design directory with `body` inside an Andora.plist's root dict.
    static func design(_ body: String) throws -> URL {
        let directory = try Fixtures.temporaryDirectory("andora")
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \(body)
            </dict>
            </plist>
            """
        try Data(text.utf8).write(to: directory.appendingPathComponent("Andora.plist"))
        return directory
    }

    @Test func checkPassesTheShippedDesign() throws {
        let result = try CommandRunner.playbench(["check", Self.andora])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("Andora design: 4 variants"))
        #expect(result.standardOutput.contains("no problems"))
    }

    @Test func aBrokenDesignIsLocatedAndFails() throws {
        let directory = try Self.design("""
            <key>variants</key>
            <array><dict><key>miniFieldStrategy</key><string>all</string></dict></array>
            """)
        let check = try CommandRunner.playbench(["check", directory.path])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("Andora.plist:5:42: error:"))
        #expect(check.standardOutput.contains("variants[0].miniFieldStrategy: \"all\" is not one of first, any"))
        #expect(check.standardOutput.contains("[R1.4]"))
        let simulate = try CommandRunner.playbench(["simulate", directory.path, "--games", "10"])
        #expect(simulate.status == 1)
        #expect(simulate.standardError.contains("has errors"))
        let sarif = try CommandRunner.playbench(["check", directory.path, "--format", "sarif"])
        #expect(sarif.status == 1 && sarif.standardOutput.contains("\"ruleId\" : \"R1.4\""))
    }

    @Test func simulatePrintsEveryVariantAndTheAnswer() throws {
        let result = try CommandRunner.playbench(["simulate", Self.andora, "--agents", "random", "--agents", "greedy,random", "--games", "300"])
        #expect(result.status == 0, "\(result.standardError)")
        let text = result.standardOutput
        for line in ["random vs random (self-play", "greedy vs random (seats alternate)", "first", "any, play anywhere", "The mini-field strategy (R1.4)"] {
            #expect(text.contains(line), "missing \(line)")
        }
        #expect(text.contains("random vs random, full target: draw: X − O is"))
        #expect(text.contains("any against first: advantage"))
    }

    @Test func jsonCountsAddUpAndDoNotDependOnThreads() throws {
        let arguments = ["simulate", Self.andora, "--agents", "greedy,random", "--games", "500", "--seed", "3", "--format", "json"]
        let one = try CommandRunner.playbench(arguments + ["--threads", "1"])
        let two = try CommandRunner.playbench(arguments + ["--threads", "2"])
        #expect(one.status == 0 && two.status == 0)
        #expect(one.standardOutput == two.standardOutput)
        let summary = try Self.object(one.standardOutput)
        let matchups = try #require(summary["matchups"] as? [[String: Any]])
        #expect(matchups.count == 1 && matchups[0]["label"] as? String == "greedy vs random")
        let variants = try #require(matchups[0]["variants"] as? [[String: Any]])
        #expect(variants.map { $0["variant"] as? String } == ["first", "any", "first, play anywhere", "any, play anywhere"])
        for v in variants {
            let games = try #require(v["games"] as? Int)
            #expect(games == 500)
            #expect((v["xWins"] as? Int ?? -1) + (v["oWins"] as? Int ?? -1) + (v["draws"] as? Int ?? -1) == games)
            #expect((v["marks"] as? [Int])?.reduce(0, +) == games)
            let score = try #require(v["firstAgentScore"] as? [String: Double])
            #expect(score["lower"]! > 0.6, "greedy should beat random: \(score)")
        }
        #expect((summary["strategy"] as? [Any])?.count == 2)
        let other = try CommandRunner.playbench(arguments.dropLast(2) + ["--seed", "4", "--format", "json"])
        #expect(other.standardOutput != one.standardOutput)
    }

    @Test func theDesignsMatchupsAreTheDefault() throws {
        let directory = try Self.design("""
            <key>variants</key><array><dict/></array>
            <key>matchups</key><array><string>greedy</string></array>
            """)
        let result = try CommandRunner.playbench(["simulate", directory.path, "--games", "20", "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let matchups = try #require(try Self.object(result.standardOutput)["matchups"] as? [[String: Any]])
        #expect(matchups.map { $0["matchup"] as? String } == ["greedy"])
    }

    @Test(arguments: [
        (["--team", "casual"], "--team is an option for Relentless designs"),
        (["--players", "3"], "--players is an option for Relentless designs"),
        (["--max-rounds", "5"], "--max-rounds is an option for Relentless designs"),
        (["--timeline", "2"], "--timeline is an option for Relentless designs"),
        (["--agents", "minimax"], "--agents minimax: write A,B"),
        (["--agents", "mcts:0"], "--agents mcts:0: write A,B"),
        (["--agents", "mcts", "--agents", "mcts:1000,mcts:1000"], "mcts:1000 vs mcts:1000 is named twice"),
        (["--max-rounds", "30"], "--max-rounds is an option for Relentless designs"),
    ])
    func usageErrorsNameTheOption(extra: [String], message: String) throws {
        let result = try CommandRunner.playbench(["simulate", Self.andora, "--games", "10"] + extra)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test func checkRefusesSamplingOptions() throws {
        // Tabula Imaginarium samples generated maps too (TI9); only Relentless explains.
        for (option, takers) in [(["--samples", "200"], "TabulaImaginarium and Relentless"), (["--seed", "1"], "TabulaImaginarium and Relentless"), (["--explain"], "Relentless")] {
            let result = try CommandRunner.playbench(["check", Self.andora] + option)
            #expect(result.status == 64 && result.standardError.contains("\(option[0]) is an option for \(takers) designs"), "\(result.standardError)")
        }
    }

    @Test func agentsAreNotARelentlessOption() throws {
        let result = try CommandRunner.playbench(["simulate", "--agents", "random", "--games", "10"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--agents is an option for Andora designs"))
    }

    @Test func reportWritesThreeFiles() throws {
        let output = try Fixtures.temporaryDirectory("andora-report")
        let result = try CommandRunner.playbench([
            "report", Self.andora, "--agents", "random", "--agents", "mcts:20,random", "--games", "60", "--output", output.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let html = try String(contentsOf: output.appendingPathComponent("report.html"), encoding: .utf8)
        for section in ["answer", "outcomes", "advantage", "effects", "draws", "length", "numbers"] {
            #expect(html.contains("data-section=\"\(section)\""), "no \(section) section")
        }
        #expect(html.components(separatedBy: "<svg class=\"chart\"").count - 1 == 2 * 5)
        let markdown = try String(contentsOf: output.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(markdown.contains("## mcts:20 vs random"))
        let json = try Self.object(try String(contentsOf: output.appendingPathComponent("results.json"), encoding: .utf8))
        #expect(json["complete"] as? Bool == true)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: output.path)) == ["report.html", "summary.md", "results.json"])
    }

    @Test func ctrlCLeavesThePreviousReportIntact() throws {
        let output = try Fixtures.temporaryDirectory("andora-interrupted")
        let names = ["report.html", "summary.md", "results.json"]
        for name in names { try Data("previous \(name)\n".utf8).write(to: output.appendingPathComponent(name)) }
        let run = try TracedRun(["report", Self.andora, "--agents", "greedy", "--games", "100000000", "--output", output.path])
        try #require(run.waitForPhase("cancellable"), "no cancellable line: \(run.standardError)")
        run.send(SIGINT)
        let end = run.finish()
        let message = end.standardError
        #expect(end.killedBy == nil && end.status == 130, "\(end.status): \(message)")
        #expect(message.contains("interrupted: nothing written"))
        for name in names {
            #expect(try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8) == "previous \(name)\n")
        }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: output.path)) == Set(names))
    }

    @Test("gate: the shipped Andora design meets its Balance.plist targets")
    func shippedDesignPassesItsGate() throws {
        let result = try CommandRunner.playbench(["gate", Self.andora])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("3 of 3 targets met."))
        #expect(result.standardOutput.contains("random vs random on first: share of games drawn (R1.9.2) at most 50%"))
    }

    @Test("gate refuses Relentless's options for Andora by name")
    func gateRefusesRelentlessOptions() throws {
        let result = try CommandRunner.playbench(["gate", Self.andora, "--start-difficulty", "3"])
        #expect(result.status == 64 && result.standardError.contains("--start-difficulty is an option for Relentless designs"))
    }

    @Test("replay prints a game move by move, and the run's games replayed give the run's counts")
    func replayAgreesWithTheRun() throws {
        let games = 24
        let run = try CommandRunner.playbench(["simulate", Self.andora, "--agents", "greedy,random", "--games", "\(games)", "--format", "json"])
        let matchups = try #require(try Self.object(run.standardOutput)["matchups"] as? [[String: Any]])
        let variants = try #require(matchups.first?["variants"] as? [[String: Any]])
        let first = try #require(variants.first)
        var x = 0, o = 0, drawn = 0
        for game in 0..<games {
            let replay = try CommandRunner.playbench(["simulate", Self.andora, "--agents", "greedy,random", "--replay", "\(game)"])
            #expect(replay.status == 0, "\(replay.standardError)")
            // The first lineup's game: from its heading to the next lineup's.
            let text = try #require(replay.standardOutput.components(separatedBy: "greedy vs random on any,").first)
            #expect(text.hasPrefix("greedy vs random on first, game \(game) of seed 1:"))
            let moves = text.split(separator: "\n").filter { $0.first?.isNumber == true }
            #expect(moves.first?.hasPrefix("1. X ") == true)
            if text.contains("X wins") { x += 1 } else if text.contains("O wins") { o += 1 } else if text.contains("drawn after") { drawn += 1 }
        }
        #expect(x == first["xWins"] as? Int && o == first["oWins"] as? Int && drawn == first["draws"] as? Int, "\(x) \(o) \(drawn)")
    }

    @Test("shards: two parts of an Andora run merge to the unsharded run byte for byte")
    func shardsMergeToTheWholeRun() throws {
        let work = try Fixtures.temporaryDirectory("andora-parts")
        let parts = (0..<2).map { work.appendingPathComponent("p\($0).json").path }
        let command = ["simulate", Self.andora, "--agents", "random", "--agents", "greedy,random", "--games", "700", "--format", "json"]
        for (i, part) in parts.enumerated() {
            #expect(try CommandRunner.playbench(command + ["--shard", "\(i)/2", "--part", part]).status == 0)
        }
        let merged = try CommandRunner.playbench(["merge", parts[1], parts[0]])
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(merged.standardOutput == (try CommandRunner.playbench(command)).standardOutput)
        // The fuzz target's reader accepts what a shard wrote, as Andora's only, and refuses it cut.
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: parts[0])))
        #expect(SeamPartFuzzing.folded(AndoraDefinition(), bytes) != nil)
        #expect(SeamPartFuzzing.folded(PlayableRelentless(), bytes) == nil)
        #expect(SeamPartFuzzing.folded(AndoraDefinition(), Array(bytes.dropLast(40))) == nil)
    }

    @Test("gate shards: the shipped targets (on two of the design's lineups) merge to the unsharded gate byte for byte")
    func gateShardsMergeToTheWholeGate() throws {
        let work = try Fixtures.temporaryDirectory("andora-gate-parts")
        let parts = (0..<2).map { work.appendingPathComponent("g\($0).json").path }
        let command = ["gate", Self.andora, "--format", "json"]
        for (i, part) in parts.enumerated() {
            let shard = try CommandRunner.playbench(command + ["--shard", "\(i)/2", "--part", part])
            #expect(shard.status == 0, "\(shard.standardError)")
        }
        // Only the lineups a target names are played: the parts name those and no other.
        let names = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: parts[0]))) as? [String: Any])["lineups"]
        #expect(names as? [String] == ["random vs random on first", "random vs random on any, play anywhere"], "\(String(describing: names))")
        let whole = try CommandRunner.playbench(command)
        let merged = try CommandRunner.playbench(["merge", parts[1], parts[0]])
        #expect(merged.status == whole.status, "\(merged.standardError)")
        #expect(merged.standardOutput == whole.standardOutput)
    }

    @Test("sweep shards: a sweep of the rule variants (whose lineups change with the point) merges to the unsharded sweep byte for byte")
    func sweepShardsMergeToTheWholeSweep() throws {
        let work = try Fixtures.temporaryDirectory("andora-sweep-parts")
        let parts = (0..<2).map { work.appendingPathComponent("s\($0).json").path }
        let sweep = ["sweep", Self.andora, "--agents", "random", "--set", "miniFieldStrategy=first,any", "--games", "600"]
        for (i, part) in parts.enumerated() {
            let shard = try CommandRunner.playbench(sweep + ["--output-dir", work.appendingPathComponent("merged").path, "--shard", "\(i)/2", "--part", part])
            #expect(shard.status == 0, "\(shard.standardError)")
        }
        let here = try CommandRunner.playbench(sweep + ["--output-dir", work.appendingPathComponent("whole").path])
        let joined = try CommandRunner.playbench(["merge", parts[1], parts[0]])
        #expect(here.status == 0 && joined.status == 0, "\(joined.standardError)")
        // The same table; the last line says where it was written.
        #expect(joined.standardOutput == here.standardOutput.replacingOccurrences(of: work.appendingPathComponent("whole").path, with: work.appendingPathComponent("merged").path))
        for file in ["sweep.json", "sweep.csv", "report.html"] {
            let a = try Data(contentsOf: work.appendingPathComponent("whole/\(file)")), b = try Data(contentsOf: work.appendingPathComponent("merged/\(file)"))
            #expect(a == b, "\(file) differs")
        }
    }
}
