import Foundation
@testable import RelentlessGeneration
import Relentless
import TestSupport
import Testing

@Suite("playbench generate")
struct GenerateCommandTests {
    func designDirectory(catalogue: String = DesignFixtures.validCatalogue) throws -> URL {
        let directory = try Fixtures.temporaryDirectory("generate")
        try Data(catalogue.utf8).write(to: directory.appendingPathComponent("GameConfig.plist"))
        try Data(DesignFixtures.validParameters.utf8).write(to: directory.appendingPathComponent("DefaultGameParameters.plist"))
        return directory
    }

    @Test("the same arguments print the same round, byte for byte, in every format")
    func reproducible() throws {
        for format in ["text", "json", "plist"] {
            let arguments = ["generate", "--players", "6", "--difficulty", "10", "--seed", "42", "--format", format]
            let first = try CommandRunner.playbench(arguments)
            let second = try CommandRunner.playbench(arguments)
            #expect(first.status == 0, "\(first.standardError)")
            #expect(!first.standardOutput.isEmpty && first.standardOutput == second.standardOutput, "\(format)")
        }
        let other = try CommandRunner.playbench(["generate", "--players", "6", "--difficulty", "10", "--seed", "43"])
        let text = try CommandRunner.playbench(["generate", "--players", "6", "--difficulty", "10", "--seed", "42"])
        #expect(other.standardOutput != text.standardOutput)
    }

    @Test("text shows categories, warehouses, orders by house, the package limit, the pipeline and the reproduce line")
    func text() throws {
        let result = try CommandRunner.playbench(["generate", "--players", "4", "--difficulty", "6", "--seed", "7", "--orders", "own-item"])
        #expect(result.status == 0)
        let out = result.standardOutput
        for needle in ["categories (G1)", "player 4", "  warehouse (", "house 1 (factor ", "package limit (G8):", "pipeline:",
                       "own-item(attemptsPerOrder: 64)", "probOfSelectingOwnItem = ",
                       "reproduce: playbench generate --players 4 --difficulty 6 --seed 7 --orders own-item"] {
            #expect(out.contains(needle), "missing \(needle)")
        }
    }

    @Test("json parses and has the round's shape; plist comes from our writer")
    func tools() throws {
        let result = try CommandRunner.playbench(["generate", "--players", "5", "--difficulty", "9", "--seed", "3", "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["seed"] as? Int == 3)
        let team = try #require(object["team"] as? [[String: Any]])
        #expect(team.count == 5)
        #expect((object["pipeline"] as? [[String: Any]])?.count == 7)
        #expect(object.keys.contains("packageLimit"))
        #expect(object["reproduce"] as? String == "playbench generate --players 5 --difficulty 9 --seed 3")
        let plist = try CommandRunner.playbench(["generate", "--format", "plist"])
        #expect(plist.status == 0)
        #expect(plist.standardOutput.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
        #expect(plist.standardOutput.contains("<key>team</key>"))
    }

    @Test("players or difficulty outside the design's ranges are usage errors (64)")
    func usage() throws {
        for arguments in [["--players", "9"], ["--players", "2"], ["--difficulty", "11"], ["--players", "x"]] {
            let result = try CommandRunner.playbench(["generate"] + arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardOutput.isEmpty)
        }
        // The design's range is named, and where help is (C6).
        let nine = try CommandRunner.playbench(["generate", "--players", "9"])
        #expect(nine.standardError.contains("--players 9 is outside the design's team sizes 3...6 (see 'playbench generate --help')"), "\(nine.standardError)")
        // A command's choice of a generator that does not exist lists those that do (G5, G6).
        let orders = try CommandRunner.playbench(["generate", "--orders", "fancy"])
        #expect(orders.status == 64 && orders.standardError.contains("--orders fancy is not one of uniform, own-item"), "\(orders.standardError)")
        // A design of a game that generates nothing is told so, not read as a Relentless design.
        let andora = try CommandRunner.playbench(["generate", Fixtures.designs.appendingPathComponent("andora").path])
        #expect(andora.status == 64 && andora.standardError.contains("which generates nothing; generate serves ShakyWords, TurnTracker, TabulaImaginarium and Relentless designs"), "\(andora.standardError)")
        #expect(andora.standardError.contains("Usage: playbench generate"), "\(andora.standardError)")
    }

    @Test("a design with errors prints them like check and exits 1")
    func brokenDesign() throws {
        let broken = DesignFixtures.validCatalogue.replacingOccurrences(
            of: "<string>Fruit</string><string>Wheel</string><string>Wheel</string>", with: "<string>Fruit</string><string>Whel</string><string>Wheel</string>")
        let result = try CommandRunner.playbench(["generate", try designDirectory(catalogue: broken).path])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("unknown category \"Whel\""))
        #expect(result.standardError.contains("has errors"))
    }

    @Test("a round that cannot be made exits 1 with the rule, the categories and the command that reproduces it")
    func unmakeable() throws {
        // Find, in-process, a seed whose round of the fixture chooses a category too thin for 6 players.
        let d = try RoundFixtures.prepared()
        let parameters = d.design.parameters.resolved(difficulty: 1, players: 6)
        let seed = try #require((UInt64(1)..<100).first { seed in
            (try? Pipeline.default.makeRound(d, parameters: parameters, seed: seed)) == nil
        })
        let directory = try designDirectory()
        let result = try CommandRunner.playbench(["generate", directory.path, "--players", "6", "--seed", String(seed)])
        #expect(result.status == 1)
        #expect(result.standardError.contains("6 players need 6 distinct warehouse items; this round's categories can supply at most"))
        #expect(result.standardError.contains("[G4]"))
        #expect(result.standardError.contains("reproduce: playbench generate \(directory.path) --players 6 --difficulty 1 --seed \(seed)"))
        let again = try CommandRunner.playbench(["generate", directory.path, "--players", "6", "--difficulty", "1", "--seed", String(seed)])
        #expect(again.status == 1 && again.standardError == result.standardError)
    }

    /// Issue 16: the reproduce line a round prints is run, and prints the same round, byte for byte,
    /// for the built-in design and for files named one by one.
    @Test("the printed reproduce line prints the same round", arguments: [false, true])
    func reproduceLineReproduces(namedFiles: Bool) throws {
        let directory = try designDirectory()
        let design = namedFiles
            ? ["--catalogue", directory.appendingPathComponent("GameConfig.plist").path, "--parameters", directory.appendingPathComponent("DefaultGameParameters.plist").path]
            : []
        let first = try CommandRunner.playbench(["generate"] + design + ["--players", "3", "--difficulty", "4", "--seed", "11", "--round", "2", "--format", "json"])
        #expect(first.status == 0, "\(first.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.standardOutput.utf8)) as? [String: Any])
        let line = try #require(object["reproduce"] as? String)
        #expect(line.contains("--catalogue") == namedFiles, "\(line)")
        let words = line.split(separator: " ").map(String.init)
        #expect(words.first == "playbench")
        let again = try CommandRunner.playbench(Array(words.dropFirst()) + ["--format", "json"])
        #expect(again.status == 0)
        #expect(again.standardOutput == first.standardOutput)
    }
}
