import Foundation
import TestSupport
import Testing

/// A round the host cannot make ends its game as `unplayable`; the batch goes on (G4).
@Suite struct UnplayableCommandTests {
    /// The fixture design: its Siren category holds 2 rhythms, so a round that draws only Siren
    /// cannot stock 3 or more players (G4); check finds it by sampling.
    static func design() throws -> URL {
        let directory = try Fixtures.temporaryDirectory("unplayable")
        try Data(DesignFixtures.validCatalogue.utf8).write(to: directory.appendingPathComponent("GameConfig.plist"))
        try Data(DesignFixtures.validParameters.utf8).write(to: directory.appendingPathComponent("DefaultGameParameters.plist"))
        return directory
    }

    @Test func simulateCountsUnplayableGamesAndGoesOnAndCheckAgrees() throws {
        let design = try Self.design()
        let check = try CommandRunner.playbench(["check", design.path])
        #expect(check.status == 1 && check.standardOutput.contains("[G4]"), "\(check.standardOutput)")
        let json = try CommandRunner.playbench(["simulate", design.path, "--players", "3", "--games", "64", "--max-rounds", "8", "--format", "json"])
        #expect(json.status == 0, "\(json.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["gamesPlayed"] as? Int == 64)
        let unplayable = try #require(object["unplayable"] as? [String: Any])
        let count = try #require(unplayable["games"] as? Int)
        #expect(count > 0 && count < 64, "some games meet a round that draws only Siren, not all")
        let first = try #require(unplayable["first"] as? [String: Any])
        #expect((first["reason"] as? String)?.contains("[G4]") == true)
        // The reproduce command makes exactly that round, and it fails the same way.
        let words = try #require(first["reproduce"] as? String).split(separator: " ").map(String.init)
        #expect(words.prefix(2) == ["playbench", "generate"])
        let replayed = try CommandRunner.playbench(Array(words.dropFirst()))
        let reason = try #require(first["reason"] as? String)
        #expect(replayed.status == 1 && replayed.standardError.contains(reason), "\(replayed.standardError)")
        let text = try CommandRunner.playbench(["simulate", design.path, "--players", "3", "--games", "64", "--max-rounds", "8"])
        #expect(text.standardOutput.contains("unplayable: \(count) of 64 games ("), "\(text.standardOutput)")
    }

    @Test func theGateCanTargetTheUnplayableShare() throws {
        let design = try Self.design()
        let balance = DesignFixtures.plist("""
            <dict>
              <key>firstGames</key><integer>32</integer><key>maxGames</key><integer>64</integer><key>maxRounds</key><integer>8</integer>
              <key>targets</key><array><dict>
                <key>team</key><string>casual,casual,casual</string><key>metric</key><string>unplayable</string><key>atMost</key><real>0.01</real>
              </dict></array>
            </dict>
            """)
        try Data(balance.utf8).write(to: design.appendingPathComponent("Balance.plist"))
        let result = try CommandRunner.playbench(["gate", design.path])
        #expect(result.status == 1 && result.standardOutput.contains("MISSED"), "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("share of games ended by a round the host could not make at most 1%"))
    }
}
