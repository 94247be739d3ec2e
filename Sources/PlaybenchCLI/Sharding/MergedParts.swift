import ArgumentParser
import Diagnostics
import Foundation
import MonteCarlo
import RelentlessSimulation
import RelentlessRuns

/// A command whose games can be spread over the shards of a cluster job: simulate, sweep, gate.
/// `run()` plays here, or one shard with `--shard`; `playbench merge` re-parses the command a
/// part names and executes it with the parts as its blocks.
protocol ShardableCommand: ParsableCommand {
    /// Plays the games here (merged nil), or takes them from the parts of a sharded run.
    func execute(merged: MergedParts?) throws
}

extension ShardableCommand {
    func run() throws { try execute(merged: nil) }
}

/// The parts of one sharded job, checked to fit together: every shard 0..<N once, made by the
/// same command from the same files. A ``BlockSource`` that folds their blocks in order.
struct MergedParts: BlockSource {
    let command: [String]
    let inputs: String
    let shape: [Int]
    let startDifficulties: [Double?]
    let files: [String]
    /// Each run's blocks, by index, with the part each came from. A dictionary, not an array of
    /// the job's shape: a part's shape is only checked against the command at `verify`.
    private let blocks: [Int: [Int: (statistics: SimulationStatistics, part: String)]]

    /// A part that does not belong, or parts that do not make a whole job (exit 65, EX_DATAERR).
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads and checks each part (``PartReader``), then that they make one job: every shard
    /// 0..<N once, made by the same command from the same files.
    static func load(_ paths: [String]) throws -> MergedParts {
        var parts: [(path: String, part: PartFile)] = []
        for path in paths {
            let bytes = try Output.exitingOnFileError { () throws(FileError) in try FileIO.read(path) }
            parts.append((path, try PartReader.read(bytes, name: path)))
        }
        guard let (firstPath, first) = parts.first else { throw Problem(description: "no parts to merge") }
        for (path, part) in parts.dropFirst() {
            // Before the command: a part of another start is named as such, not as another command.
            if part.startDifficulties != first.startDifficulties {
                throw Problem(
                    description: "\(path) played games from \(Self.spelled(starts: part.startDifficulties)), \(firstPath) from \(Self.spelled(starts: first.startDifficulties)) (--start-difficulty, M3): parts of different starts are not one job")
            }
            if part.command != first.command {
                throw Problem(description: "\(path) is a part of '\(Self.spelled(part.command))', \(firstPath) of '\(Self.spelled(first.command))'")
            }
            if part.inputs != first.inputs {
                throw Problem(
                    description: "\(path) and \(firstPath) were played from different input files\(InputFingerprint.phrase(first.inputs, part.inputs)): the design, players or balance changed between shards")
            }
            if part.shard.count != first.shard.count || part.runs != first.runs {
                throw Problem(description: "\(path) is shard \(part.shard) and \(firstPath) shard \(first.shard): not the same split")
            }
        }
        let count = first.shard.count
        var byIndex: [Int: String] = [:]
        for (path, part) in parts {
            if let other = byIndex[part.shard.index] { throw Problem(description: "\(path) and \(other) are both shard \(part.shard)") }
            byIndex[part.shard.index] = path
        }
        if byIndex.count < count {
            // A few are named: N comes from a file and may be huge.
            let missing = (0..<count).lazy.filter { byIndex[$0] == nil }.prefix(5).map { "\($0)/\(count)" }
            let more = count - byIndex.count - missing.count
            throw Problem(
                description: "shard\(count - byIndex.count == 1 ? "" : "s") \(missing.joined(separator: ", "))\(more > 0 ? " and \(more) more" : "") missing: merge needs all \(count) parts")
        }
        var blocks: [Int: [Int: (statistics: SimulationStatistics, part: String)]] = [:]
        for (path, part) in parts {
            // Each part's blocks are its own shard's (validated), so no block comes twice.
            for block in part.blocks { blocks[block.run, default: [:]][block.block] = (block.statistics, path) }
        }
        return MergedParts(
            command: first.command, inputs: first.inputs, shape: first.runs, startDifficulties: first.startDifficulties, files: parts.map(\.path),
            blocks: blocks)
    }

