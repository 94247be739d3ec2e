import Foundation
import TestSupport
import Testing

/// `calibrate --sbc N --shard I/N'` and `merge`: each fit of a simulation-based calibration is
/// its own unit, fitted with the truth and seeds the whole study gives it, so the merged study
/// (its output, sbc.json and sbc.html) is one machine's byte for byte (issue 45).
@Suite struct ShardedSBCTests {
    /// A study of 3 fits small enough for a test: each fit a few hundred simulated playtests.
    static let study = [
        "calibrate", "Designs/relentless", "--fit", "findSeconds", "--sbc", "3", "--replicates", "6", "--candidates", "12", "--stages", "2",
        "--pilot", "90", "--draws", "9", "--playtests", "4", "--rounds", "2",
    ]

    static func workDirectory(_ label: String) throws -> URL {
        let work = try Fixtures.temporaryDirectory(label)
        try FileManager.default.createSymbolicLink(at: work.appendingPathComponent("Designs"), withDestinationURL: Fixtures.designs)
        return work
    }

    @Test(arguments: [["--format", "json"], []], [2, 3])
    func shardsMergeToTheSingleStudy(format: [String], shards: Int) throws {
        let work = try Self.workDirectory("coverage-shards")
        var parts: [String] = []
        for shard in 0..<shards {
            let result = try CommandRunner.playbench(Self.study + format + ["--shard", "\(shard)/\(shards)", "--part", "p\(shard).json"], directory: work)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains(" fit") && !result.standardOutput.contains(" game"), "\(result.standardOutput)")
            parts.append("p\(shard).json")
        }
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("calibration").path), "a shard wrote the study")
        let merged = try CommandRunner.playbench(["merge"] + parts.reversed(), directory: work)
        #expect(merged.status == 0, "\(merged.standardError)")
        let single = try Self.workDirectory("coverage-single")
        let alone = try CommandRunner.playbench(Self.study + format, directory: single)
        #expect(alone.status == 0, "\(alone.standardError)")
        #expect(merged.standardOutput == alone.standardOutput)
        for file in ["calibration/sbc.json", "calibration/sbc.html"] {
            #expect(try Fixtures.bytes(work.appendingPathComponent(file)) == Fixtures.bytes(single.appendingPathComponent(file)), "\(file)")
        }
        #expect(String(decoding: try Fixtures.bytes(single.appendingPathComponent("calibration/sbc.json")), as: UTF8.self).contains("\"repetitions\" : 3"))

        let missing = try CommandRunner.playbench(["merge"] + parts.dropLast(), directory: work)
        #expect(missing.status == 65 && missing.standardError.contains("shard \(shards - 1)/\(shards) missing"), "\(missing.standardError)")
    }

    @Test func onlyAnSBCStudyIsSharded() throws {
        let work = try Self.workDirectory("coverage-refused")
        let fit = try CommandRunner.playbench(["calibrate", "Designs/relentless", "log.plist", "--fit", "findSeconds", "--shard", "0/2"], directory: work)
        #expect(fit.status == 64 && fit.standardError.contains("--shard splits a simulation-based calibration"), "\(fit.standardError)")
        // An option the fit refuses stops the shard with the fit's own message, and no part.
        let bad = try CommandRunner.playbench(Self.study.map { $0 == "90" ? "20" : $0 } + ["--shard", "0/2", "--part", "p.json"], directory: work)
        #expect(bad.status == 64 && bad.standardError.contains("--pilot must be at least 90"), "\(bad.standardError)")
        #expect(!bad.standardError.contains("interrupted"))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("p.json").path))
    }
}
