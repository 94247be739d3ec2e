import Foundation
import Testing

/// The modules every game shares must know none: no import of a game's module, no game's name in
/// their code. (Package.swift lists which modules are which.)
@Suite struct SharedModuleTests {
    static let shared = ["Diagnostics", "PropertyList", "Expressions", "Randomness", "MonteCarlo", "ReportKit"]
    static let gameModules = [
        "Relentless", "Generation", "Simulation", "SimulationRuns", "Balance", "Reporting", "Andora", "AndoraRuns", "AndoraReports",
        "PlaybenchCLI",
    ]
    /// Words that name a game or its things; a comment may still say "game".
    static let gameWords = ["Relentless", "Andora", "persona", "catalogue", "mini-field", "miniField", "satisfaction"]

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    static func files(of module: String) -> [(name: String, text: String)] {
        let directory = sources.appendingPathComponent(module)
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.compactMap { url in
            (try? String(contentsOf: url, encoding: .utf8)).map { (url.path.replacingOccurrences(of: sources.path + "/", with: ""), $0) }
        }
    }

    @Test(arguments: shared)
    func importsNoGameModule(module: String) {
        let files = Self.files(of: module)
        #expect(!files.isEmpty, "no sources found for \(module)")
        for (name, text) in files {
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.contains(" import ") {
                let imported = line.split(separator: " ").last.map(String.init) ?? ""
                #expect(!Self.gameModules.contains(imported), "\(name) imports \(imported)")
            }
        }
    }

    @Test(arguments: shared)
    func namesNoGame(module: String) {
        for (name, text) in Self.files(of: module) {
            for word in Self.gameWords where text.localizedCaseInsensitiveContains(word) {
                Issue.record("\(name) mentions \"\(word)\"")
            }
        }
    }

    @Test func theCheckSeesAViolation() {
        // The scan itself works: a game module's sources do mention their game.
        #expect(Self.files(of: "Andora").contains { $0.text.contains("mini-field") })
        #expect(Self.files(of: "Simulation").contains { $0.text.contains("import Relentless") })
    }
}
