import Foundation
import Testing

/// The commands serve every game through the seam (GameSeam's `GameDefinition` and the registry,
/// issue 17): no file of the command-line module imports a game's module but the registry's
/// (`Games/ShippedGames.swift`), and no command names a game, so a new game needs no branch in them.
@Suite struct SeamCommandTests {
    static let module = SharedModuleTests.sources.appendingPathComponent("PlaybenchCLI")
    static let commands = module.appendingPathComponent("Commands")
    static let registry = "Games/ShippedGames.swift"

    /// Every Swift file under `directory`, by its path below `module`.
    static func files(under directory: URL) throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .map { String($0.standardizedFileURL.path.dropFirst(module.standardizedFileURL.path.count + 1)) }.sorted()
    }

    static var everyCommand: [String] { (try? files(under: commands)) ?? [] }

    @Test func everyCommandIsFound() throws {
        // The scan below reads the commands: it must find them all.
        #expect(Self.everyCommand.count >= 13, "\(Self.everyCommand)")
        #expect(Self.everyCommand.contains("Commands/SweepCommand.swift"))
    }

    @Test(arguments: everyCommand)
    func namesNoGame(file: String) throws {
        let text = try String(contentsOf: Self.module.appendingPathComponent(file), encoding: .utf8)
        for game in SharedModuleTests.gameModules.keys where text.contains(game) {
            Issue.record("\(file) names \(game)")
        }
    }

    @Test func onlyTheRegistryImportsAGame() throws {
        for file in try Self.files(under: Self.module) where file != Self.registry {
            let text = try String(contentsOf: Self.module.appendingPathComponent(file), encoding: .utf8)
            for imported in SharedModuleTests.imports(in: text) where SharedModuleTests.allGameModules.contains(imported) {
                Issue.record("\(file) imports \(imported), a game's module")
            }
        }
    }

    @Test func theCheckSeesAnImport() throws {
        // The registry does import the games: the scan sees imports.
        let text = try String(contentsOf: Self.module.appendingPathComponent(Self.registry), encoding: .utf8)
        #expect(SharedModuleTests.imports(in: text).contains { SharedModuleTests.allGameModules.contains($0) })
    }
}
