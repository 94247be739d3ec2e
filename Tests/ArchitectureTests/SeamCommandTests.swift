import Foundation
import Testing

/// The commands serve every game through the seam (GameSeam's `GameDefinition` and the registry,
/// issue 17): the command-line module imports no game's module (the ShippedGames module registers
/// them), and no command names a game, so a new game needs no branch in them.
@Suite struct SeamCommandTests {
    static let module = SharedModuleTests.sources.appendingPathComponent("PlaybenchCLI")
    static let commands = module.appendingPathComponent("Commands")

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

    /// PlaybenchCLI's imports, every file's (the toolchain's own modules aside).
    static func moduleImports() throws -> Set<String> {
        let system: Set<String> = ["Foundation", "FoundationEssentials", "Synchronization", "Dispatch", "Glibc", "Darwin", "Musl"]
        var found = Set<String>()
        for file in try files(under: module) {
            let text = try String(contentsOf: module.appendingPathComponent(file), encoding: .utf8)
            found.formUnion(SharedModuleTests.imports(in: text).filter { !system.contains($0) })
        }
        return found
    }

    /// The dependencies Package.swift declares for a target: its quoted target names and the
    /// names of its products.
    static func declaredDependencies(of target: String, in manifest: String) throws -> Set<String> {
        // The target's, not the product's of the same name: its name followed by its dependencies.
        let open = try #require(manifest.range(of: "name: \"\(target)\",\\s*dependencies: \\[", options: .regularExpression))
        let rest = manifest[open.lowerBound...]
        var depth = 1, index = open.upperBound
        while depth > 0, index < rest.endIndex {
            if rest[index] == "[" { depth += 1 } else if rest[index] == "]" { depth -= 1 }
            index = rest.index(after: index)
        }
        // A product's package is not a module: `.product(name: "X", package: "p")` names X.
        let list = String(rest[open.upperBound..<index]).replacing(/package:\s*"[^"]*"/, with: "")
        var names = Set<String>()
        for match in list.matches(of: /"([A-Za-z0-9_]+)"/) { names.insert(String(match.output.1)) }
        return names
    }

    /// The build holds the boundary, not only this scan: PlaybenchCLI declares exactly the modules
    /// it imports (the shared ones, ArgumentParser, and ShippedGames), so a command that imports a
    /// game's module does not compile (issue 41).
    @Test func theCommandsDeclareWhatTheyImport() throws {
        let manifest = try String(contentsOf: SharedModuleTests.sources.deletingLastPathComponent().appendingPathComponent("Package.swift"), encoding: .utf8)
        let declared = try Self.declaredDependencies(of: "PlaybenchCLI", in: manifest)
        let imported = try Self.moduleImports()
        #expect(declared == imported, "declared but not imported: \(declared.subtracting(imported).sorted()); imported but not declared: \(imported.subtracting(declared).sorted())")
        #expect(declared.isDisjoint(with: SharedModuleTests.allGameModules))
        // The parse reads what it should: the product and a target.
        #expect(declared.contains("ArgumentParser") && declared.contains("GameSeam"))
    }

    @Test func noCommandFileImportsAGame() throws {
        for file in try Self.files(under: Self.module) {
            let text = try String(contentsOf: Self.module.appendingPathComponent(file), encoding: .utf8)
            for imported in SharedModuleTests.imports(in: text) where SharedModuleTests.allGameModules.contains(imported) {
                Issue.record("\(file) imports \(imported), a game's module")
            }
        }
    }

    @Test func theCheckSeesAnImport() throws {
        // The registry does import the games: the scan sees imports.
        let registry = SharedModuleTests.files(of: "ShippedGames")
        #expect(registry.contains { SharedModuleTests.imports(in: $0.text).contains { SharedModuleTests.allGameModules.contains($0) } })
    }
}
