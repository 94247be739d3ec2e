import Foundation
import GameSeam
import PlaybenchCLI
import TabulaImaginariumGame
import Testing
import TestSupport

/// `playbench check`, `generate`, `simulate` and `report` on Tabula Imaginarium (Designs/tabula), as
/// the README runs them: a generated map is one `check` accepts and `report` draws; mistakes are
/// located; parameters no seed can meet are refused with the replay command; the sync sessions
/// `simulate` plays match the model's closed forms (TS2, TS4, TS5), whatever the thread count.
@Suite("playbench on Tabula Imaginarium")
struct TabulaCommandTests {
    static var design: String { Fixtures.designs.appendingPathComponent("tabula").path }

    /// A copy of the shipped design with `old` replaced by `new` in `file` (which must hold it).
    static func edited(_ file: String? = nil, _ old: String = "", _ new: String = "") throws -> URL {
        let directory = try Fixtures.temporaryDirectory("tabula")
        for name in ["TabulaMap.plist", "Generator.plist", "Session.plist"] {
            var text = try String(contentsOfFile: "\(design)/\(name)", encoding: .utf8)
            if name == file {
                #expect(text.contains(old), "\(name) holds no \(old)")
                text = text.replacingOccurrences(of: old, with: new)
            }
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    @Test func theShippedDesignChecksClean() throws {
        let result = try CommandRunner.playbench(["check", Self.design])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("Tabula Imaginarium map: 24x16 tiles"))
        #expect(result.standardOutput.contains("20 maps made, each connected (TI10)"))
        #expect(result.standardOutput.contains("sync session (Session.plist): 3, 4, 5 devices"))
        #expect(result.standardOutput.contains("no problems"))
    }

    /// The map generate writes is a design of its own that check passes without a diagnostic and
    /// report draws; the same seed gives the same bytes.
    @Test func aGeneratedMapIsChecked() throws {
        let first = try CommandRunner.playbench(["generate", Self.design, "--seed", "11", "--format", "plist"])
        #expect(first.status == 0, "\(first.standardError)")
        let again = try CommandRunner.playbench(["generate", Self.design, "--seed", "11", "--format", "plist"])
        #expect(first.standardOutput == again.standardOutput)
        let directory = try Fixtures.temporaryDirectory("tabula-generated")
        try Data(first.standardOutput.utf8).write(to: directory.appendingPathComponent("TabulaMap.plist"))
        let check = try CommandRunner.playbench(["check", directory.path])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.contains("Tabula Imaginarium map: 40x28 tiles") && check.standardOutput.contains("no problems"))
        let output = directory.appendingPathComponent("report").path
        let report = try CommandRunner.playbench(["report", directory.path, "--output", output, "--games", "20"])
        #expect(report.status == 0, "\(report.standardError)")
        let page = try String(contentsOfFile: output + "/report.html", encoding: .utf8)
        // One section per layer, and every token of the seven rooms' five with its number.
        // Without Session.plist the model's defaults are played: one session size, 5 devices.
        for section in ["map", "background", "drawing", "objects", "tokens", "sync"] { #expect(page.contains("data-section=\"\(section)\"")) }
        #expect(page.contains("<th class=\"num\">5 devices</th>"))
        #expect(page.components(separatedBy: "class=\"token-number\"").count - 1 == 5 * 2)
    }

    @Test func aMistakeIsLocatedAndReportRefusesTheMap() throws {
        let directory = try Self.edited("TabulaMap.plist", "<key>nextTokenNumber</key><integer>7</integer>", "<key>nextTokenNumber</key><integer>6</integer>")
        let check = try CommandRunner.playbench(["check", directory.path])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("TabulaMap.plist:"))
        #expect(check.standardOutput.contains("nextTokenNumber: nextTokenNumber is 6, but token 6 is on the map"))
        #expect(check.standardOutput.contains("[TI8]"))
        let report = try CommandRunner.playbench(["report", directory.path, "--output", directory.appendingPathComponent("r").path])
        #expect(report.status == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("r").path))
    }

    @Test func parametersNoSeedCanMeetAreRefusedWithTheReplayCommand() throws {
        let directory = try Self.edited("Generator.plist", "<key>rooms</key><integer>7</integer>", "<key>rooms</key><integer>70</integer>")
        let generate = try CommandRunner.playbench(["generate", directory.path, "--seed", "3"])
        #expect(generate.status == 1)
        #expect(generate.standardError.contains("70 rooms of 3x3 tiles at least, each with a border of one tile (5x5), need 1750 tiles; the 40x28 grid has 1120 [TI10]"))
        #expect(generate.standardError.contains("reproduce: playbench generate \(directory.path) --seed 3"))
        let check = try CommandRunner.playbench(["check", directory.path])
        #expect(check.status == 1 && check.standardOutput.contains("[TI10]"))
    }

