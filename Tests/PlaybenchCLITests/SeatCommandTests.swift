import Foundation
import Testing
import TestSupport

/// Issue 38: a seat in the numbers. `simulate` prints a per-seat table and writes every per-seat
/// figure in its JSON, which threads and shards leave byte for byte the same; `gate` holds a seat
/// to a band (seatSatisfaction, seatWaitShare, seatHelpShare with a `seat`).
@Suite struct SeatCommandTests {
    static let team = "casual,novice,expert"

    @Test func simulateShowsEverySeat() throws {
        let text = try CommandRunner.playbench(["simulate", "--games", "40", "--max-rounds", "4", "--team", Self.team])
        #expect(text.status == 0, "\(text.standardError)")
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("seat ") && $0.contains("persona") && $0.contains("wait") && $0.contains("served") })
        let rows = lines[(header + 1)...].prefix(3).map { $0.split(separator: " ").map(String.init) }
        #expect(rows.map { $0.prefix(2) } == [["1", "casual"], ["2", "novice"], ["3", "expert"]], "\(rows)")
        // The five shares of a seat's round add up to 100%.
        for row in rows {
            let shares = row[6...10].compactMap { Double($0.dropLast()) }
            #expect(shares.count == 5 && abs(shares.reduce(0, +) - 100) <= 0.3, "\(row)")
        }

        let json = try CommandRunner.playbench(["simulate", "--games", "40", "--max-rounds", "4", "--team", Self.team, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let seats = try #require(object["seats"] as? [[String: Any]])
        #expect(seats.map { $0["persona"] as? String } == ["casual", "novice", "expert"])
        let figures = ["satisfaction", "correct", "wrong", "timedOut", "working", "helping", "describing", "waiting", "idle", "waitShare", "helpShare", "requestsServed", "requestsAsked"]
        for seat in seats {
            for figure in figures {
                let summary = try #require(seat[figure] as? [String: Any], "seat \(seat["seat"] ?? "?") lacks \(figure)")
                #expect(summary["count"] as? Int == seat["rounds"] as? Int)
            }
        }
        // A novice is slower than an expert at everything (Players.plist): it waits no less and works longer.
        func mean(_ seat: Int, _ figure: String) -> Double { ((seats[seat][figure] as? [String: Any])?["mean"] as? Double) ?? .nan }
        #expect(mean(1, "working") > mean(2, "working"))
    }

    @Test func seatsMergeByteForByteAcrossThreadsAndShards() throws {
        let arguments = ["simulate", "--games", "600", "--max-rounds", "3", "--team", Self.team, "--format", "json"]
        let whole = try CommandRunner.playbench(arguments + ["--threads", "2"])
        #expect(whole.status == 0, "\(whole.standardError)")
        #expect(whole.standardOutput.contains("\"requestsServed\""))
        let oneThread = try CommandRunner.playbench(arguments + ["--threads", "1"])
        #expect(oneThread.standardOutput == whole.standardOutput)
        let directory = try Fixtures.temporaryDirectory("seat-shards")
        var parts: [String] = []
        for i in 0..<3 {
            let part = directory.appendingPathComponent("p\(i).json").path
            let shard = try CommandRunner.playbench(arguments + ["--shard", "\(i)/3", "--part", part])
            #expect(shard.status == 0, "\(shard.standardError)")
            parts.append(part)
        }
        let merged = try CommandRunner.playbench(["merge"] + parts)
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(merged.standardOutput == whole.standardOutput)
    }

    static func balance(_ targets: String) -> String {
        DesignFixtures.plist("""
            <dict>
                <key>firstGames</key><integer>200</integer>
                <key>maxGames</key><integer>400</integer>
                <key>maxRounds</key><integer>5</integer>
                <key>targets</key>
                <array>
            \(targets)
                </array>
            </dict>
            """)
    }

    @Test func aGateHoldsASeatToABand() throws {
        let design = try GateCommandTests.design(balance: Self.balance("""
                    <dict>
                        <key>team</key><string>casual,novice,expert</string>
                        <key>metric</key><string>seatWaitShare</string>
                        <key>seat</key><integer>2</integer>
                        <key>atMost</key><real>0.9</real>
                    </dict>
                    <dict>
                        <key>team</key><string>casual,novice,expert</string>
                        <key>metric</key><string>seatSatisfaction</string>
                        <key>seat</key><integer>3</integer>
                        <key>atLeast</key><real>150</real>
                    </dict>
            """))
        #expect(try CommandRunner.playbench(["check", design.path, "--samples", "0"]).status == 0)
        let result = try CommandRunner.playbench(["gate", design.path])
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        let out = result.standardOutput
        #expect(out.contains("met      casual, novice, expert: seat 2's share of a round spent waiting for a package of its own, averaged over every round played at most 90%"), "\(out)")
        // Satisfaction cannot pass maxSatisfaction (100, P5): a band above it is missed.
        #expect(out.contains("MISSED   casual, novice, expert: seat 3's satisfaction at a round's end, averaged over every round played at least 150"), "\(out)")
        #expect(out.contains("1 of 2 targets met, 1 missed."), "\(out)")
    }

    @Test(arguments: [
        ("<key>metric</key><string>seatSatisfaction</string>", "missing key \"seat\": seatSatisfaction is measured on one seat of the team"),
        ("<key>metric</key><string>seatSatisfaction</string><key>seat</key><integer>4</integer>", "seat: must be in 1...3 (a place in the team)"),
        ("<key>metric</key><string>seatHelpShare</string><key>seat</key><integer>0</integer>", "seat: must be in 1...3 (a place in the team)"),
        ("<key>metric</key><string>meanRounds</string><key>seat</key><integer>1</integer>", "seat: meanRounds is over the whole team: remove seat"),
    ])
    func checkNamesABadSeat(target: String, message: String) throws {
        let design = try GateCommandTests.design(balance: Self.balance("""
                    <dict>
                        <key>team</key><string>casual,novice,expert</string>
                        \(target)
                        <key>atLeast</key><real>0.1</real>
                    </dict>
            """))
        let result = try CommandRunner.playbench(["check", design.path, "--samples", "0"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("Balance.plist:") && result.standardOutput.contains(message), "\(result.standardOutput)")
    }
}
