import Foundation
import TestSupport
import Testing

/// `--shard` and `merge` at their edges: where the index comes from, and parts that do not make
/// one job.
@Suite struct ShardCommandTests {
    static let simulate = ["simulate", "--games", "300", "--max-rounds", "4", "--format", "json"]

    @Test(arguments: [
        (["--shard", "4/4"], [String: String](), "0 ≤ I < N"),
        (["--shard", "auto/4"], [:], "no shard index in the environment"),
        (["--shard", "auto"], ["JOB_COMPLETION_INDEX": "1"], "say how many shards"),
        (["--shard", "auto/2"], ["JOB_COMPLETION_INDEX": "2"], "index 2 (from JOB_COMPLETION_INDEX) is not in 0..<2"),
        (["--shard", "auto/3"], ["SLURM_ARRAY_TASK_ID": "x"], "is not a number"),
        (["--part", "p.json"], [:], "--part needs --shard"),
    ])
    func badShardsAreUsageErrors(arguments: [String], environment: [String: String], message: String) throws {
        let result = try CommandRunner.playbench(Self.simulate + arguments, environment: environment)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test func slurmIndicesCountFromTheArraysFirstTask() throws {
        let directory = try Fixtures.temporaryDirectory("slurm-index")
        let result = try CommandRunner.playbench(
            Self.simulate + ["--shard", "auto"], environment: ["SLURM_ARRAY_TASK_ID": "12", "SLURM_ARRAY_TASK_MIN": "10", "SLURM_ARRAY_TASK_COUNT": "3"],
            directory: directory)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("part-2-of-3.json").path))
    }

    @Test func mergeRefusesPartsOfAnotherDesignOrBrokenFiles() throws {
        let work = try Fixtures.temporaryDirectory("merge-refuses")
        let design = work.appendingPathComponent("design")
        try FileManager.default.createDirectory(at: design, withIntermediateDirectories: true)
        for name in ["GameConfig.plist", "DefaultGameParameters.plist", "Players.plist"] {
            try FileManager.default.copyItem(at: Fixtures.shippedDesign.appendingPathComponent(name), to: design.appendingPathComponent(name))
        }
        for i in 0..<2 {
            let shard = try CommandRunner.playbench(
                Self.simulate + [design.path, "--shard", "\(i)/2", "--part", work.appendingPathComponent("p\(i).json").path])
            #expect(shard.status == 0, "\(shard.standardError)")
        }
        let parts = [work.appendingPathComponent("p0.json").path, work.appendingPathComponent("p1.json").path]
        #expect(try CommandRunner.playbench(["merge"] + parts).status == 0)

        // A shard's file cut short (a full disk, a copy interrupted) is named, not trusted.
        let cut = work.appendingPathComponent("cut.json")
        let bytes = try Fixtures.bytes(URL(fileURLWithPath: parts[1]))
        try Data(bytes.prefix(bytes.count / 2)).write(to: cut)
        let broken = try CommandRunner.playbench(["merge", parts[0], cut.path])
        // Located where the JSON breaks (issue 43): a part is one line, so line 1 and a column.
        #expect(bytes.prefix(bytes.count / 2).allSatisfy { $0 != 10 })
        #expect(broken.status == 65, "\(broken.standardError)")
        #expect(broken.standardError.contains(try Regex("cut\\.json:1:[0-9]+: not a part of Relentless: its JSON ")), "\(broken.standardError)")

        // The design changed after the shards ran: merging would mix two designs.
        let parameters = design.appendingPathComponent("DefaultGameParameters.plist")
        let text = String(decoding: try Fixtures.bytes(parameters), as: UTF8.self).settingParameter("dailyExpense", to: "<integer>60</integer>")
        try Data(text.utf8).write(to: parameters)
        let changed = try CommandRunner.playbench(["merge"] + parts)
        #expect(changed.status == 65 && changed.standardError.contains("played from other files than this design's"), "\(changed.standardError)")
        // Issue 16: merge names the file that changed, and only that one.
        #expect(changed.standardError.contains("(DefaultGameParameters.plist changed)"), "\(changed.standardError)")
    }

    /// Issue 43: a sweep merged into a directory that holds one already is refused with what
    /// merge can do about it, not with --resume, an option merge does not have.
    @Test func aSweepMergedOverAnotherSaysWhatMergeCanDo() throws {
        let work = try Fixtures.temporaryDirectory("merge-sweep-again")
        let output = work.appendingPathComponent("out").path
        var parts: [String] = []
        for i in 0..<2 {
            let part = work.appendingPathComponent("p\(i).json").path
            let shard = try CommandRunner.playbench([
                "sweep", "--set", "dailyExpense=100,200", "--games", "20", "--max-rounds", "2", "--output-dir", output, "--shard", "\(i)/2", "--part", part,
            ])
            try #require(shard.status == 0, "\(shard.standardError)")
            parts.append(part)
        }
        #expect(try CommandRunner.playbench(["merge"] + parts).status == 0)
        let again = try CommandRunner.playbench(["merge"] + parts)
        #expect(again.status == 64)
        #expect(again.standardError.contains("holds points of an earlier sweep: move it away or remove it, and merge again"), "\(again.standardError)")
        #expect(!again.standardError.contains("--resume"))
    }
}
