import Foundation
import GameSeam
@testable import PlaybenchCLI
import TestSupport
import Testing

/// The options of the commands that play are declared once, by the games that take them
/// (`GameDefinition.playOptions`), and offered once on the command line (GameOptionGroups.swift):
/// no command spells one, help is the declaration's, and a value outside it is refused before
/// any game is played (issue 41).
@Suite struct GameOptionDeclarationTests {
    static let commands = Fixtures.packageRoot.appendingPathComponent("Sources/PlaybenchCLI/Commands")
    static let groups = Fixtures.packageRoot.appendingPathComponent("Sources/PlaybenchCLI/Files/GameOptionGroups.swift")

    /// Every play option of every shipped game, by name.
    static var declared: [String: [GameOption]] {
        Dictionary(grouping: GameRegistry.active.games.flatMap(\.playOptions), by: \.name)
    }

    @Test func everyDeclaredOptionHasOneGroupAndEveryGroupADeclaration() throws {
        let text = try String(contentsOf: Self.groups, encoding: .utf8)
        let names = text.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "static let name = \"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        #expect(names.count == Set(names).count, "a group declared twice: \(names)")
        #expect(Set(names) == Set(Self.declared.keys), "groups \(names.sorted()), declarations \(Self.declared.keys.sorted())")
    }

    @Test func noCommandSpellsTheNameOfAPlayOption() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.commands.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 13)
        for file in files {
            let text = try String(contentsOf: Self.commands.appendingPathComponent(file), encoding: .utf8)
            for name in Self.declared.keys where text.contains("\"\(name)\"") {
                Issue.record("\(file) spells \"\(name)\": take its group (GameOptionGroups.swift) and its name from there")
            }
        }
    }

    @Test func helpIsTheDeclarations() throws {
        var helps = ""
        for command in ["simulate", "report", "gate", "diff", "sweep", "tune", "sensitivity"] {
            let help = try CommandRunner.playbench([command, "--help"])
            #expect(help.status == 0)
            helps += help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ") + "\n"
        }
        for (name, options) in Self.declared {
            for option in options {
                let words = option.help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(helps.contains(words), "--\(name): \(words)")
            }
        }
        #expect(helps.contains("--max-rounds <max-rounds> Relentless: Stop a game that is still solvent after this many rounds. (default: 30)"))
    }

    @Test(arguments: [
        (["simulate", "--max-rounds", "0"], "--max-rounds takes a whole number in 1...10000, not 0"),
        (["simulate", "--players", "0"], "--players takes a whole number in 1...1000, not 0"),
        (["tune", "--param", "dailyExpense", "--target", "meanRounds=3", "--coefficient", "0"], "--coefficient takes a whole number in 1...10000, not 0"),
        (["report", "--timeline", "3"], "Unknown option '--timeline'"),
    ])
    func aValueOutsideTheDeclarationIsAUsageErrorBeforeAnyGame(arguments: [String], message: String) throws {
        let result = try CommandRunner.playbench(arguments)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func anOptionOfAnotherGameIsRefusedByTheDeclarationsName() throws {
        let andora = Fixtures.designs.appendingPathComponent("andora").path
        let result = try CommandRunner.playbench(["simulate", andora, "--max-rounds", "5"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--max-rounds is an option for Relentless designs"), "\(result.standardError)")
        let relentless = try CommandRunner.playbench(["simulate", "--agents", "random"])
        #expect(relentless.status == 64)
        #expect(relentless.standardError.contains("--agents is an option for Andora designs"), "\(relentless.standardError)")
    }
}
