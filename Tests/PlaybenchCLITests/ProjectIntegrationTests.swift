import Foundation
import GameSeam
@testable import PlaybenchCLI
import TestSupport
import Testing

/// What the build plugin, the Action and the pre-commit hook ask of `check` (the DocC article
/// "In your project", Sources/PlaybenchCLI/Playbench.docc/Integrations.md): the staged files'
/// designs in one run, a stamp only when a design passes, the problems in a file of their own. The tools themselves run in .ci/run (Tests/Integrations).
@Suite("check for the project integrations")
struct ProjectIntegrationTests {
    /// The plugin fixture's design: one error (gem's images, C2) and one warning (spareBolt, C2).
    var fixtureDesign: URL {
        Fixtures.packageRoot.appendingPathComponent("Tests/Integrations/PluginFixture/Sources/MyGame/Design")
    }

    /// A copy of a design in a scratch directory, named `name`.
    func copy(_ design: URL, as name: String, into root: URL) throws -> URL {
        let target = root.appendingPathComponent(name)
        try FileManager.default.copyItem(at: design, to: target)
        return target
    }

    @Test("--design-files checks each file's design once, all in one output, and fails when one has errors")
    func designFiles() throws {
        let root = try Fixtures.temporaryDirectory("design-files")
        _ = try copy(fixtureDesign, as: "broken", into: root)
        _ = try copy(Fixtures.shippedDesign, as: "shipped", into: root)
        let result = try CommandRunner.playbench(
            ["check", "--quiet", "--design-files", "broken/GameConfig.plist", "shipped/Players.plist", "broken/DefaultGameParameters.plist", "shipped/GameConfig.plist"],
            directory: root)
        #expect(result.status == 1)
        let located = result.standardOutput.split(separator: "\n").filter { $0.contains(": error:") || $0.contains(": warning:") }
        // The broken design's two findings, once each (two of its files were named), none of the shipped design's.
        #expect(located.count == 2, "\(result.standardOutput)")
        #expect(located.allSatisfy { $0.hasPrefix("broken/GameConfig.plist:") })
        #expect(result.standardError.contains("broken has errors"))
        #expect(!result.standardError.contains("shipped"))
    }

    @Test("--design-files passes when every design passes, and names a file with no design beside it")
    func designFilesPassAndRefuse() throws {
        let root = try Fixtures.temporaryDirectory("design-files-pass")
        _ = try copy(Fixtures.shippedDesign, as: "a", into: root)
        _ = try copy(Fixtures.designs.appendingPathComponent("andora"), as: "b", into: root)
        let passing = try CommandRunner.playbench(["check", "--quiet", "--design-files", "a/GameConfig.plist", "b/Andora.plist"], directory: root)
        #expect(passing.status == 0, "\(passing.standardOutput)\(passing.standardError)")
        try Data("x".utf8).write(to: root.appendingPathComponent("notes.txt"))
        let stray = try CommandRunner.playbench(["check", "--design-files", "notes.txt"], directory: root)
        #expect(stray.status == 64)
        #expect(stray.standardError.contains("notes.txt: no design beside it"))
        let both = try CommandRunner.playbench(["check", "a", "--design-files", "a/GameConfig.plist"], directory: root)
        #expect(both.status == 64)
    }

    @Test("--build-stamp is written when the check passes, and not when it fails")
    func buildStamp() throws {
        let root = try Fixtures.temporaryDirectory("stamp")
        let passingStamp = root.appendingPathComponent("passed.swift")
        let passing = try CommandRunner.playbench(["check", Fixtures.shippedDesign.path, "--quiet", "--build-stamp", passingStamp.path])
        #expect(passing.status == 0)
        let text = try String(contentsOf: passingStamp, encoding: .utf8)
        // A Swift file of comments only, naming the design: the build compiles it to nothing.
        #expect(text.split(separator: "\n").allSatisfy { $0.hasPrefix("// ") })
        #expect(text.contains(Fixtures.shippedDesign.path))
        let failingStamp = root.appendingPathComponent("failed.swift")
        let failing = try CommandRunner.playbench(["check", fixtureDesign.path, "--quiet", "--build-stamp", failingStamp.path])
        #expect(failing.status == 1)
        #expect(!FileManager.default.fileExists(atPath: failingStamp.path))
    }

    @Test("--output takes the SARIF; annotations stay on standard output, never inside the SARIF")
    func sarifOutputWithAnnotations() throws {
        let root = try Fixtures.temporaryDirectory("sarif")
        let sarif = root.appendingPathComponent("check.sarif")
        let result = try CommandRunner.playbench(
            ["check", fixtureDesign.path, "--quiet", "--format", "sarif", "--output", sarif.path], environment: ["GITHUB_ACTIONS": "true"])
        #expect(result.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect(result.standardOutput.contains("::error file=\(fixtureDesign.path)/GameConfig.plist,line="))
        #expect(result.standardOutput.contains("::warning file="))
        // SARIF on standard output in a GitHub job: no workflow command breaks the document.
        let inline = try CommandRunner.playbench(["check", fixtureDesign.path, "--format", "sarif"], environment: ["GITHUB_ACTIONS": "true"])
        #expect(!inline.standardOutput.contains("::error"))
        #expect((try? JSONSerialization.jsonObject(with: Data(inline.standardOutput.utf8))) != nil)
    }

    @Test("the build plugin looks for the design files the registry's games are recognised by")
    func pluginKnowsEveryGame() throws {
        let source = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Plugins/PlaybenchPlugins/Plugins/PlaybenchCheckPlugin/PlaybenchCheckPlugin.swift"), encoding: .utf8)
        let line = try #require(source.split(separator: "\n").first { $0.contains("static let designFileNames") })
        let listed = Set(line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
        #expect(listed == Set(GameRegistry.active.games.map(\.designFileName)))
    }

    @Test("the pre-commit hook's files pattern takes every file a shipped design holds, and no other")
    func hookPatternCoversTheDesigns() throws {
        let hooks = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let line = try #require(hooks.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("files:") })
        let pattern = try Regex(String(line.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces))
        let designs = try FileManager.default.contentsOfDirectory(atPath: Fixtures.designs.path)
        for design in designs {
            for file in try FileManager.default.contentsOfDirectory(atPath: Fixtures.designs.appendingPathComponent(design).path) where file.hasSuffix(".plist") {
                #expect(("Designs/\(design)/\(file)").contains(pattern), "Designs/\(design)/\(file)")
            }
        }
        #expect(!"Designs/relentless/README.md".contains(pattern))
        #expect(!"App/Info.plist".contains(pattern))
    }
}
