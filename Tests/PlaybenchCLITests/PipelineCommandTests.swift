import Foundation
import TestSupport
import Testing

@Suite("A design's Pipeline.plist on the command line")
struct PipelineCommandTests {
    /// The valid fixture for three players (so it is solvable), with probOfSelectingOwnItem set.
    func design(pipeline: String?) throws -> URL {
        let directory = try Fixtures.temporaryDirectory("pipeline")
        let parameters = DesignFixtures.threePlayerParameters
            .replacingOccurrences(of: "\n</dict>", with: "\n    <key>probOfSelectingOwnItem</key><real>0.5</real>\n</dict>")
        let catalogue = DesignFixtures.threeRhythmSirenCatalogue
        try Data(catalogue.utf8).write(to: directory.appendingPathComponent("GameConfig.plist"))
        try Data(parameters.utf8).write(to: directory.appendingPathComponent("DefaultGameParameters.plist"))
        if let pipeline {
            try Data(DesignFixtures.plist(pipeline).utf8).write(to: directory.appendingPathComponent("Pipeline.plist"))
        }
        return directory
    }

    @Test("C8: probOfSelectingOwnItem warns without an own-item pipeline and not with one")
    func ownItemGivesTheKeyAnEffect() throws {
        let plain = try CommandRunner.playbench(["check", try design(pipeline: nil).path, "--samples", "5"])
        #expect(plain.status == 0, "\(plain.standardOutput)")
        #expect(plain.standardOutput.contains("probOfSelectingOwnItem: set, but no rule of the game uses it"))
        let ownItem = try CommandRunner.playbench(
            ["check", try design(pipeline: "<dict><key>orders</key><string>own-item</string></dict>").path, "--samples", "5"])
        #expect(ownItem.status == 0, "\(ownItem.standardOutput)")
        #expect(!ownItem.standardOutput.contains("warning"))
    }

    @Test("generate uses the design's pipeline unless an option overrides it")
    func generateFollowsTheDesign() throws {
        let directory = try design(pipeline: "<dict><key>orders</key><string>own-item</string></dict>")
        let fromDesign = try CommandRunner.playbench(["generate", directory.path, "--seed", "4"])
        #expect(fromDesign.status == 0)
        #expect(fromDesign.standardOutput.contains("own-item(attemptsPerOrder"))
        let overridden = try CommandRunner.playbench(["generate", directory.path, "--seed", "4", "--orders", "uniform"])
        #expect(overridden.status == 0)
        #expect(!overridden.standardOutput.contains("own-item("))
        #expect(overridden.standardOutput.contains("--orders uniform"))
    }

    @Test("a broken Pipeline.plist fails check with a located error")
    func brokenPipeline() throws {
        let result = try CommandRunner.playbench(
            ["check", try design(pipeline: "<dict><key>orders</key><string>random</string></dict>").path, "--samples", "0"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("Pipeline.plist:4:"))
        #expect(result.standardOutput.contains("unknown command \"random\""))
    }
}
