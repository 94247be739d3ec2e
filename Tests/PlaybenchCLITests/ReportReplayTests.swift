import Foundation
import TestSupport
import Testing

/// Issue 16: the replay commands a report prints (results.json, the page's "games worth
/// replaying") are run, and each replays its game to the money the report gives it.
@Suite struct ReportReplayTests {
    @Test(arguments: [false, true])
    func everyReplayOfAReportReplaysItsGame(designDirectory: Bool) throws {
        let work = try Fixtures.temporaryDirectory("report replays")
        let design = designDirectory ? [Fixtures.shippedDesign.path] : []
        let output = work.appendingPathComponent("report").path
        let run = try CommandRunner.playbench(
            ["report"] + design + ["--team", "novice,casual,expert", "--games", "40", "--max-rounds", "5", "--seed", "3", "--output", output])
        #expect(run.status == 0, "\(run.standardError)")
        let data = try Data(contentsOf: URL(fileURLWithPath: output).appendingPathComponent("results.json"))
        let results = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let teams = try #require(results["teams"] as? [[String: Any]])
        let exemplars = teams.flatMap { ($0["exemplars"] as? [[String: Any]]) ?? [] }
        #expect(exemplars.count >= 3)
        for exemplar in exemplars {
            let command = try #require(exemplar["replay"] as? String)
            #expect(command.hasPrefix(designDirectory ? "playbench simulate \(Fixtures.shippedDesign.path) " : "playbench simulate --team "), "\(command)")
            #expect(command.contains(" --max-rounds 5 "), "\(command)")
            let replay = try SimulateCommandTests.shell(command)
            #expect(replay.status == 0, "\(command): \(replay.standardError)")
            let money = try #require(exemplar["money"] as? Int)
            #expect(replay.standardOutput.hasSuffix("with money \(money)\n"), "\(command): \(replay.standardOutput.suffix(200))")
        }
    }
}
