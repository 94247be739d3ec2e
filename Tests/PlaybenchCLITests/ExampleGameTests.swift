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
            #expect(result.standardError.contains("\(option[0]) is an option for Relentless designs; \(directory.path) is a Coin design (Coin.plist)"), "\(result.standardError)")
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
}
