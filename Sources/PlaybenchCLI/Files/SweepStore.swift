import ArgumentParser
import Balance
import Foundation

/// A sweep's output directory: `job.json` (what the points depend on), `points/NNNNN.json`
/// written atomically as each point finishes, and the tables and report at the end. What makes
/// `--resume` continue without repeating or losing a point: a point file is there whole or not
/// at all, and one is only taken when the job matches.
///
/// One sweep at a time: the store holds the directory's ``OutputLock`` from its opening to
/// ``close()``, and a second sweep into it is refused (exit 73). The tables and the report
/// appear together: ``finish(_:)`` replaces the directory as a whole (``DirectoryOutput``), so
/// a killed sweep leaves its points and job (for `--resume`) and either no tables or all four.
struct SweepStore {
    /// What a sweep's numbers depend on; a resumed sweep must have the same.
    struct Job: Codable, Equatable {
        /// The design's files (``InputFingerprint``).
        var inputs: String
        var sets: [String]
        /// Every option of the games played that was given, by name (the team, the rounds, the start).
        var options: [String: [String]]
        var games: Int
        var seed: UInt64
        var confidence: Double
    }

    let directory: String
    let job: Job
    private let lock: OutputLock
    /// Points finished by an earlier run, by index.
    private(set) var finished: [Int: MetricSweepResult.Point] = [:]

    var pointsDirectory: String { (directory as NSString).appendingPathComponent("points") }
    var jobPath: String { (directory as NSString).appendingPathComponent("job.json") }

    /// Opens the directory. Without `resume`, a directory that holds points of a sweep is refused
    /// (they would be mixed or lost); with it, the job must match.
    /// - Parameter merging: `merge` writes the sweep from shards' parts (it has no --resume): its
    ///   refusal says what it can do instead.
    init(directory: String, job: Job, resume: Bool, merging: Bool = false) throws {
        self.directory = directory
        self.job = job
        lock = try Output.exitingOnFileError { () throws(FileError) in try OutputLock(for: directory) }
        do {
            try open(resume: resume, merging: merging)
        } catch {
            lock.release()
            throw error
        }
    }

    private mutating func open(resume: Bool, merging: Bool) throws {
        Leftovers.clean(pointsDirectory)
        let existing = FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent("job.json"))
        let pointFiles = ((try? FileManager.default.contentsOfDirectory(atPath: (directory as NSString).appendingPathComponent("points"))) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
        if !resume {
            if existing && !pointFiles.isEmpty {
                throw Output.usage(
                    merging
                        ? "\(directory) holds points of an earlier sweep: move it away or remove it, and merge again (merge writes the whole sweep the parts name)"
                        : "\(directory) holds points of an earlier sweep: add --resume to continue it, or choose another --output-dir")
            }
        } else if existing {
            let bytes = try Output.exitingOnFileError { () throws(FileError) in try FileIO.read(jobPath) }
            guard let earlier = try? JSONDecoder().decode(Job.self, from: Data(bytes)) else {
                throw Output.usage("\(jobPath) cannot be read: it is not a sweep's job file")
            }
            guard earlier == job else {
                throw Output.usage("\(directory) holds a sweep of other options or files (\(Self.differences(earlier, job))); --resume needs the same command and design")
            }
            for name in pointFiles {
                let path = (pointsDirectory as NSString).appendingPathComponent(name)
                let bytes = try Output.exitingOnFileError { () throws(FileError) in try FileIO.read(path) }
                guard let point = try? JSONDecoder().decode(MetricSweepResult.Point.self, from: Data(bytes))
                else { throw Output.usage("\(path) is not a sweep point; remove it and --resume again") }
                finished[point.index] = point
            }
        }
        try Output.exitingOnFileError { () throws(FileError) in
            try FileIO.createDirectory(pointsDirectory)
            try FileIO.write(try Self.json(job), to: jobPath)
        }
    }

    func save(_ point: MetricSweepResult.Point) throws {
        let path = (pointsDirectory as NSString).appendingPathComponent(Self.pointFile(point))
        try Output.exitingOnFileError { () throws(FileError) in try FileIO.write(try Self.json(point), to: path) }
    }

    /// The points not saved yet (a merge's), the tables, the JSON and the report: the directory
    /// replaced as a whole, with them and the points it has.
    func finish(_ result: MetricSweepResult) throws {
        try Output.exitingOnFileError { () throws(FileError) in
            var files: [(path: String, bytes: [UInt8])] = []
            for point in result.points where finished[point.index] == nil {
                files.append(("points/" + Self.pointFile(point), try Self.json(point)))
            }
            files += [
                ("sweep.json", try Self.json(result)), ("sweep.csv", Array(MetricSweepTables.csv(result).utf8)),
                ("sweep.md", Array(MetricSweepTables.markdown(result).utf8)), ("report.html", Array(MetricSweepPage.render(result).utf8)),
            ]
            try DirectoryOutput.replace(directory, with: files)
        }
    }

    /// Lets another sweep have the directory.
    func close() {
        lock.release()
    }

    private static func pointFile(_ point: MetricSweepResult.Point) -> String {
        String(format: "%05d.json", point.index)
    }

    static func json(_ value: some Encodable) throws(FileError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do { return Array(try encoder.encode(value)) + [10] } catch { throw FileError(kind: .unwritable, path: "-", reason: "cannot encode: \(error)") }
    }

    private static func differences(_ a: Job, _ b: Job) -> String {
        var names: [String] = []
        if a.inputs != b.inputs { names.append("design files\(InputFingerprint.phrase(a.inputs, b.inputs))") }
        if a.sets != b.sets { names.append("--set") }
        for name in Set(a.options.keys).union(b.options.keys).sorted() where a.options[name] != b.options[name] { names.append("--\(name)") }
        if a.games != b.games { names.append("--games") }
        if a.seed != b.seed { names.append("--seed") }
        if a.confidence != b.confidence { names.append("--confidence") }
        return names.joined(separator: ", ") + " differ"
    }
}
