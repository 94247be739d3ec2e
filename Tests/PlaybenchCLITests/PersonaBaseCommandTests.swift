import Foundation
import TestSupport
import Testing

/// `base` on the command line: a design's own Players.plist extends the shipped personas (built
/// in, whatever directory the design is in).
@Suite("A design's personas extend the shipped ones")
struct PersonaBaseCommandTests {
    /// The shipped design's catalogue and parameters with a Players.plist of one persona.
    func design(base: String) throws -> URL {
        let directory = try Fixtures.temporaryDirectory("persona-base")
        for name in ["GameConfig.plist", "DefaultGameParameters.plist"] {
            try FileManager.default.copyItem(at: Fixtures.shippedDesign.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let players = DesignFixtures.plist("""
            <dict>
                <key>defaultTeam</key>
                <array><string>hesitant</string><string>hesitant</string><string>hesitant</string></array>
                <key>personas</key>
                <dict>
                    <key>hesitant</key>
                    <dict>
                        <key>base</key><string>\(base)</string>
                        <key>findSeconds</key><real>5</real>
                    </dict>
                </dict>
            </dict>
            """)
        try Data(players.utf8).write(to: directory.appendingPathComponent("Players.plist"))
        return directory
    }

    @Test("a persona extending a shipped one checks clean and plays")
    func extendsShipped() throws {
        let directory = try design(base: "casual")
        let check = try CommandRunner.playbench(["check", directory.path, "--samples", "0"])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(!check.standardOutput.contains("error"))
        let simulate = try CommandRunner.playbench(["simulate", directory.path, "--games", "4", "--max-rounds", "2"])
        #expect(simulate.status == 0, "\(simulate.standardError)")
        #expect(simulate.standardOutput.contains("hesitant"))
    }

    @Test("an unknown base fails check with the file, the persona's key path and a suggestion")
    func unknownBase() throws {
        let directory = try design(base: "casul")
        let check = try CommandRunner.playbench(["check", directory.path, "--samples", "0"])
        #expect(check.status == 1)
        let line = try #require(check.standardOutput.split(separator: "\n").first { $0.contains("unknown base persona") })
        #expect(line.hasPrefix(directory.appendingPathComponent("Players.plist").path + ":11:"), "\(line)")  // line 11: after the 3 header lines, the 8th of the body
        #expect(line.contains("personas.hesitant.base"))
        #expect(line.contains("did you mean \"casual\"?"))
    }
}
