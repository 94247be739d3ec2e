import Foundation
import TestSupport
import Testing

/// `Reports/relentless/` is the report of the shipped design, checked in. Regenerating it with
/// the options it records must give the same numbers: a change to the simulator that moves them
/// must come with the regenerated report (`swift run -c release playbench report`, README).
@Suite("Reports/relentless regenerates to the same numbers")
struct ShippedReportTests {
    static var directory: URL { Fixtures.packageRoot.appendingPathComponent("Reports/relentless") }

    /// One team is replayed (all of them would take minutes in a debug build); `.ci/run`
    /// regenerates the whole report with the release build and compares every file, and then
    /// runs the tests with PLAYBENCH_REPORTS_REGENERATED set, which skips this replay.
    @Test(.disabled(if: ProcessInfo.processInfo.environment["PLAYBENCH_REPORTS_REGENERATED"] != nil, "the release report step compared every file"))
    func theDefaultTeamsNumbersAreReproduced() throws {
        let results = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: Self.directory.appendingPathComponent("results.json"))) as? [String: Any])
        let seed = try #require(results["seed"] as? Int), games = try #require(results["games"] as? Int)
        let maxRounds = try #require(results["maxRounds"] as? Int)
        let teams = try #require(results["teams"] as? [[String: Any]])
        let first = try #require(teams.first)
        let team = try #require(first["team"] as? [String])

        let output = try Fixtures.temporaryDirectory("shipped-report")
        let run = try CommandRunner.playbench([
            "report", "--team", team.joined(separator: ","), "--games", String(games), "--seed", String(seed),
            "--max-rounds", String(maxRounds), "--output", output.path,
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let again = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("results.json"))) as? [String: Any])
        let regenerated = try #require((again["teams"] as? [[String: Any]])?.first)
        func canonical(_ object: [String: Any]) throws -> Data { try JSONSerialization.data(withJSONObject: object, options: .sortedKeys) }
        #expect(try canonical(regenerated) == canonical(first), "results.json: the numbers of \(team) moved")

        let label = try #require(first["label"] as? String)
        func rows(_ url: URL) throws -> [Substring] {
            try String(contentsOf: url.appendingPathComponent("curves.csv"), encoding: .utf8).split(whereSeparator: \.isNewline).filter {
                $0.hasPrefix("\(label),") || $0.hasPrefix("\"\(label)\",")
            }
        }
        let checkedIn = try rows(Self.directory)
        #expect(checkedIn.count == maxRounds)
        #expect(try rows(output) == checkedIn)
    }
}
