import ArgumentParser
import Foundation
import GameSeam
@testable import PlaybenchCLI
import TestSupport
import Testing

/// A command makes the design it names once: `validate()` makes it (finding its game probes the
/// directory for every game's design file) and `run()` plays that value (issue 41: it used to
/// be made in both, GameConfig.plist probed three times).
@Suite struct ChosenDesignTests {
    static let andora = Fixtures.designs.appendingPathComponent("andora").path
    static let relentless = Fixtures.designs.appendingPathComponent("relentless").path
    static let harsher = Fixtures.designs.appendingPathComponent("harsher").path

    /// The designs a command holds, made or not.
    static func chosen(_ command: ParsableCommand) -> [ChosenDesign] {
        Mirror(reflecting: command).children.compactMap { $0.value as? ChosenDesign }
    }

    @Test(arguments: [
        ["simulate", andora], ["report", andora], ["gate", andora], ["sweep", andora, "--set", "playouts=10,20"],
        ["tune", andora, "--param", "playouts", "--target", "firstAgentScore=0.5"], ["sensitivity", andora],
        ["diff", relentless, harsher], ["check", relentless], ["generate", relentless], ["params", relentless],
        ["calibrate", relentless, "--log-template"],
    ])
    func validationMakesTheDesignRunPlays(arguments: [String]) throws {
        let command = try Playbench.parseAsRoot(arguments)
        let designs = Self.chosen(command)
        #expect(!designs.isEmpty, "\(arguments[0]) holds no ChosenDesign")
        for design in designs {
            #expect(design.value != nil, "\(arguments[0]) did not make its design in validate()")
        }
        #expect(designs.first?.value?.directory == arguments[1])
    }

    /// No command makes a design of its own beside the one it chose, but check's
    /// --design-files, which makes one a directory.
    @Test func noCommandMakesADesignOfItsOwn() throws {
        let commands = Fixtures.packageRoot.appendingPathComponent("Sources/PlaybenchCLI/Commands")
        var makers: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: commands.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: commands.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n").filter { $0.contains("DesignDirectory(") && !$0.contains("chosen.value ?? DesignDirectory(") }
            makers += lines.map { "\(file): \($0.trimmingCharacters(in: .whitespaces))" }
        }
        #expect(makers == ["CheckCommand.swift: let design = DesignDirectory(folder)"], "\(makers)")
    }

    @Test func aDesignIsMadeOnceFromItsNames() {
        var chosen = ChosenDesign()
        let first = chosen.design(Self.andora)
        let second = chosen.design(Self.relentless)
        #expect(first.game.name == "Andora")
        #expect(second.directory == Self.andora, "the second ask is answered with the design made first")
    }
}
