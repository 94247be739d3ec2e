import Foundation
import TestSupport
import Testing

/// Issue 43, item 5: a Players.plist whose defaultTeam is a team the design does not allow was a
/// warning without a line in check and then an unlocated usage error in simulate. What check
/// accepts every command plays, and simulate, report and gate play the default team when no team
/// is named: it is an error in check, located at the key (C6).
@Suite struct DefaultTeamSizeTests {
    /// The shipped design with a default team of seven casual players.
    static func design() throws -> (URL, line: Int) {
        let directory = try Fixtures.temporaryDirectory("default-team")
        for name in ["GameConfig.plist", "DefaultGameParameters.plist"] {
            try FileManager.default.copyItem(at: Fixtures.shippedDesign.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let shipped = String(decoding: try Fixtures.bytes(Fixtures.shippedDesign.appendingPathComponent("Players.plist")), as: UTF8.self)
        let lines = shipped.components(separatedBy: "\n")
        let key = try #require(lines.firstIndex { $0.contains("<key>defaultTeam</key>") })
        let close = try #require(lines[key...].firstIndex { $0.contains("</array>") })
        let seven = Array(lines[..<(key + 1)]) + ["\t<array>"] + Array(repeating: "\t\t<string>casual</string>", count: 7) + Array(lines[close...])
        try Data(seven.joined(separator: "\n").utf8).write(to: directory.appendingPathComponent("Players.plist"))
        // The array's line: where the reader locates the value of defaultTeam.
        return (directory, key + 2)
    }

    @Test func checkRefusesItWithItsLine() throws {
        let (design, line) = try Self.design()
        let result = try CommandRunner.playbench(["check", design.path, "--samples", "0"])
        #expect(result.status == 1)
        let players = design.appendingPathComponent("Players.plist").path
        #expect(
            result.standardOutput.contains("\(players):\(line):2: error: defaultTeam: a team of 7 players, outside the design's team sizes 3...6: simulate, report and gate play it when no --team is given"),
            "\(result.standardOutput)")
        #expect(result.standardOutput.contains("[C6]"))
    }

    @Test func simulateNamesTheKeyAndLineAndANamedTeamStillPlays() throws {
        let (design, line) = try Self.design()
        let result = try CommandRunner.playbench(["simulate", design.path, "--games", "2"])
        #expect(result.status == 64)
        #expect(
            result.standardError.contains("Players.plist's defaultTeam (line \(line)) is a team of 7, outside the design's team sizes 3...6: give --team or --players"),
            "\(result.standardError)")
        let named = try CommandRunner.playbench(["simulate", design.path, "--games", "2", "--max-rounds", "1", "--team", "casual,casual,casual"])
        #expect(named.status == 0, "\(named.standardError)")
    }
}
