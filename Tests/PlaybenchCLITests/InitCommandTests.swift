import Foundation
import PropertyList
import TestSupport
import Testing

/// `playbench init DIR`: a starter design that check accepts and simulate plays, written whole
/// into a new or empty directory and never over a design.
@Suite("init writes a starter design that checks clean and plays")
struct InitCommandTests {
    static let names = ["Balance.plist", "DefaultGameParameters.plist", "GameConfig.plist", "Players.plist"]

    /// A path inside a fresh temporary directory, not yet created.
    func newDirectory() throws -> URL {
        try Fixtures.temporaryDirectory("init").appendingPathComponent("mine")
    }

    func dictionary(_ url: URL) throws -> PlistDictionary {
        try #require(try PlistReader.read(bytes: try Fixtures.bytes(url)).value.dictionary)
    }

    @Test("init, then check: exit 0 with no error and no warning (every key of the four files is one the readers know)")
    func checksClean() throws {
        let directory = try newDirectory()
        let result = try CommandRunner.playbench(["init", directory.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == Self.names)
        // Nothing left beside it: no temporary directory, no lock file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.deletingLastPathComponent().path) == ["mine"])

        let check = try CommandRunner.playbench(["check", directory.path])
        #expect(check.status == 0, "\(check.standardOutput)")
        #expect(!check.standardOutput.contains("error:"), "\(check.standardOutput)")
        #expect(!check.standardOutput.contains("warning:"), "\(check.standardOutput)")
        #expect(check.standardOutput.contains("(3 stateful, 1 titled, 1 rhythmic, 3 assembled)"))
    }

    @Test("the starter design's own files (RelentlessStarter/Design) check clean, and init writes them byte for byte")
    func theResourcesAreTheDesign() throws {
        let source = Fixtures.packageRoot.appendingPathComponent("Sources/Games/Relentless/RelentlessStarter/Design")
        #expect(try FileManager.default.contentsOfDirectory(atPath: source.path).sorted() == Self.names)
        let check = try CommandRunner.playbench(["check", source.path, "--samples", "20"])
        #expect(check.status == 0, "\(check.standardOutput)")
        #expect(!check.standardOutput.contains("error:") && !check.standardOutput.contains("warning:"), "\(check.standardOutput)")
        let directory = try newDirectory()
        #expect(try CommandRunner.playbench(["init", directory.path]).status == 0)
        for name in Self.names {
            #expect(try Fixtures.bytes(directory.appendingPathComponent(name)) == Fixtures.bytes(source.appendingPathComponent(name)), "\(name)")
        }
    }

    @Test("check reads every file init writes: an unknown key added to any of them is reported")
    func everyFileIsRead() throws {
        for name in Self.names {
            let directory = try newDirectory()
            #expect(try CommandRunner.playbench(["init", directory.path]).status == 0)
            let url = directory.appendingPathComponent(name)
            let text = try String(contentsOf: url, encoding: .utf8)
            // The root dictionary's first key, preceded by one the readers do not know.
            let range = try #require(text.range(of: "<dict>\n"))
            try Data(text.replacingCharacters(in: range, with: "<dict>\n<key>notAKey</key><integer>1</integer>\n").utf8).write(to: url)
            let check = try CommandRunner.playbench(["check", directory.path, "--samples", "0"])
            #expect(check.standardOutput.contains("\(name):") && check.standardOutput.contains("notAKey"), "\(name): \(check.standardOutput)")
        }
    }

    @Test("simulate plays the starter design with its own default team")
    func simulates() throws {
        let directory = try newDirectory()
        #expect(try CommandRunner.playbench(["init", directory.path]).status == 0)
        let result = try CommandRunner.playbench(["simulate", directory.path, "--games", "20", "--max-rounds", "3"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("team regular, regular, hurried"))
        let rounds = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("    1 ") || $0.hasPrefix("    2 ") || $0.hasPrefix("    3 ") }
        #expect(rounds.count == 3, "\(result.standardOutput)")
        // The persona extending a shipped one plays too.
        let patient = try CommandRunner.playbench(["simulate", directory.path, "--team", "patient,patient,patient", "--games", "5", "--max-rounds", "2"])
        #expect(patient.status == 0, "\(patient.standardError)")
    }

    @Test("the catalogue has every kind of item, an assembled item nested two levels; parameters use diffLevel; files are commented with rule ids")
    func whatItShows() throws {
        let directory = try newDirectory()
        #expect(try CommandRunner.playbench(["init", directory.path]).status == 0)
        let catalogue = try dictionary(directory.appendingPathComponent("GameConfig.plist"))
        var assembled: [String: [String]] = [:]
        for kind in ["statefulItems", "titledItems", "rhythmicItems", "assembledItems"] {
            let categories = try #require(catalogue[kind]?.value.array)
            #expect(!categories.isEmpty, "\(kind) is empty")
            if kind == "assembledItems" {
                for category in categories {
                    let d = try #require(category.value.dictionary)
                    assembled[try #require(d["category"]?.value.string)] = try #require(d["parts"]?.value.array).compactMap(\.value.string)
                }
            }
        }
        // Nested two levels: an assembled category with an assembled part that has an assembled
        // part of its own (parade > lampCart > cart).
        func assembledParts(_ name: String) -> [String] { (assembled[name] ?? []).filter { assembled[$0] != nil } }
        #expect(assembled.keys.contains { outer in assembledParts(outer).contains { !assembledParts($0).isEmpty } }, "\(assembled)")

        let parameters = try dictionary(directory.appendingPathComponent("DefaultGameParameters.plist"))
        #expect(parameters.pairs.filter { $0.value.value.string?.contains("diffLevel") == true }.count >= 3)

        let players = try dictionary(directory.appendingPathComponent("Players.plist"))
        let personas = try #require(players["personas"]?.value.dictionary)
        #expect(personas.pairs.contains { $0.value.value.dictionary?["base"] != nil })

        for name in Self.names {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            #expect(text.contains("<!--"), "\(name) has no comment")
            #expect(text.range(of: #"\b[CGPM][1-8]\b"#, options: .regularExpression) != nil, "\(name) cites no rule")
        }
    }

    @Test("an empty directory is filled; a non-empty one or a file is refused with exit 73 and left as it was")
    func refusesExisting() throws {
        let empty = try Fixtures.temporaryDirectory("init-empty")
        #expect(try CommandRunner.playbench(["init", empty.path]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).sorted() == Self.names)

        let full = try Fixtures.temporaryDirectory("init-full")
        try Data("mine\n".utf8).write(to: full.appendingPathComponent("notes.txt"))
        let refused = try CommandRunner.playbench(["init", full.path])
        #expect(refused.status == 73)
        #expect(refused.standardError.contains("is not empty (notes.txt)"), "\(refused.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: full.path) == ["notes.txt"])

        // Again over what init itself wrote: a design is never overwritten.
        let again = try CommandRunner.playbench(["init", empty.path])
        #expect(again.status == 73)

        let file = full.appendingPathComponent("notes.txt")
        let notADirectory = try CommandRunner.playbench(["init", file.path])
        #expect(notADirectory.status == 73)
        #expect(notADirectory.standardError.contains("not a directory"))
        #expect(try String(contentsOf: file, encoding: .utf8) == "mine\n")
    }

    @Test("the starter's gate fails a design whose every game is lost eventually, though its teams survive the first ten rounds (issue 39, M2)")
    func starterGateCatchesCertainRuin() throws {
        let directory = try newDirectory()
        #expect(try CommandRunner.playbench(["init", directory.path]).status == 0)
        func edit(_ name: String, _ old: String, _ new: String) throws {
            let url = directory.appendingPathComponent(name)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains(old), "\(name) holds \(old)")
            try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
        }
        // Fewer games than the starter's (a debug build); the same targets.
        try edit("Balance.plist", "<key>maxGames</key>\n\t<integer>3200</integer>", "<key>maxGames</key>\n\t<integer>400</integer>")
        let starter = try CommandRunner.playbench(["gate", directory.path])
        #expect(starter.status == 0, "\(starter.standardOutput)")
        // Expenses that grow forty-fold with the difficulty: cheap early, ruinous at the top.
        try edit("DefaultGameParameters.plist", "<string>30 + 2 * diffLevel</string>", "<string>30 + 40 * diffLevel</string>")
        let doomed = try CommandRunner.playbench(["gate", directory.path])
        #expect(doomed.status == 1, "\(doomed.standardOutput)")
        let lines = doomed.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  met") && $0.hasSuffix("the default team survives the first ten rounds") }, "\(doomed.standardOutput)")
        #expect(lines.contains { $0.hasPrefix("  MISSED") && $0.hasSuffix("the default team rarely goes broke, however long it plays") }, "\(doomed.standardOutput)")
    }

    @Test("--help names the files, the refusal and its exit code")
    func help() throws {
        let result = try CommandRunner.playbench(["init", "--help"])
        #expect(result.status == 0)
        for needle in ["GameConfig.plist", "DefaultGameParameters.plist", "Players.plist", "Balance.plist", "empty directory", "73"] {
            #expect(result.standardOutput.contains(needle), "\(needle)")
        }
    }
}
