import Foundation
import TestSupport
import Testing

/// `sensitivity --shard I/N` and `merge`: every move of every game played by the shard that
/// owns the game's block, so each game is still compared with its twin, and the merged tables,
/// JSON and tornado page byte for byte one machine's, whatever the split (issue 45).
@Suite struct ShardedSensitivityTests {
    /// Relentless's shipped design (one team) and Andora's (several matchups, each measured).
    static let runs: [[String]] = [
        ["sensitivity", "--games", "300", "--max-rounds", "3"],
        ["sensitivity", "Designs/andora", "--agents", "greedy,random", "--games", "300", "--metric", "firstAgentScore"],
    ]

    @Test(arguments: runs, [2, 3])
    func shardsMergeToTheSingleRun(command: [String], shards: Int) throws {
        let work = try Fixtures.temporaryDirectory("sensitivity-shards")
        for link in ["Designs"] {
            try FileManager.default.createSymbolicLink(at: work.appendingPathComponent(link), withDestinationURL: Fixtures.packageRoot.appendingPathComponent(link))
        }
        let outputs = ["--format", "json", "--report", "tornado.html"]
        // 300 games are 2 blocks of 256: with 3 shards one shard plays none, and still writes its part.
        var parts: [String] = []
        for shard in 0..<shards {
            let part = "part-\(shard).json"
            let result = try CommandRunner.playbench(command + outputs + ["--shard", "\(shard)/\(shards)", "--part", part], directory: work)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("tornado.html").path), "a shard wrote the report")
            parts.append(part)
        }
        let merged = try CommandRunner.playbench(["merge"] + parts.reversed(), directory: work)
        #expect(merged.status == 0, "\(merged.standardError)")
        let mergedPage = try Fixtures.bytes(work.appendingPathComponent("tornado.html"))

        let single = try Fixtures.temporaryDirectory("sensitivity-single")
        try FileManager.default.createSymbolicLink(at: single.appendingPathComponent("Designs"), withDestinationURL: Fixtures.packageRoot.appendingPathComponent("Designs"))
        let alone = try CommandRunner.playbench(command + outputs, directory: single)
        #expect(alone.status == 0, "\(alone.standardError)")
        #expect(merged.standardOutput == alone.standardOutput)
        #expect(mergedPage == (try Fixtures.bytes(single.appendingPathComponent("tornado.html"))))
        #expect(alone.standardOutput.contains("\"gamesPlayed\" : 300"))

        // A shard short: refused, naming it (exit 65), and nothing written.
        try FileManager.default.removeItem(at: work.appendingPathComponent("tornado.html"))
        let missing = try CommandRunner.playbench(["merge"] + parts.dropFirst(), directory: work)
        #expect(missing.status == 65 && missing.standardError.contains("shard 0/\(shards) missing"), "\(missing.standardError)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("tornado.html").path))
    }

    /// A sensitivity part is not a simulation's: merging it with another command's parts names both.
    @Test func partsOfAnotherCommandAreRefused() throws {
        let work = try Fixtures.temporaryDirectory("sensitivity-mixed")
        let a = try CommandRunner.playbench(Self.runs[0] + ["--shard", "0/2", "--part", "a.json"], directory: work)
        let b = try CommandRunner.playbench(["simulate", "--games", "300", "--max-rounds", "3", "--shard", "1/2", "--part", "b.json"], directory: work)
        #expect(a.status == 0 && b.status == 0, "\(a.standardError)\(b.standardError)")
        let mixed = try CommandRunner.playbench(["merge", "a.json", "b.json"], directory: work)
        #expect(mixed.status == 65, "\(mixed.standardError)")
        #expect(mixed.standardError.contains("b.json"), "\(mixed.standardError)")
    }
}
