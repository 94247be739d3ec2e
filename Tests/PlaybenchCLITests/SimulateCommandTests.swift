import Foundation
import TestSupport
import Testing

/// `playbench simulate` as a user runs it: small runs (tens of games, a few rounds) of the
/// shipped design, its reports, its replays and its usage errors.
@Suite("playbench simulate")
struct SimulateCommandTests {
    /// A short run of the shipped design: every test adds its own options.
    static let short = ["--games", "40", "--max-rounds", "6", "--seed", "5"]

    static func simulate(_ arguments: [String]) throws -> CommandResult {
        try CommandRunner.playbench(["simulate"] + arguments)
    }

    static func object(_ text: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(value as? [String: Any], "not a JSON object: \(text.prefix(200))")
    }

    /// A design directory holding copies of the shipped catalogue and parameters (no demo
    /// parameters, no Players.plist), and `players` as its Players.plist when given.
    static func design(players: String? = nil, label: String = "simulate") throws -> URL {
        let directory = try Fixtures.temporaryDirectory(label)
        for name in ["GameConfig.plist", "DefaultGameParameters.plist"] {
            try FileManager.default.copyItem(
                at: Fixtures.shippedDesign.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        if let players { try Data(players.utf8).write(to: directory.appendingPathComponent("Players.plist")) }
        return directory
    }

    static var shippedPlayers: String {
        get throws { String(decoding: try Fixtures.bytes(Fixtures.shippedDesign.appendingPathComponent("Players.plist")), as: UTF8.self) }
    }

    /// Runs a command line printed by playbench (`playbench simulate …`, shell-quoted) through
    /// the shell, with the built binary first on PATH.
    static func shell(_ commandLine: String) throws -> (status: Int32, standardOutput: String, standardError: String) {
        try #require(commandLine.hasPrefix("playbench simulate ") || commandLine.hasPrefix("playbench generate "), "not a playbench command: \(commandLine)")
        let binary = CommandRunner.playbenchURL.deletingLastPathComponent().path
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", commandLine]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "\(binary):\(path)"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// The lines of a text report naming a game to replay, as (quantile label, money, command).
    static func replayLines(_ text: String) -> [(label: String, money: Int, command: String)] {
        text.components(separatedBy: "\n").compactMap { line in
            // "  p50 game (final money 2408): playbench simulate … --replay 123"
            guard let colon = line.range(of: "): "), line.contains("--replay") else { return nil }
            let head = line[..<colon.lowerBound].trimmingCharacters(in: .whitespaces)
            guard let label = head.split(separator: " ").first, let money = head.split(separator: " ").last.flatMap({ Int($0) })
            else { return nil }
            return (String(label), money, String(line[colon.upperBound...]))
        }
    }

    // MARK: - Reports

    @Test("a text run of the shipped design prints a table per round and three games to replay")
    func textReport() throws {
        let result = try Self.simulate(Self.short)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        let text = result.standardOutput
        #expect(text.hasPrefix("the shipped design (built in): 40 games, team casual, casual, casual, casual, seed 5, up to 6 rounds"))
        #expect(text.contains("players: <built-in>/Players.plist"))
        let lines = text.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex { $0.hasPrefix("round ") && $0.contains("money p10") })
        // One row per round, numbered 1…6, right after the header.
        for round in 1...6 {
            let row = lines[header + round].split(separator: " ")
            #expect(row.first == Substring(String(round)), "\(lines[header + round])")
        }
        #expect(lines[header + 7].isEmpty)
        #expect(text.contains("lost: "))
        let replays = Self.replayLines(text)
        #expect(replays.map(\.label) == ["p10", "p50", "p90"])
        #expect(replays.map(\.money) == replays.map(\.money).sorted())
        for replay in replays {
            #expect(replay.command.hasPrefix("playbench simulate --team casual,casual,casual,casual --max-rounds 6 --replay "))
        }
    }

    @Test("--format json gives every statistic of the run")
    func jsonReport() throws {
        let result = try Self.simulate(Self.short + ["--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let json = try Self.object(result.standardOutput)
        #expect(json["gamesPlayed"] as? Int == 40)
        #expect(json["gamesRequested"] as? Int == 40)
        #expect(json["partial"] as? Bool == false)
        #expect(json["seed"] as? Int == 5)
        #expect(json["maxRounds"] as? Int == 6)
        #expect(json["team"] as? [String] == ["casual", "casual", "casual", "casual"])
        #expect(json["playersFile"] as? String == "<built-in>/Players.plist")
        let rounds = try #require(json["rounds"] as? [[String: Any]])
        #expect(rounds.count == 6)
        #expect(rounds.first?["round"] as? Int == 1)
        #expect(rounds.first?["games"] as? Int == 40)
        #expect(rounds.map { $0["round"] as? Int } == (1...6).map { $0 })
        let money = try #require(rounds.first?["moneyQuantiles"] as? [String: Any])
        #expect(money["p10"] is Int && money["p50"] is Int && money["p90"] is Int)

        let exemplars = try #require(json["exemplars"] as? [[String: Any]])
        #expect(exemplars.compactMap { $0["quantile"] as? Double } == [0.1, 0.5, 0.9])
        let final = try #require(json["finalMoneyQuantiles"] as? [String: Any])
        for (exemplar, key) in zip(exemplars, ["p10", "p50", "p90"]) {
            let value = try #require(exemplar["money"] as? Int)
            let quantile = try #require(final[key] as? Int)
            // Within 0.1 % of the quantile (and 1 for small values), as the report promises.
            #expect(abs(value - quantile) <= max(1, abs(quantile) / 1000), "\(key): \(value) vs \(quantile)")
            let replay = try #require(exemplar["replay"] as? String)
            #expect(replay.hasPrefix("playbench simulate --team casual,casual,casual,casual --max-rounds 6 --replay "), "\(replay)")
            // Seeds pass 2^63, beyond what JSONSerialization keeps exact: compare the JSON text.
            let seed = try #require(replay.split(separator: " ").last)
            #expect(UInt64(seed) != nil)
            #expect(result.standardOutput.contains("\"seed\" : \(seed)\n"), "\(seed)")
        }
    }

    @Test("the JSON depends on the seed, never on --threads")
    func reproducible() throws {
        let one = try Self.simulate(Self.short + ["--format", "json", "--threads", "1"])
        let two = try Self.simulate(Self.short + ["--format", "json", "--threads", "2"])
        let other = try Self.simulate(Self.short + ["--format", "json", "--threads", "2", "--seed", "6"])
        #expect([one.status, two.status, other.status] == [0, 0, 0])
        #expect(!one.standardOutput.isEmpty)
        #expect(one.standardOutput == two.standardOutput)
        #expect(one.standardOutput != other.standardOutput)
    }

    @Test("--output writes what standard output would show, and nothing else beside it")
    func outputFile() throws {
        let directory = try Fixtures.temporaryDirectory("simulate-output")
        let file = directory.appendingPathComponent("sim.json")
        let printed = try Self.simulate(Self.short + ["--format", "json"])
        let written = try Self.simulate(Self.short + ["--format", "json", "--output", file.path])
        #expect(written.status == 0, "\(written.standardError)")
        #expect(written.standardOutput.isEmpty)
        #expect(written.standardError.isEmpty)
        #expect(try Fixtures.bytes(file) == Array(printed.standardOutput.utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["sim.json"])
    }

    // MARK: - Replays

    @Test("each printed replay command replays its game round by round, ending with its final money")
    func replayText() throws {
        let run = try Self.simulate(Self.short)
        #expect(run.status == 0)
        let replays = Self.replayLines(run.standardOutput)
        #expect(replays.count == 3)
        for replay in replays {
            let result = try Self.shell(replay.command)
            #expect(result.status == 0, "\(replay.command): \(result.standardError)")
            let text = result.standardOutput
            #expect(text.contains("replay of game seed \(replay.command.split(separator: " ").last ?? "")"))
            let lines = text.components(separatedBy: "\n").filter { !$0.isEmpty }
            let last = try #require(lines.last)
            let rounds = lines.filter { $0.hasPrefix("round ") }
            #expect(!rounds.isEmpty)
            #expect(rounds.first?.hasPrefix("round 1 (difficulty") == true)
            #expect(rounds.last?.hasSuffix("→ \(replay.money)") == true || rounds.last?.contains("→ \(replay.money) (below 0") == true, "\(rounds.last ?? "")")
            #expect(last.hasSuffix("after \(rounds.count) round\(rounds.count == 1 ? "" : "s") with money \(replay.money)"), "\(last)")
            // Every round names the generate command that prints it.
            #expect(lines.filter { $0.hasPrefix("  round: playbench generate --players 4 ") }.count == rounds.count)
        }
    }

    @Test("the p50 game's money in the JSON is the money its replay's JSON ends with")
    func replayJSON() throws {
        let run = try Self.object(try Self.simulate(Self.short + ["--format", "json"]).standardOutput)
        let exemplars = try #require(run["exemplars"] as? [[String: Any]])
        let median = try #require(exemplars.first { $0["quantile"] as? Double == 0.5 })
        let command = try #require(median["replay"] as? String)
        let seed = try #require(command.split(separator: " ").last.flatMap { UInt64($0) }, "\(command)")
        let replay = try Self.simulate(["--team", "casual,casual,casual,casual", "--max-rounds", "6", "--format", "json", "--replay", String(seed)])
        #expect(replay.status == 0, "\(replay.standardError)")
        let log = try Self.object(replay.standardOutput)
        #expect(replay.standardOutput.contains("\"seed\" : \(seed),\n"))
        #expect(log["money"] as? Int == median["money"] as? Int)
        let rounds = try #require(log["rounds"] as? [[String: Any]])
        #expect(rounds.count == log["roundsPlayed"] as? Int)
        #expect(rounds.last?["money"] as? Int == log["money"] as? Int)
        #expect((rounds.first?["players"] as? [Any])?.count == 4)
    }

    @Test("a replay of a design directory names the directory, quoted for the shell, and replays there")
    func replayOfADirectory() throws {
        let directory = try Self.design(label: "simulate design with spaces")
        let run = try Self.simulate([directory.path] + Self.short)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        let replay = try #require(Self.replayLines(run.standardOutput).first)
        #expect(replay.command.hasPrefix("playbench simulate '\(directory.path)' --team "), "\(replay.command)")
        let result = try Self.shell(replay.command)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("\(directory.path): replay of game seed "))
        #expect(result.standardOutput.hasSuffix("with money \(replay.money)\n"), "\(result.standardOutput.suffix(200))")
    }

    @Test("a run of files named one by one prints replays with the same files, and each replays its game (issue 16)")
    func replayOfNamedFiles() throws {
        // The shipped parameters with a harsher expense, so the game differs from the built-in one.
        let directory = try Fixtures.temporaryDirectory("simulate named files")
        let parameters = directory.appendingPathComponent("My Parameters.plist")
        let shipped = String(decoding: try Fixtures.bytes(Fixtures.shippedDesign.appendingPathComponent("DefaultGameParameters.plist")), as: UTF8.self)
        let harsher = try #require(shipped.range(of: "<key>dailyExpense</key>")).upperBound
        let value = try #require(shipped[harsher...].range(of: #"<(integer|real|string)>[^<]*</(integer|real|string)>"#, options: .regularExpression))
        try Data((shipped[..<value.lowerBound] + "<integer>300</integer>" + shipped[value.upperBound...]).utf8).write(to: parameters)

        let run = try Self.simulate(["--parameters", parameters.path] + Self.short)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("\(parameters.path) (with the built-in catalogue): "), "\(run.standardOutput.prefix(200))")
        let replays = Self.replayLines(run.standardOutput)
        #expect(replays.count == 3)
        let builtIn = Self.replayLines(try Self.simulate(Self.short).standardOutput)
        #expect(replays.map(\.money) != builtIn.map(\.money), "the harsher expense changes the games")
        for replay in replays {
            #expect(replay.command.hasPrefix("playbench simulate --parameters '\(parameters.path)' --team "), "\(replay.command)")
            let result = try Self.shell(replay.command)
            #expect(result.status == 0, "\(replay.command): \(result.standardError)")
            #expect(result.standardOutput.hasSuffix("with money \(replay.money)\n"), "\(result.standardOutput.suffix(200))")
            // Each round's generate command names the same file and makes that round.
            let generate = try #require(result.standardOutput.components(separatedBy: "\n").first { $0.hasPrefix("  round: playbench generate") })
            #expect(generate.contains("--parameters '\(parameters.path)'"), "\(generate)")
            // It makes the replay's first round: same difficulty, and the harsher file's round (the file is read).
            let made = try Self.shell(String(generate.dropFirst("  round: ".count)))
            #expect(made.status == 0, "\(made.standardError)")
            #expect(made.standardOutput.contains("\(parameters.path) (with the built-in catalogue)"), "\(made.standardOutput.prefix(300))")
        }
        let both = try Self.simulate([directory.path, "--parameters", parameters.path] + Self.short)
        #expect(both.status == 64)
        #expect(both.standardError.contains("not both"))
    }

    // MARK: - Teams

    @Test("an unknown persona is a usage error naming it, with a suggestion for a near miss")
    func unknownPersona() throws {
        let unknown = try Self.simulate(Self.short + ["--team", "casual,nobody,casual"])
        #expect(unknown.status == 64)
        #expect(unknown.standardOutput.isEmpty)
        #expect(unknown.standardError.contains("unknown persona \"nobody\""), "\(unknown.standardError)")
        #expect(unknown.standardError.contains("novice, casual, expert, perfect, idle"))

        let nearMiss = try Self.simulate(Self.short + ["--team", "casual,casul,casual"])
        #expect(nearMiss.status == 64)
        #expect(nearMiss.standardError.contains("unknown persona \"casul\" (did you mean \"casual\"?)"), "\(nearMiss.standardError)")
    }

    @Test("a team size outside the design's 3...6 is a usage error", arguments: [
        ["--team", "casual,expert"], ["--team", "a,b"], ["--players", "2"], ["--players", "7"],
        ["--team", "casual,casual,casual,casual,casual,casual,casual"],
    ])
    func teamSizeOutOfRange(options: [String]) throws {
        let result = try Self.simulate(Self.short + options)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("playbench: error: "), "\(result.standardError)")
    }

    @Test("a team of known personas but the wrong size names the design's range")
    func teamSizeMessage() throws {
        let result = try Self.simulate(Self.short + ["--team", "casual,expert"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("a team of 2 is outside the design's team sizes 3...6"), "\(result.standardError)")
    }

    @Test("--players that disagrees with --team is a usage error")
    func playersDisagreesWithTeam() throws {
        let result = try Self.simulate(Self.short + ["--players", "5", "--team", "casual,casual"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("--team names 2 players but --players is 5"), "\(result.standardError)")
        let agreeing = try Self.simulate(Self.short + ["--players", "3", "--team", "novice,expert,idle", "--format", "json"])
        #expect(agreeing.status == 0, "\(agreeing.standardError)")
        #expect(try Self.object(agreeing.standardOutput)["team"] as? [String] == ["novice", "expert", "idle"])
    }

    @Test("--players alone repeats or cuts the default team to that size")
    func playersAlone() throws {
        for size in [3, 5, 6] {
            let result = try Self.simulate(Self.short + ["--players", String(size), "--format", "json"])
            #expect(result.status == 0, "\(result.standardError)")
            let json = try Self.object(result.standardOutput)
            #expect(json["team"] as? [String] == Array(repeating: "casual", count: size))
            let exemplars = try #require(json["exemplars"] as? [[String: Any]])
            let team = Array(repeating: "casual", count: size).joined(separator: ",")
            #expect((exemplars.first?["replay"] as? String)?.contains("--team \(team) ") == true)
        }
    }

    @Test("--team spaces around names are ignored")
    func teamWithSpaces() throws {
        let result = try Self.simulate(Self.short + ["--team", "novice, casual ,expert", "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try Self.object(result.standardOutput)["team"] as? [String] == ["novice", "casual", "expert"])
    }

    // MARK: - Players.plist of a design directory

    @Test("a design directory's broken Players.plist fails with the file and line")
    func brokenPlayersFile() throws {
        let broken = try Self.shippedPlayers.replacingOccurrences(
            of: "<key>strategy</key><string>fewestItems</string>", with: "<key>strategy</key><string>fewestItem</string>")
        let line = try #require(broken.components(separatedBy: "\n").firstIndex { $0.contains("fewestItem<") }) + 1
        let directory = try Self.design(players: broken)
        let result = try Self.simulate([directory.path] + Self.short)
        #expect(result.status == 1)
        let file = directory.appendingPathComponent("Players.plist").path
        #expect(result.standardOutput.contains("\(file):\(line):"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("personas.novice.strategy: unknown strategy \"fewestItem\""))
        #expect(result.standardOutput.contains("did you mean \"fewestItems\"?"))
        #expect(!result.standardOutput.contains("lost: "))
        #expect(result.standardError.contains("has errors"), "\(result.standardError)")
    }

    @Test("a Players.plist that is not a property list fails with the file and line")
    func malformedPlayersFile() throws {
        let directory = try Self.design(players: "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>personas</key>\n")
        let result = try Self.simulate([directory.path] + Self.short)
        #expect(result.status == 1)
        let file = directory.appendingPathComponent("Players.plist").path
        let located = result.standardOutput.components(separatedBy: "\n").filter { $0.hasPrefix("\(file):") }
        #expect(!located.isEmpty, "\(result.standardOutput)")
        #expect(located.allSatisfy { $0.dropFirst(file.count + 1).first?.isNumber == true }, "\(located)")
    }

    @Test("a design directory without Players.plist plays the shipped personas")
    func shippedPersonasByDefault() throws {
        let directory = try Self.design()
        let result = try Self.simulate([directory.path] + Self.short + ["--team", "expert,perfect,idle", "--format", "json"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let json = try Self.object(result.standardOutput)
        #expect(json["design"] as? String == directory.path)
        #expect(json["playersFile"] as? String == "<built-in>/Players.plist")
        #expect(json["team"] as? [String] == ["expert", "perfect", "idle"])
    }

    @Test("a design directory's own Players.plist is the one played")
    func ownPlayersFile() throws {
        let renamed = try Self.shippedPlayers.replacingOccurrences(of: "<key>expert</key>", with: "<key>veteran</key>")
        let directory = try Self.design(players: renamed)
        let file = directory.appendingPathComponent("Players.plist").path
        let result = try Self.simulate([directory.path] + Self.short + ["--team", "veteran,casual,novice", "--format", "json"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let json = try Self.object(result.standardOutput)
        #expect(json["playersFile"] as? String == file)
        #expect(json["team"] as? [String] == ["veteran", "casual", "novice"])
        let shippedName = try Self.simulate([directory.path] + Self.short + ["--team", "expert,casual,novice"])
        #expect(shippedName.status == 64)
        #expect(shippedName.standardError.contains("unknown persona \"expert\""), "\(shippedName.standardError)")
    }

    // MARK: - Options

    @Test("invalid counts are usage errors", arguments: [
        ["--games", "0"], ["--games", "-3"], ["--max-rounds", "0"], ["--threads", "0"], ["--players", "0"],
    ])
    func invalidCounts(options: [String]) throws {
        let result = try Self.simulate(["--max-rounds", "2"] + options)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("--games 0 says what is wrong")
    func zeroGames() throws {
        let result = try Self.simulate(["--games", "0"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--games must be in 1...1000000000"), "\(result.standardError)")
    }

    @Test("no progress bar when standard error is not a terminal")
    func noProgressBar() throws {
        let result = try Self.simulate(["--games", "60", "--max-rounds", "10", "--seed", "2"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty, "\(result.standardError.debugDescription)")
        #expect(!result.standardOutput.contains("\r"))
        #expect(!result.standardOutput.contains("\u{1B}["))
    }

    @Test("an empty name in --team is a usage error, not a smaller team")
    func emptyTeamName() throws {
        let result = try Self.simulate(["--team", "casual,,expert, novice", "--games", "5"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--team has an empty name"), "\(result.standardError)")
    }

    /// Such a design used to pass check and fail mid-game ("money leaves the 64-bit range");
    /// check's M1 limits now refuse it, and simulate with it (the game's own overflow report
    /// stays for designs no check saw: LimitsPlayTests).
    @Test("money that could leave 64 bits is refused before any game (M1), not a crash")
    func moneyOverflow() throws {
        let directory = try Self.design(label: "simulate-overflow")
        let url = directory.appendingPathComponent("DefaultGameParameters.plist")
        var text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        for (key, value) in [("maxSatisfaction", "1000000000000000"), ("satisfactionToMoneyTranslation", "100000")] {
            text = text.settingParameter(key, to: "<integer>\(value)</integer>")
        }
        try Data(text.utf8).write(to: url)
        let result = try Self.simulate([directory.path, "--games", "3", "--max-rounds", "3"])
        #expect(result.status == 1, "\(result.standardError)")
        let output = result.standardOutput + result.standardError
        #expect(output.contains("error: maxSatisfaction: ") && output.contains("must be within ±1,000,000") && output.contains("[M1]"), "\(output)")
        #expect(!output.contains("money leaves the 64-bit range"))
    }
}
