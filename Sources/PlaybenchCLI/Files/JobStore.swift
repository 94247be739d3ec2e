import ArgumentParser
import Foundation
import Synchronization

/// What a resumable job depends on (the design's files, the options); a resumed job must have
/// the same.
protocol ResumableJob: Codable, Equatable, Sendable {
    /// What differs from `other`, as the options and inputs a user would change ("--games",
    /// "design files (DefaultGameParameters.plist changed)").
    func differences(from other: Self) -> [String]
}

/// How a kind of job names itself and files its items, for its directory and its messages.
struct JobKind: Sendable {
    /// "sweep", "fit".
    var job: String
    /// Its items, also their subdirectory: "points", "stages".
    var items: String
    /// One item in a message: "a sweep point", "a stage of a fit".
    var item: String
    /// Digits of an item's file name ("00042.json": 5).
    var digits: Int
    /// What a resume needs: "the same command and design".
    var sameJob: String
    /// What a different job is of: "other options or files".
    var otherJob: String
}

/// A resumable job's output directory, for sweep, calibrate and any job after them: `job.json`
/// (what the items depend on), one file per item under `KIND.items/` written atomically as each
/// finishes, and the job's results at the end. What makes `--resume` continue without repeating
/// or losing an item: an item file is there whole or not at all, and items are only taken when
/// the job matches.
///
/// One job at a time: the store holds the directory's ``OutputLock`` from its opening to
/// ``close()``, and a second job into it is refused (exit 73). The results appear together:
/// ``finish(_:)`` replaces the directory as a whole (``DirectoryOutput``), so a killed job leaves
/// its items and job (for `--resume`) and either no results or all of them.
final class JobStore<Job: ResumableJob, Item: Codable & Sendable>: Sendable {
    let directory: String
    let kind: JobKind
    /// `DIRECTORY/KIND.items`, where the item files are.
    let itemsDirectory: String
    private let lock: OutputLock
    private let index: @Sendable (Item) -> Int
    private let items: Mutex<[Int: Item]>
    /// The first item this run could not keep (``keepIfPossible(_:)``), reported at the end.
    private let failure = Mutex<String?>(nil)

    /// Opens the directory. Without `resume`, a directory that holds items of a job is refused
    /// (they would be mixed or lost); with it, the job must match, and every item file must read
    /// as an item that `accepts` takes.
    /// - Parameter merging: `merge` writes the job from shards' parts (it has no --resume): its
    ///   refusal says what it can do instead.
    init(
        directory: String, kind: JobKind, job: Job, resume: Bool, merging: Bool = false, index: @escaping @Sendable (Item) -> Int,
        accepts: (Item) -> Bool = { _ in true }
    ) throws {
        self.directory = directory
        self.kind = kind
        self.index = index
        itemsDirectory = (directory as NSString).appendingPathComponent(kind.items)
        lock = try Output.exitingOnFileError { () throws(FileError) in try OutputLock(for: directory) }
        do {
            items = Mutex(
                try Self.open(directory: directory, itemsDirectory: itemsDirectory, kind: kind, job: job, resume: resume, merging: merging, index: index, accepts: accepts))
        } catch {
            lock.release()
            throw error
        }
    }

    private static func open(
        directory: String, itemsDirectory: String, kind: JobKind, job: Job, resume: Bool, merging: Bool, index: (Item) -> Int, accepts: (Item) -> Bool
    ) throws -> [Int: Item] {
        let jobPath = (directory as NSString).appendingPathComponent("job.json")
        Leftovers.clean(itemsDirectory)
        let existing = FileManager.default.fileExists(atPath: jobPath)
        let itemFiles = ((try? FileManager.default.contentsOfDirectory(atPath: itemsDirectory)) ?? []).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        var found: [Int: Item] = [:]
        if !resume {
            if existing && !itemFiles.isEmpty {
                throw Output.usage(
                    merging
                        ? "\(directory) holds \(kind.items) of an earlier \(kind.job): move it away or remove it, and merge again (merge writes the whole \(kind.job) the parts name)"
                        : "\(directory) holds \(kind.items) of an earlier \(kind.job): add --resume to continue it, or choose another --output-dir")
            }
        } else if existing {
            let bytes = try Output.exitingOnFileError { () throws(FileError) in try FileIO.read(jobPath) }
            guard let earlier = try? JSONDecoder().decode(Job.self, from: Data(bytes)) else {
                throw Output.usage("\(jobPath) cannot be read: it is not a \(kind.job)'s job file")
            }
            guard earlier == job else {
                let differences = earlier.differences(from: job).joined(separator: ", ") + " differ"
                throw Output.usage("\(directory) holds a \(kind.job) of \(kind.otherJob) (\(differences)); --resume needs \(kind.sameJob)")
            }
            for name in itemFiles {
                let path = (itemsDirectory as NSString).appendingPathComponent(name)
                let bytes = try Output.exitingOnFileError { () throws(FileError) in try FileIO.read(path) }
                guard let item = try? JSONDecoder().decode(Item.self, from: Data(bytes)), accepts(item) else {
                    throw Output.usage("\(path) is not \(kind.item); remove it and --resume again")
                }
                found[index(item)] = item
            }
        }
        try Output.exitingOnFileError { () throws(FileError) in
            try FileIO.createDirectory(itemsDirectory)
            try FileIO.write(try JobFiles.json(job), to: jobPath)
        }
        return found
    }

    /// The items kept so far (an earlier run's, and this run's saved ones), by index.
    var finished: [Int: Item] { items.withLock { $0 } }

    /// Writes `item` atomically into the items directory; then it is one of ``finished``.
    func save(_ item: Item) throws(FileError) {
        try FileIO.write(try JobFiles.json(item), to: (itemsDirectory as NSString).appendingPathComponent(fileName(of: item)))
        items.withLock { $0[index(item)] = item }
    }

    /// Saves `item` if it can; a write that fails (a full disk) only costs a resume its work,
    /// so it is remembered for ``keepFailure`` instead of stopping the job.
    func keepIfPossible(_ item: Item) {
        do throws(FileError) { try save(item) } catch { failure.withLock { $0 = $0 ?? error.description } }
    }

    /// Why an item could not be kept, if one could not.
    var keepFailure: String? { failure.withLock { $0 } }

    /// `KIND.items/NNNNN.json`, the path of `item` inside the directory.
    func relativePath(of item: Item) -> String { kind.items + "/" + fileName(of: item) }

    private func fileName(of item: Item) -> String { String(format: "%0\(kind.digits)d.json", index(item)) }

    /// The job's results: the directory replaced as a whole, with `files` and the items it has.
    func finish(_ files: [(path: String, bytes: [UInt8])]) throws {
        try Output.exitingOnFileError { () throws(FileError) in try DirectoryOutput.replace(directory, with: files) }
    }

    /// Lets another job have the directory.
    func close() { lock.release() }
}

/// How a job's files are written: pretty JSON, keys sorted, ending in a newline.
enum JobFiles {
    static func json(_ value: some Encodable) throws(FileError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do { return Array(try encoder.encode(value)) + [10] } catch { throw FileError(kind: .unwritable, path: "-", reason: "cannot encode: \(error)") }
    }
}