    /// Checks the parts against the job the command plans now: the same input files, the same
    /// runs and blocks, every block of a playable run present, holding the games the command
    /// plays in it (its exemplars games of that block), at most its rounds at their difficulties,
    /// and its team's players. With ``PartFile/validate(name:checkingChecksum:)`` this bounds every
    /// count by the games the command plays, so folding the blocks cannot overflow.
    func verify(inputs current: String, runs: [(simulator: GameSimulator?, blocks: GameBlocks)]) throws {
        guard current == inputs else {
            throw Problem(
                description: "the input files of '\(Self.spelled(command))' are not those the parts were played from\(InputFingerprint.phrase(inputs, current)): merge with the design, players and balance files the shards used")
        }
        guard runs.map(\.blocks.count) == shape else {
            throw Problem(description: "the parts do not have the runs and blocks '\(Self.spelled(command))' plays")
        }
        let starts = PartFile.startDifficulties(runs)
        guard starts == startDifficulties else {
            throw Problem(
                description: "the parts were played from \(Self.spelled(starts: startDifficulties)); '\(Self.spelled(command))' plays from \(Self.spelled(starts: starts))")
        }
        for (run, planned) in runs.enumerated() {
            guard let simulator = planned.simulator else { continue }
            for (index, games) in planned.blocks.enumerated() {
                guard let (statistics, part) = blocks[run]?[index] else { throw Problem(description: "no part holds block \(index) of run \(run)") }
                func refuse(_ what: String) -> Problem { Problem(description: "\(part): block \(index) of run \(run) \(what)") }
                guard statistics.games == games.count else {
                    throw refuse("holds \(counted(statistics.games, "game")); '\(Self.spelled(command))' plays \(games.count) in it")
                }
                guard statistics.rounds.count <= simulator.maxRounds else {
                    throw refuse("has \(statistics.rounds.count) rounds; '\(Self.spelled(command))' plays at most \(simulator.maxRounds)")
                }
                if let r = statistics.rounds.indices.first(where: { statistics.rounds[$0].difficulty != simulator.roundParameters[$0].difficulty }) {
                    throw refuse("plays round \(r) at difficulty \(statistics.rounds[r].difficulty), the command at \(simulator.roundParameters[r].difficulty)")
                }
                guard statistics.playersPerGame == simulator.team.count else {
                    throw refuse("counts \(statistics.playersPerGame ?? 0) players a game; the command's team has \(simulator.team.count)")
                }
                let range = UInt64(games.lowerBound)..<UInt64(games.upperBound)
                if let stray = statistics.finalMoney.recorded.first(where: { !range.contains($0.game) }) {
                    throw refuse("names game \(stray.game) as an exemplar, which is not one of its games (\(games))")
                }
            }
        }
    }

    func fold(
        run: Int, simulator: GameSimulator, blocks: GameBlocks, indices: Range<Int>, into soFar: SimulationStatistics?
    ) throws(GameError) -> SimulationStatistics? {
        var statistics = soFar ?? SimulationStatistics()
        // verify(…) made sure every block of a playable run is here.
        GameBlocks.fold(indices.compactMap { self.blocks[run]?[$0]?.statistics }, into: &statistics)
        return statistics
    }

    static func spelled(_ command: [String]) -> String { (["playbench"] + command).joined(separator: " ") }

    /// "difficulty 4", or "difficulties 1, 4" for runs that start apart (a gate's targets).
    static func spelled(starts: [Double?]) -> String {
        var distinct: [Double] = []
        for start in starts.compactMap({ $0 }) where !distinct.contains(start) { distinct.append(start) }
        guard !distinct.isEmpty else { return "no difficulty (nothing to play)" }
        return (distinct.count == 1 ? "difficulty " : "difficulties ") + distinct.map(\.designerText).joined(separator: ", ")
    }
}

/// Playing one shard and writing its part.
enum ShardPart {
    /// Plays `shard`'s blocks of `runs` and writes the part atomically. Ctrl-C writes nothing and
    /// exits 130.
    static func write(
        _ shard: Shard, options: ShardOptions, runs: [(simulator: GameSimulator?, blocks: GameBlocks)], seed: UInt64, threads: Int?,
        inputs: String, designDirectory: String?
    ) throws {
        try OutputPreflight.check(files: [options.partPath(shard)])
        let interruption = Interruption()
        let bar = ProgressBar(label: "shard \(shard)")
        let work = shard.work(runs: runs.map(\.blocks))
        let total = work.reduce(0) { sum, w in sum + w.blocks.reduce(0) { $0 + runs[w.run].blocks[$1].count } }
        let done = DoneGames()
        let local = LocalPlay(seed: seed, threads: threads, cancellation: interruption.cancellation) { run, games, _ in
            bar.update(done: done.at(run: run, games: games), total: total)
        }
        let blocks: [PartBlock]?
        do {
            blocks = try local.part(shard, runs: runs)
        } catch {
            bar.finish()
            interruption.end()
            throw GameFailure.failure(error, designDirectory: designDirectory)
        }
        bar.finish()
        guard let blocks else {
            interruption.end()
            Output.error("interrupted: shard \(shard) wrote no part")
            throw ExitCode(Interruption.exitStatus)
        }
        let part = PartFile(
            version: ToolInfo().version, command: ShardOptions.commandWithoutSharding(), inputs: inputs, shard: shard, runs: runs.map(\.blocks.count),
            startDifficulties: PartFile.startDifficulties(runs), blocks: blocks)
        let path = options.partPath(shard)
        try Output.exitingOnFileError { () throws(FileError) in
            let bytes: [UInt8]
            do { bytes = try part.encoded() } catch { throw FileError(kind: .unwritable, path: path, reason: "cannot encode the part: \(error)") }
            try FileIO.writeAtomically(bytes, to: path)
        }
        interruption.end()
        Output.standard("wrote \(path): shard \(shard), \(counted(total, "game")) in \(counted(blocks.count, "block")); when every shard is done: playbench merge PARTS...\n")
    }
}

/// Games finished so far over the runs of a shard, for the progress bar.
private final class DoneGames: @unchecked Sendable {
    private var finishedRuns = 0
    private var run = -1
    private var current = 0
    private let lock = NSLock()

    func at(run: Int, games: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if run != self.run {
            finishedRuns += current
            self.run = run
            current = 0
        }
        current = games
        return finishedRuns + current
    }
}
