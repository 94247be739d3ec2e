import Foundation
import PlaybenchCLI
import TestSupport
import Testing

/// `playbench check`, `generate`, `simulate`, `report`, `gate` and the parameters on Turn Tracker
/// (Designs/turn-tracker), as the README runs them: small runs, reproducibility, located errors,
/// exit codes. The layouts are checked against seeds/000's rules, not the program's own output.
@Suite("playbench on Turn Tracker")
struct TurnTrackerCommandTests {
    static var design: String { Fixtures.designs.appendingPathComponent("turn-tracker").path }

    /// A copy of the shipped design with `old` replaced by `new` in `file` (which must hold it).
    static func edited(_ file: String? = nil, _ old: String = "", _ new: String = "") throws -> URL {
        let directory = try Fixtures.temporaryDirectory("turn-tracker")
        for name in ["Games.plist", "Sessions.plist", "Balance.plist"] {
            var text = try String(contentsOfFile: "\(design)/\(name)", encoding: .utf8)
            if name == file {
                #expect(text.contains(old), "\(name) holds no \(old)")
                text = text.replacingOccurrences(of: old, with: new)
            }
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    @Test func checkPassesTheShippedDesignWithItsPhonesWarning() throws {
        let result = try CommandRunner.playbench(["check", Self.design])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("Turn Tracker game definitions: 3 games"))
        #expect(result.standardOutput.contains("games[2].players: up to 5 players need 2 phones"))
        #expect(result.standardOutput.contains("1 warning"))
    }

    /// The app's file alone is a design check reads (nothing beside it need exist); the
    /// commands that play need Sessions.plist and say so (66).
    @Test func gamesPlistAloneIsCheckedAndPlayingNeedsSessions() throws {
        let directory = try Self.edited()
        try FileManager.default.removeItem(at: directory.appendingPathComponent("Sessions.plist"))
        let check = try CommandRunner.playbench(["check", directory.path])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.contains("no Sessions.plist: the game definitions alone are checked"))
        let simulate = try CommandRunner.playbench(["simulate", directory.path, "--games", "10"])
        #expect(simulate.status == 66, "\(simulate.standardError)")
        #expect(simulate.standardError.contains("no Sessions.plist beside Games.plist"))
        // generate lays out one round from the app's file alone.
        let generate = try CommandRunner.playbench(["generate", directory.path, "--definition", "Carcassonne", "--players", "3"])
        #expect(generate.status == 0, "\(generate.standardError)")
        #expect(generate.standardOutput.contains("1 round"))
    }

