import Balance
import Foundation

/// What a tune of a spec depends on: its design's files (and a --targets file's), the
/// parameters and their ranges, the targets, and the options that decide which points are
/// played on how many games. A resumed search must have the same, so that it plays the same
/// points in the same order.
struct TuneSpecJob: ResumableJob {
    var inputs: String
    var parameters: [SpecSearch.Dimension]
    var targets: [MetricTarget]
    /// Every option of the games played that was given, by name (the team, the rounds, the start).
    var options: [String: [String]]
    var firstGames: Int
    var maxGames: Int
    var maxPoints: Int
    var seed: UInt64
    var confidence: Double

    func differences(from other: TuneSpecJob) -> [String] {
        var names: [String] = []
        if inputs != other.inputs { names.append("design files\(InputFingerprint.phrase(inputs, other.inputs))") }
        if parameters.map(\.name) != other.parameters.map(\.name) { names.append("--param") }
        if parameters.map(\.range) != other.parameters.map(\.range) { names.append("--range") }
        if targets != other.targets { names.append("--target") }
        for name in Set(options.keys).union(other.options.keys).sorted() where options[name] != other.options[name] { names.append("--\(name)") }
        if firstGames != other.firstGames { names.append("--first-games") }
        if maxGames != other.maxGames { names.append("--max-games") }
        if maxPoints != other.maxPoints { names.append("--max-points") }
        if seed != other.seed { names.append("--seed") }
        if confidence != other.confidence { names.append("--confidence") }
        return names
    }
}

/// One evaluation of a spec's search, in the order played: the point, its games, and the
/// statistics of each lineup the targets name (in lineup order), from which a resumed search
/// takes the evaluation, and extends it when it asks for more games.
struct TuneSpecEvaluation<Statistics: Codable & Sendable>: Codable, Sendable {
    var index: Int
    var point: [Double]
    var games: Int
    var lineups: [Int]
    var statistics: [Statistics]
}

extension JobStore {
    /// A tune's output directory: `job.json`, `points/NNNNN.json` as each evaluation finishes
    /// (a point played again on more games is a new one), and tune.json and tune.txt at the end.
    static func tuneSpec<Statistics>(directory: String, job: TuneSpecJob, resume: Bool, merging: Bool = false) throws -> JobStore<TuneSpecJob, TuneSpecEvaluation<Statistics>>
    where Job == TuneSpecJob, Item == TuneSpecEvaluation<Statistics> {
        let kind = JobKind(
            job: "tune", items: "points", item: "a point a tune played", digits: 5, sameJob: "the same command and design", otherJob: "other options or files")
        return try JobStore(directory: directory, kind: kind, job: job, resume: resume, merging: merging, index: \.index)
    }
}
