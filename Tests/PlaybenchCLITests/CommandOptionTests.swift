import Foundation
@testable import PlaybenchCLI
import TestSupport
import Testing

/// The options several commands take are declared once, in a group of their own (Files/), with
/// one bound and one refusal: no command file spells an option another spells (issue 41).
@Suite struct CommandOptionTests {
    static let commands = Fixtures.packageRoot.appendingPathComponent("Sources/PlaybenchCLI/Commands")

    /// The options a file spells where a string starts ("--lineup: …", `customLong("lineup")`):
    /// a declaration, a check or a refusal. Prose in the middle of a discussion does not count.
    static func spelled(in text: String) -> Set<String> {
        var names: Set<String> = []
        for pattern in [#""--([a-z][a-z-]*)"#, #"customLong\("([a-z][a-z-]*)"#] {
            let regex = try! Regex(pattern)
            for match in text.matches(of: regex) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    @Test func noOptionIsSpelledInTwoCommandFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.commands.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 13)
        // A command's extensions in files of its own (TuneCommand+Spec.swift) are that command.
        var spellers: [String: Set<String>] = [:]
        for file in files.sorted() {
            let text = try String(contentsOf: Self.commands.appendingPathComponent(file), encoding: .utf8)
            let command = String(file.prefix { $0 != "+" && $0 != "." })
            for name in Self.spelled(in: text) { spellers[name, default: []].insert(command) }
        }
        #expect(spellers.count >= 20, "the scan finds the commands' own options: \(spellers.keys.sorted())")
        for (name, commands) in spellers where commands.count > 1 {
            Issue.record("--\(name) is spelled in \(commands.sorted().joined(separator: ", ")): give it a group in Files/ that each takes")
        }
    }

    @Test func theScanSeesADeclarationAndARefusalButNotProse() {
        let text = """
            @Option(name: .customLong("lineup")) var name: String?
            throw ValidationError("--confidence must be between 0.5 and 1")
            discussion: "and --resume continues it"
            """
        #expect(Self.spelled(in: text) == ["lineup", "confidence"])
    }

    static let turnTracker = Fixtures.designs.appendingPathComponent("turn-tracker").path

    /// Each command that answers lineup by lineup refuses a name the design does not play the
    /// same way, with the names it plays and the nearest one, before any game.
    @Test(arguments: [
        ["sensitivity", turnTracker, "--games", "20"],
        ["tune", turnTracker, "--param", "players", "--range", "2...4", "--target", "sessionMinutes=50"],
        ["diff", turnTracker, turnTracker, "--games", "20"],
    ])
    func anUnplayedLineupIsRefusedWithTheNearestName(arguments: [String]) throws {
        let result = try CommandRunner.playbench(arguments + ["--lineup", "Carcasonne: 2 × steady"])
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.contains("--lineup: name one of \""), "\(result.standardError)")
        #expect(result.standardError.contains("(did you mean \"Carcassonne: 2 × steady\"?)"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test(arguments: [
        ["diff", turnTracker, turnTracker], ["sensitivity"], ["sweep", "--set", "players=2...3"],
        ["tune", "--param", "dailyExpense", "--target", "meanRounds=3"],
    ])
    func confidenceIsBoundTheSameEverywhere(command: [String]) throws {
        let result = try CommandRunner.playbench(command + ["--confidence", "1.5"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--confidence must be between 0.5 and 1, e.g. 0.95"), "\(result.standardError)")
    }

    @Test(arguments: ["calibrate", "sweep", "tune"])
    func resumeIsOneFlag(command: String) throws {
        let help = try CommandRunner.playbench([command, "--help"])
        #expect(help.standardOutput.contains("--resume"))
        #expect(help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .contains("Continue the job in --output-dir: play only what it does not have yet"))
    }
}
