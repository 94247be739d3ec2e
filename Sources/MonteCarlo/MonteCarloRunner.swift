import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Plays N independent games on all cores and folds what each game reports into mergeable
/// statistics. Knows nothing of any game: a game is a closure from (index, seed) to statistics.
///
/// ```swift
/// let runner = MonteCarloRunner(threads: 2)
/// let run = try runner.run(games: 10_000, seeds: GameSeeds(runSeed: 42), empty: { Moments() }) {
///     (game: UInt64, seed: UInt64, stats: inout Moments) throws(Never) in
///     stats.add(Double(seed % 100))
/// }
/// run.statistics.mean       // the same value with 1 thread or 16
/// ```
///
/// ## Reproducibility
/// Game `i` is played from `seeds.seed(game: i)` alone. Games are grouped in blocks
/// (``GameBlocks``) and each block is cut into chunks of `chunkSize` consecutive games, constants
/// that do not depend on the thread count; each chunk's statistics are built on one thread in
/// game order, chunks are merged into their block in order (a finished chunk waits until the ones
/// before it are merged), and blocks are folded in order. The result is therefore the same, bit
/// for bit, whatever the number of threads, and whether the blocks were played here or by the
/// shards of a cluster job.
///
/// ## Memory
/// One statistics value per thread in flight, plus chunks finished ahead of a slower earlier one
/// (at most a few per thread): flat in N.
///
/// ## Stopping early
/// When `cancellation` is set, threads start no new chunk; the result holds the games of the
/// chunks merged so far (always games 0..<gamesPlayed) and says it is partial.
public struct MonteCarloRunner: Sendable {
    /// Games per chunk: small enough for smooth progress and prompt cancellation, large enough
    /// that merging costs nothing next to playing.
    public static let defaultChunkSize = 16

    public var threads: Int
    public var chunkSize: Int

    /// `threads` defaults to the processors this process may use.
    public init(threads: Int? = nil, chunkSize: Int = MonteCarloRunner.defaultChunkSize) {
        self.threads = max(1, threads ?? Self.availableProcessors)
        self.chunkSize = max(1, chunkSize)
    }

    /// Processors online (at least 1).
    public static var availableProcessors: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Plays games `firstGame`..<`firstGame + games`, in blocks of ``GameBlocks/standardSize``.
    ///
    /// - Parameters:
    ///   - firstGame: where to start. To extend a run exactly as one longer run would have been,
    ///     use ``run(blocks:indices:into:seeds:empty:cancellation:progress:blockFinished:play:)``.
    ///   - empty: statistics of no games (called once per chunk).
    ///   - progress: called with (games merged, games requested) after each chunk is merged,
    ///     on the thread that merged it, never concurrently.
    ///   - play: plays one game and records it. A thrown error ends the run: the error of the
    ///     earliest failing game is rethrown (the same one whatever the thread count).
    public func run<Statistics: MergeableStatistics, Failure: Error>(
        games: Int, startingAt firstGame: Int = 0, seeds: GameSeeds, empty: @Sendable () -> Statistics, cancellation: Cancellation? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        play: @Sendable (_ game: UInt64, _ seed: UInt64, _ statistics: inout Statistics) throws(Failure) -> Void
    ) throws(Failure) -> MonteCarloRun<Statistics> {
        let games = max(0, games)
        let blocks = GameBlocks(cuts: [firstGame, firstGame + games])
        let indices = blocks.indices(upTo: firstGame).upperBound..<blocks.indices(upTo: firstGame + games).upperBound
        return try run(
            blocks: blocks, indices: indices, seeds: seeds, empty: empty, cancellation: cancellation, progress: progress, play: play)
    }