    @Test func aBrokenSessionIsLocatedAndEveryCommandRefusesIt() throws {
        let directory = try Self.edited("Sessions.plist", "<string>71 / players</string>", "<string>71 / (players - 2)</string>")
        let check = try CommandRunner.playbench(["check", directory.path])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("Sessions.plist:"))
        #expect(check.standardOutput.contains("games.Carcassonne.rounds: \"71 / (players - 2)\" gives inf rounds for 2 players"))
        #expect(check.standardOutput.contains("[TT7]"))
        for command in [["simulate", "--games", "10"], ["gate"], ["report", "--games", "10", "--output", directory.appendingPathComponent("r").path]] {
            let result = try CommandRunner.playbench([command[0], directory.path] + command.dropFirst())
            #expect(result.status == 1, "\(command[0]): \(result.standardError)")
        }
    }

    /// seeds/000's layout rules: 1 player right way up; 2, one up and one upside down; 3 and 4,
    /// two at 90° and one or two at 270°; more on more phones (Spirit Island allows 1 to 4
    /// players, Carcassonne 2 to 5).
    @Test(arguments: [
        ("Spirit Island", 1, [[0]]), ("Carcassonne", 2, [[0, 180]]), ("Carcassonne", 3, [[90, 90, 270]]), ("Carcassonne", 4, [[90, 90, 270, 270]]),
        ("Carcassonne", 5, [[90, 90, 270], [0, 180]]),
    ])
    func generateLaysOutTheGameViewByTheDocumentsRules(definition: String, players: Int, orientations: [[Int]]) throws {
        let result = try CommandRunner.playbench(["generate", Self.design, "--definition", definition, "--players", "\(players)", "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let phones = try #require(object["phones"] as? [[[String: Int]]])
        #expect(phones.map { $0.compactMap { $0["orientation"] } } == orientations)
        #expect(phones.flatMap { $0.compactMap { $0["seat"] } } == Array(1...players))
        guard definition == "Carcassonne" else { return }
        // A versus session: every seat's turn in order, every round (71 tiles shared out, TT7).
        let steps = try #require(object["steps"] as? [[String: Any]])
        let rounds = (71 + players - 1) / players
        #expect(object["rounds"] as? Int == rounds)
        #expect(steps.count == rounds * players)
        #expect(steps.prefix(players).compactMap { $0["seat"] as? Int } == Array(1...players))
    }

    @Test func generateRefusesWhatTheDesignDoesNotHave() throws {
        let unknown = try CommandRunner.playbench(["generate", Self.design, "--definition", "Carcasonne"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("did you mean \"Carcassonne\"?"), "\(unknown.standardError)")
        let many = try CommandRunner.playbench(["generate", Self.design, "--definition", "Spirit Island", "--players", "5"])
        #expect(many.status == 64)
        #expect(many.standardError.contains("--players takes a whole number in 1...4"), "\(many.standardError)")
        let relentless = try CommandRunner.playbench(["generate", Self.design, "--difficulty", "3"])
        #expect(relentless.status == 64, "\(relentless.standardError)")
    }

    @Test func simulateIsTheSameWhateverTheThreadsAndItsReplayNamesTheSession() throws {
        let arguments = ["simulate", Self.design, "--games", "300", "--seed", "5", "--format", "json"]
        let one = try CommandRunner.playbench(arguments + ["--threads", "1"])
        let two = try CommandRunner.playbench(arguments + ["--threads", "2"])
        #expect(one.status == 0, "\(one.standardError)")
        #expect(one.standardOutput == two.standardOutput)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(one.standardOutput.utf8)) as? [String: Any])
        let tables = try #require(object["tables"] as? [[String: Any]])
        #expect(tables.count == 7 && tables.allSatisfy { $0["sessions"] as? Int == 300 })
        let replay = try CommandRunner.playbench(["simulate", Self.design, "--replay", "2"])
        #expect(replay.status == 0, "\(replay.standardError)")
        #expect(replay.standardOutput.contains("Round 1") && replay.standardOutput.contains("Session: "))
        #expect(replay.standardOutput == (try CommandRunner.playbench(["simulate", Self.design, "--replay", "2"])).standardOutput)
    }

    @Test func gateMeetsTheShippedTargetsAndMissesATooShortSession() throws {
        let shipped = try CommandRunner.playbench(["gate", Self.design])
        #expect(shipped.status == 0, "\(shipped.standardOutput)\(shipped.standardError)")
        #expect(shipped.standardOutput.contains("4 of 4 targets met."))
        // A two-player Spirit Island within an hour at the median: missed (exit 1).
        let directory = try Self.edited("Balance.plist", "<real>120</real>", "<real>60</real>")
        let missed = try CommandRunner.playbench(["gate", directory.path])
        #expect(missed.status == 1, "\(missed.standardOutput)")
        #expect(missed.standardOutput.contains("MISSED"))
    }

    /// A parameter of one game or persona (TT9, TT10) is set by its name in brackets: a longer
    /// Carcassonne timer runs out on fewer turns and changes no other game's; a persona the
    /// design does not have is a usage error (64) naming those it has; a timer TT9 refuses makes
    /// its point not played.
    @Test func namedParametersSetOneGameOrPersona() throws {
        let directory = try Fixtures.temporaryDirectory("turn-tracker-sweep")
        let output = directory.appendingPathComponent("sweep")
        let sweep = try CommandRunner.playbench(["sweep", Self.design, "--set", "turnTimer[Carcassonne]=60,120", "--games", "200", "--output-dir", output.path])
        #expect(sweep.status == 0, "\(sweep.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: try Data(contentsOf: output.appendingPathComponent("sweep.json"))) as? [String: Any])
        let points = try #require(object["points"] as? [[String: Any]])
        func value(_ point: Int, _ lineup: String, _ metric: String) throws -> Double {
            let cells = try #require(points[point]["cells"] as? [[String: Any]])
            let cell = try #require(cells.first { $0["lineup"] as? String == lineup && $0["metric"] as? String == metric })
            return try #require((cell["estimate"] as? [String: Any])?["value"] as? Double)
        }
        #expect(try value(1, "Carcassonne: 2 × steady", "expiryShare") < value(0, "Carcassonne: 2 × steady", "expiryShare"))
        #expect(try value(1, "Spirit Island: 2 × steady", "expiryShare") == value(0, "Spirit Island: 2 × steady", "expiryShare"))
        let unknown = try CommandRunner.playbench(["sweep", Self.design, "--set", "speed[hasty]=1,2", "--games", "10", "--output-dir", output.path])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("'hasty' is not a persona of the design (focused, steady, distracted)"), "\(unknown.standardError)")
        let short = try CommandRunner.playbench(["sweep", Self.design, "--set", "turnTimer[Robinson Crusoe]=30,600", "--games", "10", "--output-dir", directory.appendingPathComponent("short").path])
        #expect(short.status == 0, "\(short.standardError)")
        #expect(short.standardOutput.contains("not played: Robinson Crusoe: a 30 s timer is shorter than the shortest action"), "\(short.standardOutput)")
    }

    @Test func reportWritesThePageAndAnswersEveryQuestion() throws {
        let directory = try Fixtures.temporaryDirectory("turn-tracker-report")
        let output = directory.appendingPathComponent("report")
        let result = try CommandRunner.playbench(["report", Self.design, "--games", "200", "--output", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        let summary = try String(contentsOf: output.appendingPathComponent("summary.md"), encoding: .utf8)
        for question in ["How long will a session take?", "How much of each player's time is waiting?", "How does length grow with players",
                         "What turn timer covers 90% of turns' actions", "How often is ready forgotten?", "Which definitions break the app's limits?"] {
            #expect(summary.contains(question), "\(question)")
        }
        // Every game at each player count it allows: Spirit Island 1–4, Carcassonne 2–5.
        #expect(summary.contains("Spirit Island (co-op, every player steady): ") && summary.contains(" with 1 to ") && summary.contains(" with 4 at the median"))
        #expect(summary.contains("Carcassonne (versus, every player steady): ") && summary.contains(" with 2 to ") && summary.contains(" with 5 at the median"))
        #expect(summary.contains("Carcassonne: up to 5 players need 2 phones"))
        let html = try String(contentsOf: output.appendingPathComponent("report.html"), encoding: .utf8)
        for section in ["length", "growth", "waiting", "timer", "phases"] { #expect(html.contains("data-section=\"\(section)\"")) }
        // Tables meant to be compared share one scale from 0: identical seats at different tables
        // read alike (issue 39: each chart zoomed to its own 18.4–18.8%).
        for section in ["waiting", "phases"] {
            let start = try #require(html.range(of: "data-section=\"\(section)\""))
            let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
            let charts = html[start.upperBound..<end.lowerBound].components(separatedBy: "<svg class=\"chart\"").dropFirst()
            let ticks = charts.map { chart in
                chart.components(separatedBy: "data-axis=\"x\" data-value=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            }
            #expect(charts.count > 1 && Set(ticks).count == 1, "\(section): \(ticks)")
            #expect(ticks.first?.first.flatMap(Double.init) == 0, "\(section) starts at 0: \(ticks)")
        }
    }

    /// `--set players` keeps every table in its place (tune names its table by place): at 2
    /// players the two steady Spirit Island tables are alike and the second is told apart by its
    /// number; tune over players measures the table it was given, by name.
    @Test func playersKeepsEveryTableInItsPlace() throws {
        let directory = try Fixtures.temporaryDirectory("turn-tracker-players")
        let output = directory.appendingPathComponent("sweep")
        let sweep = try CommandRunner.playbench(["sweep", Self.design, "--set", "players=2", "--games", "50", "--output-dir", output.path])
        #expect(sweep.status == 0, "\(sweep.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: try Data(contentsOf: output.appendingPathComponent("sweep.json"))) as? [String: Any])
        let points = try #require(object["points"] as? [[String: Any]])
        let lineups = Set(try #require(points.first?["cells"] as? [[String: Any]]).compactMap { $0["lineup"] as? String })
        #expect(lineups.count == 7, "\(lineups)")
        #expect(lineups.contains("Spirit Island: 2 × steady") && lineups.contains("Spirit Island: 2 × steady (table 3)"))
        let tune = try CommandRunner.playbench([
            "tune", Self.design, "--param", "players", "--range", "2...4", "--lineup", "Carcassonne: focused, steady, distracted", "--target", "sessionMinutes=50",
        ])
        // The table is the seventh at every point, though two tables before it become alike; at 2
        // players it seats focused and steady (48 min), at 4 players 52 min: 50 lies between.
        #expect(tune.status == 0, "\(tune.standardError)")
        #expect(tune.standardOutput.contains("table Carcassonne: focused, steady, distracted"), "\(tune.standardOutput)")
        #expect(tune.standardOutput.contains("value     3"), "\(tune.standardOutput)")
    }

    /// The checks run once every setting is applied (TT9): a 15 s timer with actions at a tenth
    /// of their times plays in either order of --set; alone it is shorter than Robinson Crusoe's
    /// shortest action of a turn (Place pawns, median 120 s), a point not played.
    @Test func theOrderOfSettingsChangesNothing() throws {
        let directory = try Fixtures.temporaryDirectory("turn-tracker-order")
        func sweep(_ sets: [String], _ name: String) throws -> CommandResult {
            try CommandRunner.playbench(["sweep", Self.design] + sets.flatMap { ["--set", $0] } + ["--games", "20", "--output-dir", directory.appendingPathComponent(name).path])
        }
        let timerFirst = try sweep(["turnTimer=15", "actionScale=0.1"], "a")
        let scaleFirst = try sweep(["actionScale=0.1", "turnTimer=15"], "b")
        #expect(timerFirst.status == 0 && scaleFirst.status == 0, "\(timerFirst.standardError)\(scaleFirst.standardError)")
        #expect(!timerFirst.standardOutput.contains("not played") && !scaleFirst.standardOutput.contains("not played"), "\(timerFirst.standardOutput)")
        let alone = try sweep(["turnTimer=15"], "c")
        #expect(alone.standardOutput.contains("not played: Robinson Crusoe: a 15 s timer is shorter than the shortest action (Place pawns"), "\(alone.standardOutput)")
        let fraction = try sweep(["turnTimer=0.5"], "d")
        #expect(fraction.status == 64 && fraction.standardError.contains("takes 0 (no timer) or 1 to 86400 seconds"), "\(fraction.standardError)")
    }

    /// diff names what differs even where no number parameter holds it: rounds of a range.
    @Test func diffNamesARangeOfRoundsChanged() throws {
        let other = try Self.edited("Sessions.plist", "<integer>6</integer>\n\t\t\t\t<key>max</key>\n\t\t\t\t<integer>10</integer>", "<integer>8</integer>\n\t\t\t\t<key>max</key>\n\t\t\t\t<integer>12</integer>")
        let diff = try CommandRunner.playbench(["diff", Self.design, other.path, "--games", "200", "--lineup", "Spirit Island: 2 × steady"])
        #expect(diff.status == 0, "\(diff.standardError)")
        #expect(diff.standardOutput.contains("rounds[Spirit Island]: 6 to 10 → 8 to 12"), "\(diff.standardOutput)")
    }

    /// sensitivity moves the action scale and each game's and persona's own numbers the design's
    /// tables play.
    @Test func sensitivityMovesEachGamesAndPersonasNumbers() throws {
        let result = try CommandRunner.playbench(["sensitivity", Self.design, "--games", "200", "--lineup", "Carcassonne: 2 × steady"])
        #expect(result.status == 0, "\(result.standardError)")
        for name in ["actionScale", "turnTimer[Carcassonne]", "speed[steady]", "forgetReady[steady]", "notice[steady]"] {
            #expect(result.standardOutput.contains(name), "\(name)")
        }
    }

    /// A sharded simulate merges to the unsharded one, byte for byte.
    @Test func shardsMergeToTheWholeRun() throws {
        let directory = try Fixtures.temporaryDirectory("turn-tracker-shards")
        var parts: [String] = []
        for shard in 0..<3 {
            let part = directory.appendingPathComponent("\(shard).json").path
            let result = try CommandRunner.playbench(["simulate", Self.design, "--games", "300", "--shard", "\(shard)/3", "--part", part])
            #expect(result.status == 0, "\(result.standardError)")
            parts.append(part)
        }
        let merged = try CommandRunner.playbench(["merge"] + parts)
        let whole = try CommandRunner.playbench(["simulate", Self.design, "--games", "300"])
        #expect(merged.status == 0, "\(merged.standardError)")
        // All but the last line, which says how the games were played (merged, or in how long).
        func played(_ text: String) -> [Substring] { Array(text.split(separator: "\n").dropLast()) }
        #expect(played(merged.standardOutput) == played(whole.standardOutput))
        #expect(merged.standardOutput.hasSuffix("(merged from 3 parts)\n"))
    }

    /// A persona's notice time and a game's rounds set by name (TT7, TT10): ten rounds of
    /// Carcassonne are 20 turns for two players, and a steady player who notices a forgotten
    /// ready after 300 s on average, not 30, makes the session longer.
    @Test func noticeAndRoundsOfOneGameOrPersona() throws {
        let directory = try Fixtures.temporaryDirectory("turn-tracker-notice")
        let output = directory.appendingPathComponent("sweep")
        let sweep = try CommandRunner.playbench([
            "sweep", Self.design, "--set", "notice[steady]=30,300", "--set", "rounds[Carcassonne]=10", "--games", "400", "--output-dir", output.path,
        ])
        #expect(sweep.status == 0, "\(sweep.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: try Data(contentsOf: output.appendingPathComponent("sweep.json"))) as? [String: Any])
        let points = try #require(object["points"] as? [[String: Any]])
        func value(_ point: Int, _ metric: String) throws -> Double {
            let cells = try #require(points[point]["cells"] as? [[String: Any]])
            let cell = try #require(cells.first { $0["lineup"] as? String == "Carcassonne: 2 × steady" && $0["metric"] as? String == metric })
            return try #require((cell["estimate"] as? [String: Any])?["value"] as? Double)
        }
        #expect(try value(1, "sessionMinutes") > value(0, "sessionMinutes"))
        // 20 turns of about half a minute: a session near 10 minutes, not the 36 rounds' 52.
        #expect(try value(0, "sessionMinutes") < 15)
    }
}
