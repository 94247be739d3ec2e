import ArgumentParser
import Foundation
import GameSeam
import Synchronization

/// A fit's output directory: `job.json` (what the fit depends on), `stages/NN.json` written
/// atomically as each stage of the sampler finishes, and at the end the fitted files. What lets
/// `--resume` continue an interrupted fit without simulating a finished stage again: a stage file
/// is there whole or not at all, is taken only when the job matches, and only for exactly the
/// candidates the sampler proposes again (``CalibrationStages``).
///
/// One fit at a time: the store holds the directory's ``OutputLock`` until ``close()``. The
/// results appear together: ``finish(_:)`` replaces the directory as a whole (``DirectoryOutput``).
final class CalibrationStore: CalibrationStages {
    struct Job: Codable, Equatable {
        /// The design's files (``InputFingerprint``).
        var inputs: String
        /// The logs, by the names given (``InputFingerprint``).
        var logs: String
        /// Every option the fit reads, by long name.
        var options: [String: String]
    }

    struct Stage: Codable {
        var stage: Int
        var candidates: [[Double]]
        var logLikelihoods: [Double?]
    }

    let directory: String
    private let lock: OutputLock
    private let finished: Mutex<[Int: Stage]>
    /// The first stage file this run could not write, reported at the end.
    private let failure = Mutex<String?>(nil)

    var stagesDirectory: String { (directory as NSString).appendingPathComponent("stages") }
    var jobPath: String { (directory as NSString).appendingPathComponent("job.json") }

    init(directory: String, job: Job, resume: Bool) throws {
        self.directory = directory
        lock = try Output.exitingOnFileError { () throws(FileError) in try OutputLock(for: directory) }
        do {
            finished = Mutex(try Self.open(directory: directory, job: job, resume: resume))
        } catch {
            lock.release()
            throw error
        }
    }

    private static func open(directory: String, job: Job, resume: Bool) throws -> [Int: Stage] {
        let stages = (directory as NSString).appendingPathComponent("stages")
        let jobPath = (directory as NSString).appendingPathComponent("job.json")
        Leftovers.clean(stages)
        let existing = FileManager.default.fileExists(atPath: jobPath)
        let stageFiles = ((try? FileManager.default.contentsOfDirectory(atPath: stages)) ?? []).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        var finished: [Int: Stage] = [:]
        if !resume {
            if existing && !stageFiles.isEmpty {
                throw Output.usage("\(directory) holds stages of an earlier fit: add --resume to continue it, or choose another --output-dir")
            }
        } else if existing {
            let bytes = try Output.exitingOnFileError { () throws(FileError) in try FileIO.read(jobPath) }
            guard let earlier = try? JSONDecoder().decode(Job.self, from: Data(bytes)) else {
                throw Output.usage("\(jobPath) cannot be read: it is not a fit's job file")
            }
            guard earlier == job else {
                throw Output.usage("\(directory) holds a fit of other options, design files or logs (\(differences(earlier, job))); --resume needs the same command, design and logs")
            }
            for name in stageFiles {
                let path = (stages as NSString).appendingPathComponent(name)
                let bytes = try Output.exitingOnFileError { () throws(FileError) in try FileIO.read(path) }
                guard let stage = try? JSONDecoder().decode(Stage.self, from: Data(bytes)), stage.candidates.count == stage.logLikelihoods.count else {
                    throw Output.usage("\(path) is not a stage of a fit; remove it and --resume again")
                }
                finished[stage.stage] = stage
            }
        }
        try Output.exitingOnFileError { () throws(FileError) in
            try FileIO.createDirectory(stages)
            try FileIO.write(try SweepStore.json(job), to: jobPath)
        }
        return finished
    }

    func recall(stage: Int, candidates: [[Double]]) -> [Double?]? {
        finished.withLock { finished in
            guard let kept = finished[stage], kept.candidates == candidates else { return nil }
            return kept.logLikelihoods
        }
    }

    func keep(stage: Int, candidates: [[Double]], logLikelihoods: [Double?]) {
        let record = Stage(stage: stage, candidates: candidates, logLikelihoods: logLikelihoods)
        let path = (stagesDirectory as NSString).appendingPathComponent(String(format: "%02d.json", stage))
        do throws(FileError) {
            try FileIO.write(try SweepStore.json(record), to: path)
            finished.withLock { $0[stage] = record }
        } catch {
            failure.withLock { $0 = $0 ?? error.description }
        }
    }

    /// Why a stage could not be kept (a full disk), if one could not.
    var keepFailure: String? { failure.withLock { $0 } }

    /// The fit's files and its JSON: the directory replaced as a whole, its stages kept.
    func finish(_ files: [(path: String, bytes: [UInt8])]) throws {
        try Output.exitingOnFileError { () throws(FileError) in try DirectoryOutput.replace(directory, with: files) }
    }

    func close() { lock.release() }

    private static func differences(_ a: Job, _ b: Job) -> String {
        var names: [String] = []
        if a.inputs != b.inputs { names.append("design files\(InputFingerprint.phrase(a.inputs, b.inputs))") }
        if a.logs != b.logs { names.append("logs\(InputFingerprint.phrase(a.logs, b.logs))") }
        for name in Set(a.options.keys).union(b.options.keys).sorted() where a.options[name] != b.options[name] { names.append("--\(name)") }
        return names.joined(separator: ", ") + " differ"
    }
}
