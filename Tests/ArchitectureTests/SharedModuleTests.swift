import Foundation
import Testing

/// The layout says which modules are shared and which belong to a game, and the shared ones must
/// know no game: no import of a game's module, no game's name in their code.
///
/// Sources/<Module> is the shared engine (besides the commands, PlaybenchCLI and playbench);
/// Sources/Games/<Game>/<Module> belongs to one game and is named for it. Both lists are read from
/// the file system, so a module added anywhere is checked without editing this file.
@Suite struct SharedModuleTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    static let games = sources.appendingPathComponent("Games")

    /// The registry of shipped games, the commands and the executable: not shared, not one game's.
    /// Only the registry imports games (issue 41; SeamCommandTests).
    static let tool: Set<String> = ["ShippedGames", "PlaybenchCLI", "playbench"]

    static func directories(in url: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    static let shared = directories(in: sources).filter { $0 != "Games" && !tool.contains($0) }
    /// Game name → its modules.
    static let gameModules: [String: [String]] = Dictionary(
        uniqueKeysWithValues: directories(in: games).map { ($0, directories(in: games.appendingPathComponent($0))) })
    static let allGameModules = Set(gameModules.values.joined())

    /// Words that name a game or its things; a comment may still say "game".
    static let gameWords = ["Relentless", "Andora", "persona", "catalogue", "mini-field", "miniField", "satisfaction"]

    static func directory(of module: String) -> URL {
        for (game, modules) in gameModules where modules.contains(module) {
            return games.appendingPathComponent(game).appendingPathComponent(module)
        }
        return sources.appendingPathComponent(module)
    }

    static func files(of module: String) -> [(name: String, text: String)] {
        guard let walker = FileManager.default.enumerator(at: directory(of: module), includingPropertiesForKeys: nil) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.compactMap { url in
            (try? String(contentsOf: url, encoding: .utf8)).map { (url.path.replacingOccurrences(of: sources.path + "/", with: ""), $0) }
        }
    }

    static func imports(in text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.contains(" import ") }
            .compactMap { $0.split(separator: " ").last.map(String.init) }
    }

    @Test func theLayoutIsFound() {
        // Without these the tests below would pass on an empty list.
        #expect(Self.shared.contains("MonteCarlo") && Self.shared.contains("PropertyList"))
        #expect(Self.gameModules["Relentless"]?.contains("RelentlessSimulation") == true)
        #expect(Self.gameModules["Andora"]?.contains("AndoraRuns") == true)
    }

    @Test(arguments: shared.filter { $0 != "CLibXML2" })
    func importsNoGameModule(module: String) {
        let files = Self.files(of: module)
        #expect(!files.isEmpty, "no sources found for \(module)")
        for (name, text) in files {
            for imported in Self.imports(in: text) where Self.allGameModules.contains(imported) || Self.tool.contains(imported) {
                Issue.record("\(name) imports \(imported)")
            }
        }
    }

    @Test(arguments: shared)
    func namesNoGame(module: String) {
        for (name, text) in Self.files(of: module) {
            for word in Self.gameWords + Array(Self.gameModules.keys) where text.localizedCaseInsensitiveContains(word) {
                Issue.record("\(name) mentions \"\(word)\"")
            }
        }
    }

    /// A game's modules are named for it, so `Sources/` and an import line say whose code it is.
    @Test func gameModulesAreNamedForTheirGame() {
        for (game, modules) in Self.gameModules {
            for module in modules where !module.hasPrefix(game) {
                Issue.record("Sources/Games/\(game)/\(module) is not named for \(game)")
            }
        }
    }

    /// One game's modules do not import another game's: each game is a group of its own.
    @Test func gamesImportNoOtherGame() {
        for (game, modules) in Self.gameModules {
            let others = Set(Self.gameModules.filter { $0.key != game }.values.joined())
            for module in modules {
                for (name, text) in Self.files(of: module) {
                    for imported in Self.imports(in: text) where others.contains(imported) {
                        Issue.record("\(name) imports \(imported), another game's module")
                    }
                }
            }
        }
    }

    @Test func theCheckSeesAViolation() {
        // The scan itself works: a game module's sources do mention their game.
        #expect(Self.files(of: "Andora").contains { $0.text.contains("mini-field") })
        #expect(Self.files(of: "RelentlessSimulation").contains { $0.text.contains("import Relentless") })
        #expect(Self.imports(in: "import Foundation\n@testable import RelentlessRuns\n") == ["Foundation", "RelentlessRuns"])
    }
}
