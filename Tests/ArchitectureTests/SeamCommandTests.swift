import Foundation
import Testing

/// Commands that serve every game through the seam (GameSeam's `GameDefinition` and the registry,
/// issue 17) import no game's module and name no game: a new game needs no branch in them.
///
/// The list grows as commands move onto the seam; once it holds every command it becomes "every
/// file in Sources/PlaybenchCLI/Commands".
@Suite struct SeamCommandTests {
    static let seamCommands = ["CheckCommand.swift", "GenerateCommand.swift", "SimulateCommand.swift", "ReportCommand.swift", "GateCommand.swift", "TuneCommand.swift", "SensitivityCommand.swift", "DiffCommand.swift", "SweepCommand.swift"]
    static let commands = SharedModuleTests.sources.appendingPathComponent("PlaybenchCLI/Commands")

    @Test(arguments: seamCommands)
    func importsNoGameAndNamesNone(file: String) throws {
        let text = try String(contentsOf: Self.commands.appendingPathComponent(file), encoding: .utf8)
        for imported in SharedModuleTests.imports(in: text) where SharedModuleTests.allGameModules.contains(imported) {
            Issue.record("\(file) imports \(imported), a game's module")
        }
        for game in SharedModuleTests.gameModules.keys where text.contains(game) {
            Issue.record("\(file) names \(game)")
        }
    }

    @Test func theCheckSeesABranch() throws {
        // A command not yet on the seam does import a game's module: the scan sees imports.
        let text = try String(contentsOf: Self.commands.appendingPathComponent("ParamsCommand.swift"), encoding: .utf8)
        #expect(SharedModuleTests.imports(in: text).contains { SharedModuleTests.allGameModules.contains($0) })
    }
}
