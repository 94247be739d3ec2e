import ExampleGame
import Foundation
import TestSupport
import Testing

/// Tests/ExampleGame's Coin gets the commands by implementing the seam alone (issue 17): these run
/// `playbench-example`, the shipped `playbench` with Coin registered, as a user would.
@Suite("A game on the seam alone: Coin")
struct ExampleGameTests {
    func design(_ plist: String) throws -> URL {
        let directory = try Fixtures.temporaryDirectory("coin")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            \(plist)
            </dict></plist>
            """.utf8).write(to: directory.appendingPathComponent(CoinGame.fileName))
        return directory
    }

    @Test("check accepts a sound design and prints what it holds")
    func checkAcceptsASoundDesign() throws {
        let directory = try design("<key>flips</key><integer>10</integer><key>target</key><integer>6</integer><key>headsPercent</key><integer>50</integer>")
        let result = try CommandRunner.playbenchWithExampleGame(["check", directory.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Coin design: 10 flips, 6 heads to win, heads 50%"))
        #expect(result.standardOutput.hasSuffix("\(directory.path): no problems\n"), "\(result.standardOutput)")
    }

    @Test("generate serves Coin through the seam: a coin that always lands heads throws only heads, a fair one both, the same for a seed")
    func generatePrintsAGamesFlips() throws {
        func flips(_ percent: Int, seed: String) throws -> String {
            let directory = try design("<key>flips</key><integer>40</integer><key>target</key><integer>6</integer><key>headsPercent</key><integer>\(percent)</integer>")
            let result = try CommandRunner.playbenchWithExampleGame(["generate", directory.path, "--seed", seed])
            #expect(result.status == 0, "\(result.standardError)")
            return result.standardOutput
        }
        // K1, K3: `flips` throws, heads with probability headsPercent/100.
        #expect(try flips(100, seed: "3") == String(repeating: "H", count: 40) + "\n")
        #expect(try flips(0, seed: "3") == String(repeating: "T", count: 40) + "\n")
        let fair = try flips(50, seed: "3")
        #expect(fair.contains("H") && fair.contains("T") && fair.count == 41)
        #expect(try flips(50, seed: "3") == fair && flips(50, seed: "4") != fair)
        // Relentless's options are refused by name; a format Coin does not write is a usage error.
        let directory = try design("<key>flips</key><integer>4</integer><key>target</key><integer>2</integer><key>headsPercent</key><integer>50</integer>")
        let players = try CommandRunner.playbenchWithExampleGame(["generate", directory.path, "--players", "4"])
        #expect(players.status == 64 && players.standardError.contains("--players is an option for TurnTracker and Relentless designs"), "\(players.standardError)")
        let plist = try CommandRunner.playbenchWithExampleGame(["generate", directory.path, "--format", "plist"])
        #expect(plist.status == 64 && plist.standardError.contains("Coin writes no property lists"), "\(plist.standardError)")
    }

    @Test("params serves Coin through the seam: every parameter with the design's value, its values and its effect; init has no starter for it")
    func paramsAndInit() throws {
        let directory = try design("<key>flips</key><integer>12</integer><key>target</key><integer>7</integer><key>headsPercent</key><integer>40</integer>")
        let result = try CommandRunner.playbenchWithExampleGame(["params", directory.path, "--format", "csv"])
        #expect(result.status == 0, "\(result.standardError)")
        let rows = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(rows.first == "parameter,value,values,effect")
        #expect(rows.contains { $0.hasPrefix("flips,12,1...1000,") } && rows.contains { $0.hasPrefix("target,7,0...1000,") })
        #expect(rows.contains { $0.hasPrefix("headsPercent,40,0...100,") })
        let demo = try CommandRunner.playbenchWithExampleGame(["params", directory.path, "--demo"])
        #expect(demo.status == 64 && demo.standardError.contains("--demo is an option for Relentless designs"), "\(demo.standardError)")
        let starter = try CommandRunner.playbenchWithExampleGame(["init", directory.appendingPathComponent("new").path, "--game", "coin"])
        #expect(starter.status == 64 && starter.standardError.contains("init has no starter design for Coin"), "\(starter.standardError)")
    }

    @Test("check locates each mistake with its rule id and exits 1")
    func checkLocatesMistakes() throws {
        // Line 3 holds the keys; target 11 > flips 10 breaks K2, headsPercent 101 breaks K3.
        let directory = try design("<key>flips</key><integer>10</integer><key>target</key><integer>11</integer><key>headsPercent</key><integer>101</integer><key>sides</key><integer>2</integer>")
        let result = try CommandRunner.playbenchWithExampleGame(["check", directory.path])
        let file = directory.appendingPathComponent(CoinGame.fileName).path
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("\(file):3:"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("target: target must be in 0...10, not 11 [K2]"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("headsPercent: headsPercent must be in 0...100, not 101 [K3]"))
        #expect(result.standardOutput.contains("unknown key \"sides\""))
        #expect(result.standardError.contains("\(directory.path) has errors"))
    }

    @Test("check in JSON names the example game's rule ids for scripts")
    func checkJSON() throws {
        let directory = try design("<key>flips</key><integer>0</integer><key>target</key><integer>0</integer><key>headsPercent</key><integer>50</integer>")
        let result = try CommandRunner.playbenchWithExampleGame(["check", directory.path, "--format", "json"])
        #expect(result.status == 1)
        let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let diagnostics = json?["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.map { $0["rule"] as? String } == ["K1"], "\(result.standardOutput)")
    }

    @Test("options the game does not take are refused by name, with the games that take them")
    func refusesOptionsItDoesNotTake() throws {
        let directory = try design("<key>flips</key><integer>10</integer><key>target</key><integer>6</integer><key>headsPercent</key><integer>50</integer>")
        for option in [["--samples", "5"], ["--seed", "3"], ["--explain"], ["--catalogue", "x.plist"]] {
            let result = try CommandRunner.playbenchWithExampleGame(["check", directory.path] + option)
            #expect(result.status == 64, "\(option)")
            let takers = ["--samples", "--seed"].contains(option[0]) ? "TabulaImaginarium and Relentless" : "Relentless"
            #expect(result.standardError.contains("\(option[0]) is an option for \(takers) designs; \(directory.path) is a Coin design (Coin.plist)"), "\(result.standardError)")
        }
    }

    @Test("help lists the game from the registry, with what check does for it")
    func helpListsTheGame() throws {
        let top = try CommandRunner.playbenchWithExampleGame(["--help"])
        #expect(top.standardOutput.contains("Coin (Coin.plist)"))
        let check = try CommandRunner.playbenchWithExampleGame(["check", "--help"])
        #expect(check.standardOutput.contains("Coin: flips, target and the coin's bias (K1–K3)"))
        // The shipped binary does not know Coin: its directory is no design of a game it knows.
        let shipped = try CommandRunner.playbench(["--help"])
        #expect(!shipped.standardOutput.contains("Coin"))
    }

    /// 10 fair flips, 6 heads to win: P(win) = (C(10,6) + … + C(10,10)) / 2^10 = 386/1024, the
    /// mean heads 5 (binomial, exact).
    static let fair = "<key>flips</key><integer>10</integer><key>target</key><integer>6</integer><key>headsPercent</key><integer>50</integer>"

    @Test("simulate plays Coin on the seam: the share won matches the binomial's exact value")
    func simulateMatchesTheBinomial() throws {
        let directory = try design(Self.fair)
        let games = 20_000
        let result = try CommandRunner.playbenchWithExampleGame(["simulate", directory.path, "--games", "\(games)", "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let lineups = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        let played = try #require(lineups.first)
        #expect(played["games"] as? Int == games)
        let wins = Double(try #require(played["wins"] as? Int)) / Double(games)
        let exact = 386.0 / 1024
        // 4.4 standard errors: a fair implementation fails this about once in 100,000 runs.
        let standardError = (exact * (1 - exact) / Double(games)).squareRoot()
        #expect(abs(wins - exact) < 4.4 * standardError, "won \(wins), exact \(exact)")
        let heads = try #require(played["heads"] as? [String: Any])
        let mean = try #require(heads["mean"] as? Double)
        // Heads per game: variance n·p·(1−p) = 2.5.
        #expect(abs(mean - 5) < 4.4 * (2.5 / Double(games)).squareRoot(), "mean heads \(mean)")
    }

    @Test("simulate gives the same bytes on one thread and on four")
    func simulateDoesNotDependOnThreads() throws {
        let directory = try design(Self.fair)
        let one = try CommandRunner.playbenchWithExampleGame(["simulate", directory.path, "--games", "3000", "--threads", "1", "--format", "json"])
        let four = try CommandRunner.playbenchWithExampleGame(["simulate", directory.path, "--games", "3000", "--threads", "4", "--format", "json"])
        #expect(one.status == 0 && one.standardOutput == four.standardOutput)
        let text = try CommandRunner.playbenchWithExampleGame(["simulate", directory.path, "--games", "3000"])
        #expect(text.standardOutput.contains("wins: "), "\(text.standardOutput)")
    }

    @Test("simulate refuses options Coin does not take, and a design with errors")
    func simulateRefuses() throws {
        let directory = try design(Self.fair)
        for option in [["--team", "casual"], ["--agents", "random"], ["--timeline", "2"]] {
            let result = try CommandRunner.playbenchWithExampleGame(["simulate", directory.path] + option)
            #expect(result.status == 64, "\(option)")
            #expect(result.standardError.contains("\(option[0]) is an option for "), "\(result.standardError)")
        }
        let broken = try design("<key>flips</key><integer>0</integer><key>target</key><integer>0</integer><key>headsPercent</key><integer>50</integer>")
        let result = try CommandRunner.playbenchWithExampleGame(["simulate", broken.path, "--games", "10"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("[K1]"))
        #expect(result.standardError.contains("has errors"))
    }

    func balance(_ targets: String, in directory: URL) throws {
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>targets</key><array>
            \(targets)
            </array></dict></plist>
            """.utf8).write(to: directory.appendingPathComponent("Balance.plist"))
    }

    static func target(_ name: String, _ metric: String, _ band: String) -> String {
        "<dict><key>name</key><string>\(name)</string><key>metric</key><string>\(metric)</string>\(band)</dict>"
    }

    @Test("gate: a band around the exact chance of winning is met, one far above it missed (exit 1), with JUnit and Markdown")
    func gateMetAndMissed() throws {
        let directory = try design(Self.fair)
        // The exact share won is 386/1024 ≈ 37.7%.
        try balance(
            Self.target("about 37.7% won", "wins", "<key>atLeast</key><real>0.35</real><key>atMost</key><real>0.40</real>")
                + Self.target("most games won", "wins", "<key>atLeast</key><real>0.45</real>"),
            in: directory)
        let junit = directory.appendingPathComponent("gate.xml"), markdown = directory.appendingPathComponent("gate.md")
        let result = try CommandRunner.playbenchWithExampleGame(["gate", directory.path, "--junit", junit.path, "--markdown", markdown.path])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardOutput.contains("met      about 37.7% won"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("MISSED   most games won"))
        #expect(result.standardOutput.contains("1 of 2 targets met, 1 missed."))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(#"tests="2" failures="1""#) && xml.contains(#"<failure type="missed""#))
        #expect(try String(contentsOf: markdown, encoding: .utf8).contains("| ❌ missed | most games won |"))
        // The verdicts rest on intervals: the met one holds the exact value.
        let json = try CommandRunner.playbenchWithExampleGame(["gate", directory.path, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let targets = try #require(object["targets"] as? [[String: Any]])
        let estimate = try #require(targets.first?["estimate"] as? [String: Any])
        let (lower, upper) = (try #require(estimate["lower"] as? Double), try #require(estimate["upper"] as? Double))
        #expect(lower <= 386.0 / 1024 && 386.0 / 1024 <= upper, "\(lower)...\(upper)")
    }

    @Test("gate: a target whose band's edge is the truth stays undecided; it fails only with --fail-on-undecided")
    func gateUndecided() throws {
        let directory = try design(Self.fair)
        // Mean heads is exactly 5, the band's edge: the interval straddles it at every look.
        try balance(Self.target("at least five heads", "heads", "<key>atLeast</key><real>5</real>"), in: directory)
        let plain = try CommandRunner.playbenchWithExampleGame(["gate", directory.path])
        #expect(plain.status == 0, "\(plain.standardOutput)")
        #expect(plain.standardOutput.contains("undecided at least five heads"))
        #expect(plain.standardOutput.contains("at the cap of 8000 games"))
        #expect(plain.standardOutput.contains("0 of 1 target met, 1 undecided."), "\(plain.standardOutput)")
        let strict = try CommandRunner.playbenchWithExampleGame(["gate", directory.path, "--fail-on-undecided"])
        #expect(strict.status == 1)
        #expect(strict.standardOutput == plain.standardOutput)
    }

    @Test("gate gives the same verdicts and intervals on one thread and on three")
    func gateDoesNotDependOnThreads() throws {
        let directory = try design(Self.fair)
        try balance(Self.target("about 37.7% won", "wins", "<key>atLeast</key><real>0.35</real><key>atMost</key><real>0.40</real>"), in: directory)
        let one = try CommandRunner.playbenchWithExampleGame(["gate", directory.path, "--threads", "1", "--format", "json"])
        let three = try CommandRunner.playbenchWithExampleGame(["gate", directory.path, "--threads", "3", "--format", "json"])
        #expect(one.status == 0 && one.standardOutput == three.standardOutput)
    }

    @Test("check and gate locate a target that names no metric of the game, with the nearest one")
    func balanceFileMistakes() throws {
        let directory = try design(Self.fair)
        try balance(Self.target("typo", "winz", "<key>atLeast</key><real>0.3</real>"), in: directory)
        let check = try CommandRunner.playbenchWithExampleGame(["check", directory.path])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("Balance.plist:4:"), "\(check.standardOutput)")
        #expect(check.standardOutput.contains(#"targets[0].metric: unknown metric "winz"; one of "wins", "heads" (did you mean "wins"?)"#))
        let gate = try CommandRunner.playbenchWithExampleGame(["gate", directory.path])
        #expect(gate.status == 1 && gate.standardError.contains("Balance.plist has errors"))
        let missing = try design(Self.fair)
        let none = try CommandRunner.playbenchWithExampleGame(["gate", missing.path])
        #expect(none.status == 66 && none.standardError.contains("a gate needs balance targets"))
    }

    @Test("report writes the seam's metrics page, summary and JSON, whose numbers agree with simulate's")
    func reportFromTheSeam() throws {
        let directory = try design(Self.fair)
        let output = try Fixtures.temporaryDirectory("coin-report")
        let result = try CommandRunner.playbenchWithExampleGame(["report", directory.path, "--games", "2000", "--output", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "wrote \(output.path)/report.html, summary.md, results.json (1 lineup × 2000 games)\n")
        let html = try String(contentsOf: output.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains(#"data-section="wins""#) && html.contains(#"data-section="heads""#))
        let cells = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("results.json"))) as? [[String: Any]])
        let wins = try #require(cells.first { $0["metric"] as? String == "wins" }?["estimate"] as? [String: Any])
        let simulated = try CommandRunner.playbenchWithExampleGame(["simulate", directory.path, "--games", "2000", "--format", "json"])
        let lineups = try #require(try JSONSerialization.jsonObject(with: Data(simulated.standardOutput.utf8)) as? [[String: Any]])
        let won = Double(try #require(lineups.first?["wins"] as? Int)) / 2000
        #expect(wins["value"] as? Double == won)
        let summary = try String(contentsOf: output.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("| wins | 10 flips |"))
    }

    @Test("replay shows the games the run played: replaying games 0..<n counts the run's wins")
    func replayAgreesWithTheRun() throws {
        let directory = try design(Self.fair)
        let games = 40
        let run = try CommandRunner.playbenchWithExampleGame(["simulate", directory.path, "--games", "\(games)", "--seed", "9", "--format", "json"])
        let lineups = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        let wins = try #require(lineups.first?["wins"] as? Int)
        var replayedWins = 0
        for game in 0..<games {
            let replay = try CommandRunner.playbenchWithExampleGame(["simulate", directory.path, "--seed", "9", "--replay", "\(game)"])
            #expect(replay.status == 0)
            let flips = try #require(replay.standardOutput.split(separator: "\n").dropFirst().first)
            #expect(flips.count == 10 && flips.allSatisfy { $0 == "H" || $0 == "T" }, "\(replay.standardOutput)")
            if replay.standardOutput.contains("heads: won") { replayedWins += 1 }
        }
        #expect(replayedWins == wins)
        #expect(wins > 0 && wins < games)
    }

    /// P(at least `target` heads in 10 fair flips), exactly.
    static func winning(_ target: Int) -> Double {
        var binomial = 1.0, sum = 0.0
        for k in 0...10 {
            if k >= target { sum += binomial }
            binomial = binomial * Double(10 - k) / Double(k + 1)
        }
        return sum / 1024
    }

    @Test("sweep: every point's share won matches the binomial's exact value; a point that makes no design is listed with why")
    func sweepMatchesTheBinomial() throws {
        let directory = try design(Self.fair)
        let output = directory.appendingPathComponent("sweep")
        let games = 4000
        let result = try CommandRunner.playbenchWithExampleGame([
            "sweep", directory.path, "--set", "target=2...11:3", "--games", "\(games)", "--output-dir", output.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("    11  not played: target 11 is above flips 10 (K2)\n"), "\(result.standardOutput)")
        let csv = try String(contentsOf: output.appendingPathComponent("sweep.csv"), encoding: .utf8)
        let rows = csv.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.first == ["target", "lineup", "wins", "wins_low", "wins_high", "heads", "heads_low", "heads_high", "games", "not_played"])
        var checked = 0
        for row in rows.dropFirst() where row.count == 10 && !row[2].isEmpty {
            let target = try #require(Int(row[0])), won = try #require(Double(row[2]))
            let exact = Self.winning(target)
            // 4.4 standard errors at each of the three points: all pass but about once in 30,000 runs.
            #expect(abs(won - exact) <= 4.4 * (exact * (1 - exact) / Double(games)).squareRoot() + 1e-9, "target \(target): \(won) vs \(exact)")
            checked += 1
        }
        #expect(checked == 3)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("sweep.json"))) as? [String: Any])
        #expect((json["points"] as? [[String: Any]])?.count == 4)
        #expect(try String(contentsOf: output.appendingPathComponent("sweep.md"), encoding: .utf8).contains("| target | wins | heads |"))
    }

    @Test("sweep: a parameter Coin does not have, or a value outside its domain, is a usage error before any game")
    func sweepRefusesBadSettings() throws {
        let directory = try design(Self.fair)
        for (set, message) in [("sides=2,3", "not a parameter of Coin designs (flips, target, headsPercent)"), ("headsPercent=50,101", "headsPercent takes a whole number in 0...100, not '101'"), ("flips", "write key=values")] {
            let result = try CommandRunner.playbenchWithExampleGame(["sweep", directory.path, "--set", set, "--output-dir", directory.appendingPathComponent("s").path])
            #expect(result.status == 64, "\(set)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
        let relentless = try CommandRunner.playbenchWithExampleGame(["sweep", directory.path, "--set", "flips=5,10", "--players", "3"])
        #expect(relentless.status == 64 && relentless.standardError.contains("--players is an option for Relentless designs"))
    }

    /// P(at least 6 heads in 10 flips) when heads come with chance `p`.
    static func winning(headsChance p: Double) -> Double {
        var binomial = 1.0, sum = 0.0
        for k in 0...10 {
            if k >= 6 { sum += binomial * pow(p, Double(k)) * pow(1 - p, Double(10 - k)) }
            binomial = binomial * Double(10 - k) / Double(k + 1)
        }
        return sum
    }

    @Test("tune finds the coin's bias at which half the games are won: its interval holds the exact root")
    func tuneFindsTheExactRoot() throws {
        // The exact root of P(win) = 1/2, by bisection on the closed form (it rises with p).
        var (a, b) = (0.0, 1.0)
        for _ in 0..<60 { let m = (a + b) / 2; if Self.winning(headsChance: m) < 0.5 { a = m } else { b = m } }
        let root = a * 100
        let directory = try design(Self.fair)
        let result = try CommandRunner.playbenchWithExampleGame([
            "tune", directory.path, "--param", "headsPercent", "--target", "wins=50%", "--range", "20...90", "--max-games", "16384", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let search = try #require(object["search"] as? [String: Any])
        let (lower, upper) = (try #require(search["lower"] as? Double), try #require(search["upper"] as? Double))
        // A whole-number search names the first value past the target: the root lies above the one below it.
        #expect(lower - 1 <= root && root <= upper, "root \(root), interval \(lower)...\(upper)")
        #expect(upper - lower <= 4, "\(lower)...\(upper)")
        let text = try CommandRunner.playbenchWithExampleGame(["tune", directory.path, "--param", "headsPercent", "--target", "wins=0.5", "--range", "20...90"])
        #expect(text.standardOutput.contains("headsPercent = "), "\(text.standardOutput)")
    }

    @Test("tune refuses what Coin cannot tune, and a target it cannot reach is exit 1 with why")
    func tuneRefuses() throws {
        let directory = try design(Self.fair)
        let metric = try CommandRunner.playbenchWithExampleGame(["tune", directory.path, "--param", "headsPercent", "--target", "winz=0.5"])
        #expect(metric.status == 64 && metric.standardError.contains("'winz' is not a metric of Coin designs (wins, heads) (did you mean wins?)"))
        let param = try CommandRunner.playbenchWithExampleGame(["tune", directory.path, "--param", "sides", "--target", "wins=0.5"])
        #expect(param.status == 64 && param.standardError.contains("tune searches a number parameter of Coin designs (flips, target, headsPercent)"))
        let unreachable = try CommandRunner.playbenchWithExampleGame(["tune", directory.path, "--param", "headsPercent", "--target", "wins=0.5", "--range", "0...10"])
        #expect(unreachable.status == 1 && unreachable.standardError.contains("is not reached between"), "\(unreachable.standardError)")
        let relentless = try CommandRunner.playbenchWithExampleGame(["tune", directory.path, "--param", "headsPercent", "--target", "wins=0.5", "--coefficient", "1"])
        #expect(relentless.status == 64 && relentless.standardError.contains("--coefficient is an option for Relentless designs"))
    }

    @Test("diff: the change in the share won from a fairer to a biased coin is the binomial's exact change, within its interval")
    func diffMatchesTheBinomial() throws {
        let fair = try design(Self.fair)
        let biased = try design("<key>flips</key><integer>10</integer><key>target</key><integer>6</integer><key>headsPercent</key><integer>60</integer>")
        let exact = Self.winning(headsChance: 0.6) - Self.winning(headsChance: 0.5)
        // At 99.99% confidence the interval misses the exact change about once in 10,000 runs.
        let result = try CommandRunner.playbenchWithExampleGame([
            "diff", fair.path, biased.path, "--games", "4000", "--confidence", "0.9999", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let rows = try #require(object["rows"] as? [[String: Any]])
        let wins = try #require(rows.first { $0["metric"] as? String == "wins" }?["difference"] as? [String: Any])
        let (lower, upper) = (try #require(wins["lower"] as? Double), try #require(wins["upper"] as? Double))
        #expect(lower <= exact && exact <= upper, "\(exact) outside \(lower)...\(upper)")
        #expect(lower > 0, "a change of \(exact) is settled at 4000 games")
        let text = try CommandRunner.playbenchWithExampleGame(["diff", fair.path, biased.path, "--games", "4000"])
        #expect(text.standardOutput.contains("share of games won") && text.standardOutput.contains("moved by headsPercent"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("  headsPercent: 50 → 60\n"))
        let mixed = try CommandRunner.playbenchWithExampleGame(["diff", fair.path, Fixtures.shippedDesign.path])
        #expect(mixed.status == 64 && mixed.standardError.contains("diff compares two designs of one game"))
    }

    @Test("sensitivity: moving the target one down and up changes the share won by the binomial's exact probabilities, within the intervals")
    func sensitivityMatchesTheBinomial() throws {
        let directory = try design(Self.fair)
        // target 6 → 5 wins the games of exactly 5 heads too, P(X = 5) = P(X ≥ 5) − P(X ≥ 6);
        // → 7 loses those of exactly 6, −P(X = 6). Game by game on the same flips, so each
        // difference is that indicator; at 99.99% confidence an interval misses its value about
        // once in 10,000 runs.
        let (down, up) = (Self.winning(5) - Self.winning(6), Self.winning(7) - Self.winning(6))
        let result = try CommandRunner.playbenchWithExampleGame([
            "sensitivity", directory.path, "--games", "8000", "--confidence", "0.9999", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let rows = try #require(object["rows"] as? [[String: Any]])
        let row = try #require(rows.first { $0["key"] as? String == "target" })
        #expect(row["low"] as? String == "5" && row["high"] as? String == "7")
        let wins = try #require((row["effects"] as? [String: Any])?["wins"] as? [String: Any])
        for (side, exact) in [("low", down), ("high", up)] {
            let effect = try #require(wins[side] as? [String: Double])
            let (lower, upper) = (try #require(effect["lower"]), try #require(effect["upper"]))
            #expect(lower <= exact && exact <= upper, "\(side): \(exact) outside \(lower)...\(upper)")
        }
        let text = try CommandRunner.playbenchWithExampleGame(["sensitivity", directory.path, "--games", "2000", "--metric", "wins"])
        #expect(text.standardOutput.contains("effect on share of games won (the design: "), "\(text.standardOutput)")
        let bad = try CommandRunner.playbenchWithExampleGame(["sensitivity", directory.path, "--metric", "finalMoney"])
        #expect(bad.status == 64 && bad.standardError.contains("one of Coin's metrics every game has a value of: wins, heads"))
    }

    @Test("shards: three parts merge to the unsharded run byte for byte; a missing or changed part is refused (exit 65)")
    func shardsMergeToTheWholeRun() throws {
        let directory = try design(Self.fair)
        let work = try Fixtures.temporaryDirectory("coin-parts")
        let parts = (0..<3).map { work.appendingPathComponent("p\($0).json").path }
        for (i, part) in parts.enumerated() {
            let shard = try CommandRunner.playbenchWithExampleGame([
                "simulate", directory.path, "--games", "1000", "--format", "json", "--shard", "\(i)/3", "--part", part,
            ])
            #expect(shard.status == 0, "\(shard.standardError)")
        }
        let whole = try CommandRunner.playbenchWithExampleGame(["simulate", directory.path, "--games", "1000", "--format", "json"])
        let merged = try CommandRunner.playbenchWithExampleGame(["merge", parts[2], parts[0], parts[1]])
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(merged.standardOutput == whole.standardOutput)

        let missing = try CommandRunner.playbenchWithExampleGame(["merge", parts[0], parts[1]])
        #expect(missing.status == 65 && missing.standardError.contains("shard 2/3 missing"), "\(missing.standardError)")
        // One digit of a count changed by hand: the checksum no longer matches.
        let text = try String(contentsOfFile: parts[1], encoding: .utf8)
        let edited = text.replacingOccurrences(of: #""wins":"#, with: #""wins":1"#)
        #expect(edited != text)
        try edited.write(toFile: parts[1], atomically: true, encoding: .utf8)
        let changed = try CommandRunner.playbenchWithExampleGame(["merge", parts[0], parts[1], parts[2]])
        #expect(changed.status == 65 && changed.standardError.contains("its checksum does not match its content"), "\(changed.standardError)")
    }

    @Test("gate shards: the merged parts give the unsharded gate's verdicts, looks, reports and exit code byte for byte")
    func gateShardsMergeToTheWholeGate() throws {
        let directory = try design(Self.fair)
        // One target decided after a few looks, one missed, one undecided to the cap: merge must
        // stop each lineup where one machine stops (here the lineup plays on for the undecided one).
        try balance(
            Self.target("about 37.7% won", "wins", "<key>atLeast</key><real>0.35</real><key>atMost</key><real>0.40</real>")
                + Self.target("most games won", "wins", "<key>atLeast</key><real>0.45</real>")
                + Self.target("at least five heads", "heads", "<key>atLeast</key><real>5</real>"),
            in: directory)
        let work = try Fixtures.temporaryDirectory("coin-gate-parts")
        let parts = (0..<3).map { work.appendingPathComponent("g\($0).json").path }
        func reports(_ prefix: String) -> [String] { [work.appendingPathComponent("\(prefix).xml").path, work.appendingPathComponent("\(prefix).md").path] }
        // The shards name the reports; merge writes them, as it runs the command the parts name.
        for (i, part) in parts.enumerated() {
            let shard = try CommandRunner.playbenchWithExampleGame([
                "gate", directory.path, "--seed", "9", "--junit", reports("merged")[0], "--markdown", reports("merged")[1],
                "--shard", "\(i)/3", "--part", part,
            ])
            #expect(shard.status == 0, "\(shard.standardError)")
            #expect(!FileManager.default.fileExists(atPath: reports("merged")[0]), "a shard writes its part only")
        }
        let whole = try CommandRunner.playbenchWithExampleGame(
            ["gate", directory.path, "--seed", "9", "--junit", reports("whole")[0], "--markdown", reports("whole")[1]])
        #expect(whole.status == 1, "\(whole.standardError)")
        let merged = try CommandRunner.playbenchWithExampleGame(["merge", parts[1], parts[2], parts[0]])
        #expect(merged.status == whole.status, "\(merged.standardError)")
        #expect(merged.standardOutput == whole.standardOutput)
        for (a, b) in zip(reports("whole"), reports("merged")) {
            #expect(try String(contentsOfFile: a, encoding: .utf8) == String(contentsOfFile: b, encoding: .utf8))
        }
        #expect(whole.standardOutput.contains("at the cap of 8000 games"), "\(whole.standardOutput)")

        // The balance file is part of the job: parts of other targets are refused.
        try balance(Self.target("about 37.7% won", "wins", "<key>atLeast</key><real>0.30</real>"), in: directory)
        let changed = try CommandRunner.playbenchWithExampleGame(["merge", parts[0], parts[1], parts[2]])
        #expect(changed.status == 65 && changed.standardError.contains("played from other files"), "\(changed.standardError)")
    }

    @Test("sweep shards: the merged parts write the unsharded sweep's files byte for byte, the point that makes no design included")
    func sweepShardsMergeToTheWholeSweep() throws {
        let directory = try design(Self.fair)
        let work = try Fixtures.temporaryDirectory("coin-sweep-parts")
        let parts = (0..<3).map { work.appendingPathComponent("s\($0).json").path }
        let merged = work.appendingPathComponent("merged"), whole = work.appendingPathComponent("whole")
        let sweep = ["sweep", directory.path, "--set", "target=2...11:3", "--set", "flips=9,10", "--games", "700"]
        for (i, part) in parts.enumerated() {
            let shard = try CommandRunner.playbenchWithExampleGame(sweep + ["--output-dir", merged.path, "--shard", "\(i)/3", "--part", part])
            #expect(shard.status == 0, "\(shard.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: merged.path), "a shard writes its part only")
        let here = try CommandRunner.playbenchWithExampleGame(sweep + ["--output-dir", whole.path])
        #expect(here.status == 0, "\(here.standardError)")
        let joined = try CommandRunner.playbenchWithExampleGame(["merge", parts[2], parts[0], parts[1]])
        #expect(joined.status == 0, "\(joined.standardError)")
        // The same table; the last line says where it was written.
        #expect(joined.standardOutput == here.standardOutput.replacingOccurrences(of: whole.path, with: merged.path))
        #expect(here.standardOutput.contains("not played: target 11 is above flips"), "\(here.standardOutput)")
        for file in ["sweep.csv", "sweep.md", "sweep.json", "report.html"] {
            let a = try Data(contentsOf: whole.appendingPathComponent(file)), b = try Data(contentsOf: merged.appendingPathComponent(file))
            #expect(a == b, "\(file) differs")
        }
        let missing = try CommandRunner.playbenchWithExampleGame(["merge", parts[0], parts[2]])
        #expect(missing.status == 65 && missing.standardError.contains("shard 1/3 missing"), "\(missing.standardError)")
    }
}
