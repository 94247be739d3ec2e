import Foundation
import MonteCarlo
@testable import PlaybenchCLI
import RelentlessGame
import RelentlessRuns
import TestSupport
import Testing

/// `playbench merge` validates each part (issue 15): a part changed after its shard wrote it, or
/// one whose numbers no games could have produced, is refused with its name and the reason (exit
/// 65), never merged into a different result and never a crash.
@Suite struct PartValidationTests {
    static let simulate = ["simulate", "--games", "300", "--max-rounds", "3", "--format", "json"]

    /// The two parts of `simulate` split in two, and what merging them prints.
    struct Job {
        let directory: URL
        let parts: [[UInt8]]
        let merged: String

        init(_ label: String) throws {
            let directory = try Fixtures.temporaryDirectory(label)
            self.directory = directory
            var parts: [[UInt8]] = []
            for i in 0..<2 {
                let path = directory.appendingPathComponent("p\(i).json").path
                let shard = try CommandRunner.playbench(PartValidationTests.simulate + ["--shard", "\(i)/2", "--part", path])
                #expect(shard.status == 0, "\(shard.standardError)")
                parts.append(try Fixtures.bytes(URL(fileURLWithPath: path)))
            }
            self.parts = parts
            let paths = [0, 1].map { directory.appendingPathComponent("p\($0).json").path }
            let merge = try CommandRunner.playbench(["merge"] + paths)
            #expect(merge.status == 0, "\(merge.standardError)")
            merged = merge.standardOutput
        }

        func path(_ i: Int) -> String { directory.appendingPathComponent("p\(i).json").path }

        /// Merges part `i` replaced by `bytes` with the other, unchanged part.
        func merge(replacing i: Int, with bytes: [UInt8], name: String = "mutant.json") throws -> CommandResult {
            let url = directory.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            return try CommandRunner.playbench(["merge"] + (i == 0 ? [url.path, path(1)] : [path(0), url.path]))
        }
    }

    /// A part of Relentless's simulation, as a shard writes it.
    typealias Part = SeamPartFile<SimulationStatistics>

    /// The part as merge reads it (checksum, shape, every block by Relentless's invariants).
    static func read(_ bytes: [UInt8], name: String) throws -> Part { try SeamParts.read(PlayableRelentless(), bytes, name: name) }

    /// The part decoded, changed, with its checksum made to fit again: what a hand edit by someone
    /// who knows the format (or a broken writer) produces.
    static func resealed(_ bytes: [UInt8], _ change: (inout Part) -> Void = { _ in }) throws -> [UInt8] {
        var part = try Part.decode(bytes)
        change(&part)
        part.checksum = try part.checksumOfContent()
        return try Part.canonical(part)
    }