    /// Plays the games of blocks `indices` of `blocks` and folds each block, in block order, into
    /// `initial` (``GameBlocks/fold(_:into:)``). Statistics of blocks `0..<k` folded into
    /// `initial` and then blocks `k..<n` give exactly the statistics of blocks `0..<n`.
    ///
    /// - Parameters:
    ///   - initial: statistics of the blocks before `indices` (default: none).
    ///   - blockFinished: called with each block's own statistics, in block order, before it is
    ///     folded in: what a shard of a cluster job saves.
    public func run<Statistics: MergeableStatistics, Failure: Error>(
        blocks: GameBlocks, indices: Range<Int>? = nil, into initial: Statistics? = nil, seeds: GameSeeds,
        empty: @Sendable () -> Statistics, cancellation: Cancellation? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        blockFinished: (@Sendable (_ block: Int, _ statistics: Statistics) -> Void)? = nil,
        play: @Sendable (_ game: UInt64, _ seed: UInt64, _ statistics: inout Statistics) throws(Failure) -> Void
    ) throws(Failure) -> MonteCarloRun<Statistics> {
        let indices = indices ?? blocks.indices
        let games = indices.reduce(0) { $0 + blocks[$1].count }
        let chunkSize = self.chunkSize
        let chunksPerBlock = indices.map { (blocks[$0].count + chunkSize - 1) / chunkSize }
        let chunkCount = chunksPerBlock.reduce(0, +)
        // Chunk k → (block, games): handed out in order behind a lock, so no table of chunks is built.
        let dealer = Mutex(ChunkDealer(block: indices.lowerBound, offset: 0))
        // Chunks at or after the earliest failure are not started.
        let failedChunk = Atomic<Int>(Int.max)
        let state = Mutex(MergeState(merged: initial ?? empty(), block: empty()))
        let workers = max(1, min(threads, chunkCount))

        // A chunk is not started more than this far ahead of the next one to merge, so that a slow
        // chunk cannot make finished ones pile up (memory stays flat).
        let lookahead = 4 * workers
        let mergedChunks = Atomic<Int>(0)
        WorkerThreads.run(workers) {
            while !(cancellation?.isCancelled ?? false) {
                let dealt = dealer.withLock { dealer -> (chunk: Int, block: Int, games: Range<Int>, last: Bool)? in
                    guard dealer.block < indices.upperBound else { return nil }
                    let range = blocks[dealer.block]
                    let start = range.lowerBound + dealer.offset
                    let end = min(range.upperBound, start + chunkSize)
                    let dealt = (dealer.chunk, dealer.block, start..<end, end == range.upperBound)
                    dealer.chunk += 1
                    if end == range.upperBound { (dealer.block, dealer.offset) = (dealer.block + 1, 0) } else { dealer.offset += chunkSize }
                    return dealt
                }
                guard let dealt, dealt.chunk < failedChunk.load(ordering: .relaxed) else { return }
                let chunk = dealt.chunk
                while chunk >= mergedChunks.load(ordering: .acquiring) + lookahead {
                    // A failed or cancelled run merges no further: nothing to wait for.
                    if cancellation?.isCancelled ?? false || chunk >= failedChunk.load(ordering: .relaxed) { return }
                    usleep(200)
                }
                var statistics = empty()
                do throws(Failure) {
                    for game in dealt.games {
                        // Stop mid-chunk when cancelled: the unfinished chunk is dropped, so the
                        // result is still the games before it.
                        if cancellation?.isCancelled ?? false { return }
                        try play(UInt64(game), seeds.seed(game: UInt64(game)), &statistics)
                    }
                } catch {
                    let message = FailureBox(error: error)
                    state.withLock { state in
                        if chunk < (state.failure?.chunk ?? Int.max) { state.failure = (chunk, message) }
                    }
                    failedChunk.min(chunk, ordering: .relaxed)
                    return
                }
                let finished = PendingChunk(statistics: statistics, block: dealt.block, games: dealt.games.count, closesBlock: dealt.last)
                state.withLock { state in
                    state.pending[chunk] = finished
                    while let ready = state.pending.removeValue(forKey: state.nextChunk) {
                        state.block.merge(ready.statistics)
                        state.blockGames += ready.games
                        if ready.closesBlock {
                            blockFinished?(ready.block, state.block)
                            state.merged.merge(state.block)
                            state.block = empty()
                            state.blockGames = 0
                        }
                        state.gamesMerged += ready.games
                        state.nextChunk += 1
                    }
                    mergedChunks.store(state.nextChunk, ordering: .releasing)
                    progress?(state.gamesMerged, games)
                }
            }
        }

        let (merged, played, failure) = state.withLock { state in
            // A cancelled run keeps the games of its unfinished block that were merged.
            if state.blockGames > 0 { state.merged.merge(state.block) }
            return (state.merged, state.gamesMerged, state.failure)
        }
        if let failure, let error = failure.box.error as? Failure { throw error }
        return MonteCarloRun(statistics: merged, gamesRequested: games, gamesPlayed: played, threads: workers)
    }

}

/// The next chunk to hand out.
private struct ChunkDealer {
    var chunk = 0
    var block: Int
    var offset: Int
}

/// A played chunk waiting for the ones before it.
private struct PendingChunk<Statistics: Sendable>: Sendable {
    var statistics: Statistics
    var block: Int
    var games: Int
    var closesBlock: Bool
}

/// Chunks finished and merged so far, behind the runner's lock.
private struct MergeState<Statistics: MergeableStatistics>: Sendable {
    var merged: Statistics
    /// The block being filled, chunk by chunk.
    var block: Statistics
    var blockGames = 0
    var pending: [Int: PendingChunk<Statistics>] = [:]
    var nextChunk = 0
    var gamesMerged = 0
    var failure: (chunk: Int, box: FailureBox)?
}

/// Carries a game's error from a worker thread to the caller.
struct FailureBox: @unchecked Sendable {
    // Written once by the failing worker under the lock, read after every worker has finished.
    let error: any Error
}

/// What a run produced.
public struct MonteCarloRun<Statistics: MergeableStatistics>: Sendable {
    /// Statistics of the first `gamesPlayed` games asked for (games 0..<gamesPlayed unless the
    /// run started later).
    public var statistics: Statistics
    public var gamesRequested: Int
    public var gamesPlayed: Int
    /// Threads that played (never more than there were chunks).
    public var threads: Int

    public init(statistics: Statistics, gamesRequested: Int, gamesPlayed: Int, threads: Int) {
        self.statistics = statistics
        self.gamesRequested = gamesRequested
        self.gamesPlayed = gamesPlayed
        self.threads = threads
    }

    /// True when the run was cancelled before every game was played.
    public var isPartial: Bool { gamesPlayed < gamesRequested }
}
