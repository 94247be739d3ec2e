import ArgumentParser
import Foundation
import MonteCarlo

/// `--shard` and `--part`: the options that make simulate, sweep, gate, sensitivity and a calibrate --sbc study play one shard of a
/// cluster job and write a part for `playbench merge`.
struct ShardOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            """
            Play only shard I of N (0-based) and write a part for 'playbench merge'. 'auto' or \
            'auto/N' takes I from the scheduler: JOB_COMPLETION_INDEX (Kubernetes Indexed Job), \
            SLURM_ARRAY_TASK_ID minus SLURM_ARRAY_TASK_MIN (Slurm job array; N defaults to \
            SLURM_ARRAY_TASK_COUNT), or PLAYBENCH_SHARD_INDEX (any other, e.g. a GitHub Actions \
            matrix).
            """, valueName: "I/N"))
    var shard: String?

    @Option(help: ArgumentHelp("Where a shard writes its part (atomically). Default: part-I-of-N.json.", valueName: "file"))
    var part: String?

    /// Environment variables that carry a shard index, in the order they are tried.
    static let indexVariables = ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "PLAYBENCH_SHARD_INDEX"]

    func validate() throws {
        if let shard = try resolve(environment: ProcessInfo.processInfo.environment), shard.count > Shard.maxCount {
            throw ValidationError("--shard \(self.shard ?? ""): at most \(Shard.maxCount) shards (each plays at least one block of \(GameBlocks.standardSize) games); got \(shard.count)")
        }
        if part != nil && shard == nil { throw ValidationError("--part needs --shard (only a shard writes a part)") }
    }

    /// The shard to play, or nil for the whole job.
    func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Shard? {
        try Self.resolve(shard, environment: environment)
    }

    /// The shard `text` names (I/N, 'auto' or 'auto/N'), or nil for the whole job.
    static func resolve(_ text: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Shard? {
        guard let text else { return nil }
        let usage = "--shard takes I/N (0 ≤ I < N), 'auto' or 'auto/N'; got '\(text)'"
        guard text == "auto" || text.hasPrefix("auto/") else {
            guard let shard = Shard(parsing: text) else { throw ValidationError(usage) }
            return shard
        }
        guard let variable = Self.indexVariables.first(where: { environment[$0] != nil }), let value = environment[variable] else {
            throw ValidationError("--shard \(text): no shard index in the environment (\(Self.indexVariables.joined(separator: ", ")))")
        }
        guard var index = Int(value) else { throw ValidationError("--shard \(text): \(variable)='\(value)' is not a number") }
        if variable == "SLURM_ARRAY_TASK_ID", let minimum = environment["SLURM_ARRAY_TASK_MIN"].flatMap({ Int($0) }) { index -= minimum }
        let count: Int
        if text == "auto" {
            guard let n = (environment["SLURM_ARRAY_TASK_COUNT"] ?? environment["PLAYBENCH_SHARD_COUNT"]).flatMap({ Int($0) }) else {
                throw ValidationError("--shard auto: say how many shards (--shard auto/N); only Slurm (SLURM_ARRAY_TASK_COUNT) or PLAYBENCH_SHARD_COUNT tells")
            }
            count = n
        } else {
            guard let n = Int(text.dropFirst("auto/".count)) else { throw ValidationError(usage) }
            count = n
        }
        guard let shard = Shard(index: index, count: count) else {
            throw ValidationError("--shard \(text): index \(index) (from \(variable)) is not in 0..<\(count)")
        }
        return shard
    }

    /// Why a command, or a mode of one, plays no shard: "--shard " and `why`.
    static func refusal(_ why: String) -> ValidationError { ValidationError("--shard \(why)") }

    func partPath(_ shard: Shard) -> String { part ?? "part-\(shard.index)-of-\(shard.count).json" }

    /// The options that say how a job is split, not what it is: a merge replays the command
    /// without them (a spec's shards meet in --exchange, and wait --shard-timeout for each other).
    static let shardingOptions = ["--shard", "--part", "--exchange", "--shard-timeout"]

    /// The command line to replay at merge: this process's arguments without the shard options.
    static func commandWithoutSharding(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> [String] {
        var kept: [String] = []
        var skipNext = false
        for argument in arguments {
            if skipNext {
                skipNext = false
                continue
            }
            if shardingOptions.contains(argument) {
                skipNext = true
                continue
            }
            if shardingOptions.contains(where: { argument.hasPrefix($0 + "=") }) { continue }
            kept.append(argument)
        }
        return kept
    }
}