    /// The text with the first `"key":number` at or after `start` (or after `marker`) set to `value`.
    static func setting(_ key: String, to value: String, in bytes: [UInt8], after marker: String? = nil, from start: String.Index? = nil) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        let from = start ?? marker.flatMap { text.range(of: $0)?.upperBound } ?? text.startIndex
        let range = text.range(of: "\"\(key)\":-?[0-9.eE+-]+", options: .regularExpression, range: from..<text.endIndex)!
        return Array(text.replacingCharacters(in: range, with: "\"\(key)\":\(value)").utf8)
    }

    static func expectRefused(_ result: CommandResult, _ reasons: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 65, "exit \(result.status): \(result.standardError)", sourceLocation: sourceLocation)
        for reason in reasons {
            #expect(result.standardError.contains(reason), "\(result.standardError)", sourceLocation: sourceLocation)
        }
    }

    /// Issue 15: a count of Int64.max crashed merge (an overflow in Moments.merge).
    @Test func aCountOfInt64MaxIsRefusedWithItsReason() throws {
        let job = try Job("merge-int64max")
        let edited = Self.setting("count", to: "9223372036854775807", in: job.parts[1], after: "\"finalMoneyMoments\"")
        // As edited: the checksum no longer fits.
        Self.expectRefused(try job.merge(replacing: 1, with: edited), "mutant.json: its checksum does not match its content")
        // With the checksum made to fit: the statistics themselves are refused.
        Self.expectRefused(
            try job.merge(replacing: 1, with: try Self.resealed(edited)), "mutant.json: block 1 of lineup 0:",
            "finalMoneyMoments counts 9223372036854775807 values for 44 games")
        // Every count of the other part, one at a time (each round's moments, the final money's,
        // and last the shard's N: keys are sorted, "shard" after "blocks").
        let text = String(decoding: job.parts[0], as: UTF8.self)
        let counts = text.ranges(of: "\"count\":")
        #expect(counts.count > 20)
        for count in counts {
            let edited = Self.setting("count", to: "9223372036854775807", in: job.parts[0], from: count.lowerBound)
            let isShards = text[..<count.lowerBound].hasSuffix("\"shard\":{")
            Self.expectRefused(
                try job.merge(replacing: 0, with: try Self.resealed(edited)), isShards ? "mutant.json: shard 0/9223372036854775807: more than 100000 shards, which --shard refuses" : "mutant.json: block 0 of lineup 0:")
        }
    }

    @Test func otherAndUnsealedFormatsAreNamed() throws {
        let job = try Job("merge-formats")
        // JSONEncoder writes the format's slash escaped.
        let text = String(decoding: job.parts[0], as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
        #expect(text.contains("\"format\":\"playbench-seam-part/1\""))
        let newer = Array(text.replacingOccurrences(of: "playbench-seam-part/1", with: "playbench-seam-part/9").utf8)
        Self.expectRefused(try job.merge(replacing: 0, with: newer), "mutant.json: a part of format 'playbench-seam-part/9'")
        var part = try Part.decode(try Self.resealed(job.parts[0]))
        part.checksum = nil
        Self.expectRefused(try job.merge(replacing: 0, with: try Part.canonical(part)), "mutant.json: no checksum")
    }

    /// Edits that keep the checksum fitting and each statistic consistent on its own, but do not
    /// fit the job: refused by what merge knows of the job.
    @Test func partsThatDoNotFitTheirJobAreRefused() throws {
        let job = try Job("merge-job")
        let cases: [(String, (inout Part) -> Void)] = [
            ("shard 1/0 is not I/N", { $0.shard = try! JSONDecoder().decode(Shard.self, from: Data(#"{"index":1,"count":0}"#.utf8)) }),
            ("lineups of -1 games", { $0.games = -1 }),
            ("lineups of 1000000001 games", { $0.games = 1_000_000_001 }),
            ("blocks other than shard 1/2's", { $0.blocks.append($0.blocks[0]) }),
            ("blocks other than shard 1/2's", { $0.blocks[0].block = 0 }),
            ("blocks other than shard 1/2's", { $0.blocks[0].block = 5 }),
            ("blocks other than shard 1/2's", { $0.blocks[0].lineup = 1 }),
            ("lineups or games other than this command's", { $0.lineups = ["expert,expert,expert,expert"] }),
            ("blocks other than shard 1/2's", { $0.games = 256 }),
            ("played from other files than this design's", { $0.inputs = "GameConfig.plist\t0" }),
            ("a part of \"Coin\"", { $0.game = "Coin" }),
            // Issue 43, item 6: every text field bounded and the version this playbench's,
            // checksum or not (a 50 MB version merged; it is refused before anything is compared).
            ("its version is 52,428,800 bytes: no shard writes one past 4,096", { $0.version = String(repeating: "9", count: 50 << 20) }),
            ("written by playbench \"0.0.9\", not by this one (0.1.0)", { $0.version = "0.0.9" }),
            ("its game is 10,485,760 bytes", { $0.game = String(repeating: "g", count: 10 << 20) }),
            ("its inputs is 5,000 bytes", { $0.inputs = String(repeating: "i", count: 5_000) }),
            ("its command has 1,001 arguments", { $0.command += Array(repeating: "--x", count: 1_001 - $0.command.count) }),
            ("or one past 65,536 bytes", { $0.command[0] = String(repeating: "c", count: 70_000) }),
            ("the name of its lineup 0 is 70,000 bytes", { $0.lineups[0] = String(repeating: "l", count: 70_000) }),
            ("block 1 of lineup 0: holds 0 games, not 44", { $0.blocks[0].statistics = .init() }),
            // Consistent in itself, but not what the command's design plays (M3's ramp).
            ("block 1 of lineup 0: plays round 1 at difficulty 9, the command at 1", { $0.blocks[0].statistics.rounds[0].difficulty = 9 }),
        ]
        for (reason, change) in cases {
            Self.expectRefused(try job.merge(replacing: 1, with: try Self.resealed(job.parts[1], change)), reason)
        }
        // The job's shape fits, but the block holds other games than the command plays in it.
        let otherGames = try Self.resealed(job.parts[1]) { $0.command = $0.command.map { $0 == "300" ? "310" : $0 } }
        let merged = try CommandRunner.playbench(["merge", job.path(0), try { () throws -> String in
            let url = job.directory.appendingPathComponent("other.json")
            try Data(otherGames).write(to: url)
            return url.path
        }()])
        // p0 is of '… --games 300', the other of '… --games 310': not one job.
        Self.expectRefused(merged, "other.json: a part of 'playbench simulate --games 310")
        let both = try [0, 1].map { i in try Self.resealed(job.parts[i]) { $0.command = $0.command.map { $0 == "300" ? "310" : $0 } } }
        for (i, bytes) in both.enumerated() { try Data(bytes).write(to: job.directory.appendingPathComponent("both\(i).json")) }
        Self.expectRefused(
            try CommandRunner.playbench(["merge", job.directory.appendingPathComponent("both0.json").path, job.directory.appendingPathComponent("both1.json").path]),
            "lineups or games other than this command's")
        // An exemplar that is not a game of its block.
        let text = String(decoding: job.parts[1], as: UTF8.self)
        let stray = Array(text.replacingOccurrences(of: "\"exemplars\":[{\"game\":", with: "\"exemplars\":[{\"game\":1", options: [], range: text.range(of: "\"exemplars\":[{\"game\":")).utf8)
        Self.expectRefused(try job.merge(replacing: 1, with: try Self.resealed(stray)), "mutant.json: block 1 of lineup 0: names game 1")
    }
}