    /// The shipped session's parameters and map, written here as the oracle's inputs (Session.plist
    /// and TabulaMap.plist say the same): grabs a minute a device, latency, tokens on the map, the
    /// grid, and the textures its background shows.
    static let (grabsPerMinute, latency, tokens, columns, rows, textures) = (1.5, 0.5, 5.0, 24, 16, 5)

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text.prefix(200))")
    }

    /// Each session size's edits take exactly N − 1 messages (TS2) and a join's resync is the map's
    /// tiles tile by tile and its textures grouped (TS5); the share of grabs whose token's next
    /// grab, if by another device, falls within a latency is the closed form
    /// (1 − e^(−Λw))(N − 1)/N with Λ = N·g/K (TS4, CollisionTests' derivation), at significance
    /// 10⁻⁶ two-sided (z = 4.8916).
    /// Those indicators are Bernoulli(q) and pairwise uncorrelated (a grab's depends on the gap to
    /// its token's next grab and the two devices, and gaps and devices are independent), so the
    /// count's variance is n·q(1 − q).
    @Test func simulateMatchesTheClosedForms() throws {
        let result = try CommandRunner.playbench(["simulate", Self.design, "--games", "300", "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let lineups = try #require(try Self.json(result.standardOutput)["lineups"] as? [[String: Any]])
        #expect(lineups.map { $0["devices"] as? Int } == [3, 4, 5])
        for lineup in lineups {
            let n = try #require(lineup["devices"] as? Int)
            let totals = try #require((lineup["statistics"] as? [String: Any])?["totals"] as? [String: Any])
            func total(_ key: String) throws -> Int { try #require(totals[key] as? Int, "\(key)") }
            let (edits, editMessages) = (try total("hostEdits") + total("peerEdits"), try total("editMessages"))
            #expect(edits > 0 && editMessages == (n - 1) * edits, "\(n) devices")
            let metrics = try #require(lineup["metrics"] as? [[String: Any]])
            func value(_ name: String) -> Double? {
                (metrics.first { $0["metric"] as? String == name }?["estimate"] as? [String: Any])?["value"] as? Double
            }
            #expect(value("messagesPerEdit") == Double(n - 1))
            #expect(value("tileResyncMessages") == Double(Self.columns * Self.rows))
            #expect(value("groupedResyncMessages") == Double(Self.textures))
            let rate = Double(n) * Self.grabsPerMinute / 60 / Self.tokens
            let q = (1 - exp(-rate * Self.latency)) * Double(n - 1) / Double(n)
            let (grabs, collisions) = (Double(try total("windowGrabs")), Double(try total("windowConflicts")))
            #expect(grabs > 100_000, "\(n) devices: \(grabs) grabs")
            #expect(abs(collisions - grabs * q) <= 4.8916 * (grabs * q * (1 - q)).squareRoot(), "\(n) devices: \(collisions) of \(grabs), q = \(q)")
        }
    }

    /// `collisionShare` counts a grab whose token's next grab, if by another device, falls within a
    /// latency, (1 − e^(−Λw))(N − 1)/N; "another device grabs within a latency" reads as any grab
    /// of another device's, 1 − e^(−(N − 1)gw/K), hundreds of standard errors away at high rates
    /// (CollisionTests). Its summary, which `gate`, `sweep`, `tune` and the report print, says
    /// which.
    @Test func theCollisionSummaryNamesTheTokensNextGrab() throws {
        let summary = SyncMetric.collisionShare.summary
        #expect(summary.contains("whose token's next grab, if by another device, falls within the window w, a latency"), "\(summary)")
        #expect(summary.contains("(1 − e^(−Λw))(N − 1)/N"), "\(summary)")
        #expect(!summary.contains("another device grabs within"), "\(summary)")
        let definition = try #require(TabulaImaginariumDefinition().metrics.first { $0.name == "collisionShare" })
        #expect(definition.summary == summary)
    }

    @Test func simulateGivesTheSameBytesOnOneAndTwoThreads() throws {
        let one = try CommandRunner.playbench(["simulate", Self.design, "--games", "150", "--seed", "9", "--format", "json", "--threads", "1"])
        let two = try CommandRunner.playbench(["simulate", Self.design, "--games", "150", "--seed", "9", "--format", "json", "--threads", "2"])
        #expect(one.status == 0 && two.status == 0, "\(one.standardError)\(two.standardError)")
        #expect(!one.standardOutput.isEmpty && one.standardOutput == two.standardOutput)
        let replay = try CommandRunner.playbench(["simulate", Self.design, "--replay", "4"])
        #expect(replay.status == 0 && replay.standardOutput.contains("3 devices, game 4 of seed 1:"), "\(replay.standardOutput)")
        #expect(replay.standardOutput.contains("A session of 5 devices, 240 minutes, 0.5 s a message"))
    }

    /// A session file's mistakes are located with their rule ids, in `check` and in `simulate`
    /// (exit 1, nothing played); so is a session the model refuses once the map is known.
    @Test func aBadSessionFileIsALocatedError() throws {
        let latency = try Self.edited("Session.plist", "<key>latencySeconds</key><real>0.5</real>", "<key>latencySeconds</key><real>90</real>")
        for command in ["check", "simulate"] {
            let result = try CommandRunner.playbench([command, latency.path])
            #expect(result.status == 1, "\(command): \(result.standardOutput)\(result.standardError)")
            #expect(result.standardOutput.contains("Session.plist:18:27: error: latencySeconds: latencySeconds must be in 0...60, not 90 [TS8]"), "\(result.standardOutput)")
        }
        let twice = try Self.edited("Session.plist", "<integer>4</integer>", "<integer>3</integer>")
        let check = try CommandRunner.playbench(["check", twice.path])
        #expect(check.status == 1 && check.standardOutput.contains("Session.plist:13:3: error: devices[1]: 3 devices are listed twice"), "\(check.standardOutput)")
        let long = try Self.edited("Session.plist", "<key>editsPerMinute</key><real>2</real>", "<key>editsPerMinute</key><real>9000</real>")
        let simulate = try CommandRunner.playbench(["simulate", long.path, "--games", "2"])
        #expect(simulate.status == 1)
        #expect(simulate.standardOutput.contains("Session.plist:19:27: error: sessionMinutes: with 5 devices, a session would expect 10801808 edits, grabs and reconnects"), "\(simulate.standardOutput)")
        #expect(simulate.standardOutput.contains("[TS8]"))
    }
}
