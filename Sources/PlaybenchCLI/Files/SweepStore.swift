import Balance
import Foundation

/// What a sweep's numbers depend on; a resumed sweep must have the same.
struct SweepJob: ResumableJob {
    /// The design's files (``InputFingerprint``).
    var inputs: String
    var sets: [String]
    /// Every option of the games played that was given, by name (the team, the rounds, the start).
    var options: [String: [String]]
    var games: Int
    var seed: UInt64
    var confidence: Double

    func differences(from other: SweepJob) -> [String] {
        var names: [String] = []
        if inputs != other.inputs { names.append("design files\(InputFingerprint.phrase(inputs, other.inputs))") }
        if sets != other.sets { names.append("--set") }
        for name in Set(options.keys).union(other.options.keys).sorted() where options[name] != other.options[name] { names.append("--\(name)") }
        if games != other.games { names.append("--games") }
        if seed != other.seed { names.append("--seed") }
        if confidence != other.confidence { names.append("--confidence") }
        return names
    }
}

/// A sweep's output directory (``JobStore``): `job.json`, `points/NNNNN.json` as each point
/// finishes, and the tables and report at the end.
typealias SweepStore = JobStore<SweepJob, MetricSweepResult.Point>

extension JobStore where Job == SweepJob, Item == MetricSweepResult.Point {
    convenience init(directory: String, job: SweepJob, resume: Bool, merging: Bool = false) throws {
        let kind = JobKind(
            job: "sweep", items: "points", item: "a sweep point", digits: 5, sameJob: "the same command and design", otherJob: "other options or files")
        try self.init(directory: directory, kind: kind, job: job, resume: resume, merging: merging, index: \.index)
    }

    /// The points not saved yet (a merge's), the tables, the JSON and the report: the directory
    /// replaced as a whole, with them and the points it has.
    func finish(_ result: MetricSweepResult) throws {
        let kept = finished
        var files: [(path: String, bytes: [UInt8])] = []
        try Output.exitingOnFileError { () throws(FileError) in
            for point in result.points where kept[point.index] == nil { files.append((relativePath(of: point), try JobFiles.json(point))) }
            files += [
                ("sweep.json", try JobFiles.json(result)), ("sweep.csv", Array(MetricSweepTables.csv(result).utf8)),
                ("sweep.md", Array(MetricSweepTables.markdown(result).utf8)), ("report.html", Array(MetricSweepPage.render(result).utf8)),
            ]
        }
        try finish(files)
    }
}
