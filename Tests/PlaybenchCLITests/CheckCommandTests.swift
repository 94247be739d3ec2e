import Foundation
import TestSupport
import Testing

@Suite("playbench check")
struct CheckCommandTests {
    /// A design directory holding the inline fixtures, with optional edits.
    func designDirectory(catalogue: String = DesignFixtures.validCatalogue, parameters: String = DesignFixtures.validParameters) throws -> URL {
        let directory = try Fixtures.temporaryDirectory("design")
        try Data(catalogue.utf8).write(to: directory.appendingPathComponent("GameConfig.plist"))
        try Data(parameters.utf8).write(to: directory.appendingPathComponent("DefaultGameParameters.plist"))
        return directory
    }

    var brokenCatalogue: String {
        DesignFixtures.validCatalogue.replacingOccurrences(of: "<string>Fruit</string><string>Wheel</string><string>Wheel</string>",
                                                           with: "<string>Fruit</string><string>Whel</string><string>Wheel</string>")
    }

    @Test("the shipped design passes from any directory")
    func shippedDesign() throws {
        let result = try CommandRunner.playbench(["check"], directory: FileManager.default.temporaryDirectory)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("the shipped design"))
        #expect(!result.standardOutput.contains("error:"))
    }

    @Test("the shipped design directory on disk passes too")
    func shippedDirectory() throws {
        let result = try CommandRunner.playbench(["check", Fixtures.shippedDesign.path])
        #expect(result.status == 0, "\(result.standardOutput)")
    }

    @Test("a broken design prints compiler-style located errors and exits 1")
    func brokenDesign() throws {
        let directory = try designDirectory(catalogue: brokenCatalogue)
        let result = try CommandRunner.playbench(["check", directory.path])
        #expect(result.status == 1)
        // The diagnostics are the output; stderr says in one line why the exit is 1.
        #expect(result.standardError.hasPrefix("playbench: error: \(directory.path) has errors ("), "\(result.standardError)")
        // Check goes on without Car (issue 16), so the fixture's G4 findings come too; the C4 error is one of them.
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.contains("error:") && $0.contains("[C4]") })
        let position = try #require(brokenCatalogue.components(separatedBy: "\n").firstIndex { $0.contains("Whel") })
        #expect(line.hasPrefix("\(directory.path)/GameConfig.plist:\(position + 1):"))
        #expect(line.hasSuffix("error: assembledItems[0].parts[1]: unknown category \"Whel\" (did you mean \"Wheel\"?) [C4]"))
    }

    @Test("a well-formed but unsolvable design fails with the rule and the categories")
    func unsolvable() throws {
        // The fixture's Siren stocks 2 items; a one-category round of Siren cannot serve 6 players.
        let result = try CommandRunner.playbench(["check", try designDirectory().path])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("chooses \"Siren\", they supply at most 2 [G4]") || result.standardOutput.contains("they supply at most 2"))
        #expect(result.standardOutput.contains("[G4]"))
    }

    @Test("--explain prints a witness whose generate command prints the same build plans")
    func explainWitness() throws {
        let result = try CommandRunner.playbench(["check", "--explain", "--samples", "3"])
        #expect(result.status == 0)
        let output = result.standardOutput
        let witness = try #require(output.range(of: "witness: ").map { output[$0.upperBound...] })
        let command = try #require(witness.range(of: "(playbench ").map { witness[$0.upperBound...].prefix { $0 != ")" } })
        let plans = try #require(output.range(of: "build plans (P4):").map { String(output[$0.lowerBound...]) })
        let replay = try CommandRunner.playbench(command.split(separator: " ").map(String.init))
        #expect(replay.status == 0)
        let replayPlans = try #require(replay.standardOutput.range(of: "build plans (P4):").map { String(replay.standardOutput[$0.lowerBound...]) })
        #expect(plans.hasPrefix(replayPlans.trimmingCharacters(in: .newlines)))
        #expect(plans.contains("supplies"))
    }

    @Test("--format json is machine-readable and counts severities")
    func json() throws {
        let directory = try designDirectory(catalogue: brokenCatalogue)
        let result = try CommandRunner.playbench(["check", directory.path, "--format", "json"])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(object["errors"] as? Int == diagnostics.count { $0["severity"] as? String == "error" })
        let first = try #require(diagnostics.first { $0["severity"] as? String == "error" && $0["rule"] as? String == "C4" })
        #expect(first["rule"] as? String == "C4")
        #expect(first["keyPath"] as? String == "assembledItems[0].parts[1]")
        #expect(first["line"] as? Int != nil)
    }

    @Test("--format sarif is SARIF 2.1.0 with the rule ids")
    func sarif() throws {
        let directory = try designDirectory(catalogue: brokenCatalogue)
        let result = try CommandRunner.playbench(["check", directory.path, "--format", "sarif"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.contains { $0["ruleId"] as? String == "C4" && $0["level"] as? String == "error" })
    }

    @Test("GitHub annotations when GITHUB_ACTIONS=true")
    func githubAnnotations() throws {
        let directory = try designDirectory(catalogue: brokenCatalogue)
        let result = try CommandRunner.playbench(["check", directory.path], environment: ["GITHUB_ACTIONS": "true"])
        #expect(result.standardOutput.contains("::error file=\(directory.path)/GameConfig.plist,line="))
        let plain = try CommandRunner.playbench(["check", directory.path])
        #expect(!plain.standardOutput.contains("::error"))
    }

    @Test("a single parameters file can be checked alone")
    func singleFile() throws {
        let directory = try designDirectory(parameters: DesignFixtures.validParameters.replacingOccurrences(
            of: "<integer>240</integer>", with: "<string>240 *</string>"))
        let result = try CommandRunner.playbench(["check", "--parameters", directory.appendingPathComponent("DefaultGameParameters.plist").path])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("roundTime: "))
        #expect(result.standardOutput.contains("[C5]"))
    }

    @Test("a missing design directory exits 66 with a message on stderr")
    func missingDirectory() throws {
        let result = try CommandRunner.playbench(["check", "/no/such/design"])
        #expect(result.status == 66)
        #expect(result.standardError.contains("/no/such/design: no such design directory"))
    }

    @Test("a file named as the design directory exits 74 saying to name the directory or the files")
    func fileAsDirectory() throws {
        let file = Fixtures.shippedDesign.appendingPathComponent("GameConfig.plist").path
        let result = try CommandRunner.playbench(["check", file])
        #expect(result.status == 74)
        #expect(result.standardError.contains("\(file): is a file; name the design's directory, or use --catalogue / --parameters"), "\(result.standardError)")
    }

    @Test("a dangling link in place of an optional file is no file; a symlink loop named as the catalogue is unreadable (74)")
    func linksAreReadAsTheyLead() throws {
        let directory = try Fixtures.temporaryDirectory("dangling")
        for name in ["GameConfig.plist", "DefaultGameParameters.plist"] {
            try Data(try Fixtures.bytes(Fixtures.shippedDesign.appendingPathComponent(name))).write(to: directory.appendingPathComponent(name))
        }
        for name in ["Pipeline.plist", "Players.plist", "DemoGameParameters.plist"] {
            #expect(symlink("/no/such/target", directory.appendingPathComponent(name).path) == 0)
        }
        let dangling = try CommandRunner.playbench(["check", directory.path, "--samples", "0"])
        #expect(dangling.status == 0, "\(dangling.standardError)")
        let loop = directory.appendingPathComponent("loop.plist").path
        #expect(symlink(loop, loop) == 0)
        let looped = try CommandRunner.playbench(["check", "--catalogue", loop])
        #expect(looped.status == 74 && looped.standardError.contains("symlink loop"), "\(looped.standardError)")
    }

    @Test("a design directory without GameConfig.plist exits 66 naming the file (C1)")
    func directoryWithoutCatalogue() throws {
        let directory = try Fixtures.temporaryDirectory("no-catalogue")
        try Data(try Fixtures.bytes(Fixtures.shippedDesign.appendingPathComponent("DefaultGameParameters.plist"))).write(
            to: directory.appendingPathComponent("DefaultGameParameters.plist"))
        let result = try CommandRunner.playbench(["check", directory.path])
        #expect(result.status == 66)
        #expect(result.standardError.contains("\(directory.appendingPathComponent("GameConfig.plist").path): no such file"), "\(result.standardError)")
    }

    @Test("usage errors exit 64 and --help teaches with examples")
    func usage() throws {
        #expect(try CommandRunner.playbench(["check", "--format", "yaml"]).status == 64)
        let help = try CommandRunner.playbench(["check", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("Examples:"))
        #expect(help.standardOutput.contains("--format"))
    }
}

