import Foundation
import TestSupport
import Testing

/// What every command's help says of the games: an option prefixed "No game:" is one no shipped
/// game takes, so either its help asks the wrong list of the registry or the option is dead.
@Suite("help names the games that take each option")
struct HelpTests {
    @Test(arguments: ["init", "check", "generate", "simulate", "report", "gate", "diff", "sweep", "tune", "sensitivity", "merge", "params"])
    func everyOptionIsTakenBySomeGame(command: String) throws {
        let help = try CommandRunner.playbench([command, "--help"])
        #expect(help.status == 0)
        let flat = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(!flat.contains("No game:"), "\(command): \(flat)")
    }

    @Test("a usage error found as a command runs shows that command's usage and help, not the root's (issue 39)")
    func usageErrorsNameTheirCommand() throws {
        let shaky = Fixtures.designs.appendingPathComponent("shaky-words").path
        let sweep = try CommandRunner.playbench(["sweep", shaky, "--set", "parameter=1,2", "--output-dir", try Fixtures.temporaryDirectory("usage").appendingPathComponent("s").path])
        #expect(sweep.status == 64, "\(sweep.standardError)")
        #expect(sweep.standardError.contains("not a parameter of ShakyWords designs"), "\(sweep.standardError)")
        #expect(sweep.standardError.contains("Usage: playbench sweep "), "\(sweep.standardError)")
        #expect(sweep.standardError.contains("See 'playbench sweep --help'"), "\(sweep.standardError)")
        #expect(!sweep.standardError.contains("<subcommand>"), "\(sweep.standardError)")
    }

    @Test("params names Relentless for the options of its ramp table and its parameters file")
    func paramsOptionsNameTheirGame() throws {
        let flat = try CommandRunner.playbench(["params", "--help"]).standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("--parameters <file> Relentless: this parameters file"))
        #expect(flat.contains("--demo Relentless: Table the design's DemoGameParameters.plist"))
        #expect(flat.contains("--players <N> Relentless: The team size the values are for"))
    }
}
