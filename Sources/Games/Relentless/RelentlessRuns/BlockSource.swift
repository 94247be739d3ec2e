import MonteCarlo
import RelentlessSimulation

/// Where the statistics of a run's blocks come from: games played here (``LocalPlay``), or the
/// parts a sharded job's machines wrote (`playbench merge`). Commands are written against this,
/// so a merged job computes its result with the same code, from the same blocks, in the same
/// order as a run on one machine.
public protocol BlockSource: Sendable {
    /// Blocks `indices` of run `run` folded into `soFar` (``GameBlocks/fold(_:into:)``), or into
    /// no games when `soFar` is nil; nil when interrupted.
    func fold(
        run: Int, simulator: GameSimulator, blocks: GameBlocks, indices: Range<Int>, into soFar: SimulationStatistics?
    ) throws(GameError) -> SimulationStatistics?
}

extension BlockSource {
    /// Every block of run `run`.
    public func statistics(run: Int, simulator: GameSimulator, blocks: GameBlocks) throws(GameError) -> SimulationStatistics? {
        try fold(run: run, simulator: simulator, blocks: blocks, indices: blocks.indices, into: nil)
    }
}

/// Plays the blocks here, on all cores.
public struct LocalPlay: BlockSource {
    public var seed: UInt64
    public var threads: Int?
    public var cancellation: Cancellation?
    /// (run, games merged, games of this call).
    public var progress: (@Sendable (Int, Int, Int) -> Void)?

    public init(seed: UInt64, threads: Int? = nil, cancellation: Cancellation? = nil, progress: (@Sendable (Int, Int, Int) -> Void)? = nil) {
        self.seed = seed
        self.threads = threads
        self.cancellation = cancellation
        self.progress = progress
    }

    public func fold(
        run: Int, simulator: GameSimulator, blocks: GameBlocks, indices: Range<Int>, into soFar: SimulationStatistics?
    ) throws(GameError) -> SimulationStatistics? {
        let result = try play(simulator, blocks: blocks, indices: indices, into: soFar, run: run, blockFinished: nil)
        return result.isPartial ? nil : result.statistics
    }

    /// The blocks of `indices`, with each block's own statistics handed to `blockFinished`.
    public func play(
        _ simulator: GameSimulator, blocks: GameBlocks, indices: Range<Int>, into soFar: SimulationStatistics?, run: Int = 0,
        blockFinished: (@Sendable (Int, SimulationStatistics) -> Void)?
    ) throws(GameError) -> MonteCarloRun<SimulationStatistics> {
        let report: (@Sendable (Int, Int) -> Void)? = progress.map { p in { @Sendable done, total in p(run, done, total) } }
        return try MonteCarloRunner(threads: threads).run(
            blocks: blocks, indices: indices, into: soFar, seeds: GameSeeds(runSeed: seed), empty: { SimulationStatistics() },
            cancellation: cancellation, progress: report, blockFinished: blockFinished
        ) { (game: UInt64, gameSeed: UInt64, statistics: inout SimulationStatistics) throws(GameError) in
            let summary = try simulator.play(seed: gameSeed) { statistics.record($0) }
            statistics.record(summary, game: game)
        }
    }

    /// Plays a shard's blocks of every run (``Shard/work(runs:)``) and returns each block's own
    /// statistics, in order: the part the shard writes. Runs without a simulator (they cannot be
    /// played; the command reports why) are skipped. Nil when interrupted.
    public func part(_ shard: Shard, runs: [(simulator: GameSimulator?, blocks: GameBlocks)]) throws(GameError) -> [PartBlock]? {
        var part: [PartBlock] = []
        for (run, indices) in shard.work(runs: runs.map(\.blocks)) {
            guard let simulator = runs[run].simulator else { continue }
            let collected = Collected()
            let result = try play(simulator, blocks: runs[run].blocks, indices: indices, into: nil, run: run) { block, statistics in
                collected.add(PartBlock(run: run, block: block, statistics: statistics))
            }
            if result.isPartial { return nil }
            part += collected.blocks
        }
        return part
    }
}

/// One block of one run as a shard's part holds it.
public struct PartBlock: Sendable, Codable {
    public var run: Int
    public var block: Int
    public var statistics: SimulationStatistics

    public init(run: Int, block: Int, statistics: SimulationStatistics) {
        self.run = run
        self.block = block
        self.statistics = statistics
    }
}

/// Blocks handed over by the runner (never concurrently, but from its threads).
private final class Collected: @unchecked Sendable {
    private(set) var blocks: [PartBlock] = []
    func add(_ block: PartBlock) { blocks.append(block) }
}