/// Issue 16: check goes on after an error wherever the model can still be built, so one run
/// reports the structural, parameter and solvability problems together.
@Suite struct CheckOnePassTests {
    func directory(catalogue: String, parameters: String) throws -> URL {
        let directory = try Fixtures.temporaryDirectory("one pass")
        try Data(catalogue.utf8).write(to: directory.appendingPathComponent("GameConfig.plist"))
        try Data(parameters.utf8).write(to: directory.appendingPathComponent("DefaultGameParameters.plist"))
        return directory
    }

    /// Wheel's states no longer match its images (C2): Wheel is left out, and Car, built from
    /// it, and Police Car, built from Car, with it.
    let brokenWheel = DesignFixtures.validCatalogue.replacingOccurrences(
        of: "<key>stateIdentifiers</key><array><string>Round</string><string>Square</string></array>",
        with: "<key>stateIdentifiers</key><array><string>Round</string></array>")
    /// A money limit broken (M1): the expense is no key that making a round reads.
    let hugeExpense = DesignFixtures.validParameters.replacingOccurrences(
        of: "<key>roundTime</key>", with: "<key>dailyExpense</key><real>1e12</real>\n    <key>roundTime</key>")

    @Test func structuralParameterAndSolvabilityProblemsComeOutInOneRun() throws {
        #expect(brokenWheel != DesignFixtures.validCatalogue && hugeExpense != DesignFixtures.validParameters)
        let result = try CommandRunner.playbench(["check", try directory(catalogue: brokenWheel, parameters: hugeExpense).path, "--samples", "20"])
        #expect(result.status == 1)
        let errors = result.standardOutput.split(separator: "\n").filter { $0.contains(" error: ") }
        // The broken category once, where it is defined; its uses are not "unknown".
        #expect(errors.filter { $0.contains("stateIdentifiers") && $0.contains("[C2]") }.count == 1, "\(errors)")
        #expect(!result.standardOutput.contains("unknown category"), "\(result.standardOutput)")
        #expect(errors.contains { $0.contains("dailyExpense") && $0.contains("[M1]") }, "\(errors)")
        // Solvability still ran: the fixture's Siren cannot stock six players alone (G4).
        #expect(errors.contains { $0.contains("[G4]") }, "\(errors)")
        #expect(result.standardOutput.contains("solvability was checked without categories \"Wheel\", \"Car\", \"Police Car\""), "\(result.standardOutput)")
        // Its rounds were made without those categories: no command pretends to replay them.
        #expect(!result.standardOutput.contains("reproduce: playbench generate"))
    }

