import Foundation
import MonteCarlo

/// What one shard of a spec's `tune` played at one evaluation of the search: its share of the
/// blocks the evaluation adds to the point's games (`from` to `games`), for every lineup the
/// targets name. The shards of a spec meet through these files (``SpecExchange``), and `merge`
/// replays the search from them.
///
/// The search is sequential (each point is chosen from every evaluation before it), so its
/// shards cannot play ahead as a sweep's do: every shard runs the same search, plays its share
/// of each evaluation's blocks, and folds the other shards' before it chooses the next point.
struct SpecPartFile<Statistics: Codable & Sendable>: Codable, Sendable, ChecksummedPart {
    var format = SpecParts.format
    var version: String
    /// The command without its shard options: what merge runs.
    var command: [String]
    var game: String
    /// The job's fingerprint (``SpecParts/jobKey(_:)``): the design's files, the parameters, the
    /// targets and every option that decides which points are played on how many games.
    var job: String
    var shard: Shard
    /// The evaluation's place in the search, from 0.
    var evaluation: Int
    var point: [Double]
    /// The point's games before the evaluation, and after it (whole blocks).
    var from: Int
    var games: Int
    /// The lineups the targets name, in order.
    var lineups: [Int]
    var blocks: [SeamPartFile<Statistics>.Block]
    var checksum: String?
}

enum SpecParts {
    static let format = "playbench-spec-part/1"

    /// A spec's job as a part names it: the checksum of its job file's bytes.
    static func jobKey(_ job: TuneSpecJob) throws -> String {
        let bytes = try Output.exitingOnFileError { () throws(FileError) in try JobFiles.json(job) }
        return PartChecksum.of(canonicalBytes: bytes)
    }

    /// The command of shard 0's part of evaluation 0 among `files` (which every finished
    /// sharded search has: shard 0 writes it even when it plays nothing there), read without
    /// its statistics; nil when there is none.
    static func commandOfShardZero(_ files: [(path: String, bytes: [UInt8])]) -> [String]? {
        struct Header: Decodable {
            var format: String
            var command: [String]
            var shard: Shard
            var evaluation: Int
        }
        for file in files {
            guard let header = try? JSONDecoder().decode(Header.self, from: Data(file.bytes)) else { continue }
            if header.format == format && header.shard.index == 0 && header.evaluation == 0 { return header.command }
        }
        return nil
    }

    /// `00007-2-of-4.json`: evaluation 7, shard 2 of 4.
    static func fileName(evaluation: Int, shard: Shard) -> String {
        let digits = String(evaluation)
        return String(repeating: "0", count: max(0, 5 - digits.count)) + digits + "-\(shard.index)-of-\(shard.count).json"
    }

    /// The blocks shard `shard` plays of an evaluation that takes each of `lineups` from `from`
    /// to `games` games: the evaluation's (lineup, block) units in order, split as every job's
    /// are (``Shard/work(blockCounts:)``), so each block is played by exactly one shard.
    static func owned(by shard: Shard, lineups: [Int], from: Int, games: Int) -> [(lineup: Int, blocks: Range<Int>)] {
        let first = from / GameBlocks.standardSize
        let count = games / GameBlocks.standardSize - first
        return shard.work(blockCounts: Array(repeating: count, count: lineups.count)).map { work in
            (lineups[work.run], (work.blocks.lowerBound + first)..<(work.blocks.upperBound + first))
        }
    }
}