    @Test func anErrorOnlyElsewhereKeepsTheReproduceCommandForLater() throws {
        let result = try CommandRunner.playbench(["check", try directory(catalogue: DesignFixtures.validCatalogue, parameters: hugeExpense).path, "--samples", "20"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("[G4]"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("solvability was checked without"))
        let sampled = result.standardOutput.split(separator: "\n").filter { $0.contains("sampled rounds") }
        #expect(!sampled.isEmpty && sampled.allSatisfy { $0.contains("once the errors above are fixed, reproduce: playbench generate") }, "\(sampled)")
        // Fixed, the design's rounds are those check sampled: the command makes the same unmakeable round (G4).
        let fixed = try directory(catalogue: DesignFixtures.validCatalogue, parameters: DesignFixtures.validParameters)
        let line = try #require(sampled.first)
        let command = try #require(line.range(of: "reproduce: playbench ").map { line[$0.upperBound...].prefix { $0 != ")" } })
        let words = command.split(separator: " ").map(String.init)
        // The command names the broken design's directory (quoted: its name has a space): run it on the fixed one instead.
        let options = try #require(words.firstIndex(of: "--players"))
        let onFixed = ["generate", fixed.path] + words[options...]
        let replay = try CommandRunner.playbench(Array(onFixed))
        #expect(replay.status == 1, "\(replay.standardOutput)")
        #expect(replay.standardError.contains("[G4]"), "\(replay.standardError)")
    }

    @Test func aBrokenKeyThatRoundsReadStopsSolvabilityWithANote() throws {
        let broken = DesignFixtures.validParameters.replacingOccurrences(
            of: "<string>5 * diffLevel / 10</string>", with: "<string>5 * diffLevel /</string>")
        #expect(broken != DesignFixtures.validParameters)
        let result = try CommandRunner.playbench(["check", try directory(catalogue: DesignFixtures.validCatalogue, parameters: broken).path])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("[C5]"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("[G4]"))
        #expect(result.standardOutput.contains("solvability was not checked: numOfCategories has errors, and making a round reads it"), "\(result.standardOutput)")
    }
}

/// A file checked alone (a pre-commit hook checks the files a commit touches) is checked
/// against the other half of the shipped design (C1).
@Suite struct CheckOneFileTests {
    @Test(arguments: ["relentless", "harsher"])
    func eachShippedFileAlonePasses(design: String) throws {
        let directory = Fixtures.designs.appendingPathComponent(design)
        for (option, file) in [("--catalogue", "GameConfig.plist"), ("--parameters", "DefaultGameParameters.plist")] {
            let result = try CommandRunner.playbench(["check", option, directory.appendingPathComponent(file).path, "--samples", "20"])
            #expect(result.status == 0, "\(design)/\(file): \(result.standardOutput)\(result.standardError)")
            #expect(result.standardOutput.contains(option == "--catalogue" ? "(with the built-in parameters)" : "(with the built-in catalogue)"))
        }
    }

    @Test func aBrokenFileAloneStillFails() throws {
        let file = try Fixtures.temporaryDirectory("one-file").appendingPathComponent("DefaultGameParameters.plist")
        let text = String(decoding: try Fixtures.bytes(Fixtures.shippedDesign.appendingPathComponent("DefaultGameParameters.plist")), as: UTF8.self)
        try Data(text.settingParameter("numOfHouses", to: "<string>diffLevel +</string>").utf8).write(to: file)
        let result = try CommandRunner.playbench(["check", "--parameters", file.path])
        #expect(result.status == 1 && result.standardOutput.contains("[C5]"), "\(result.standardOutput)")
    }
}
