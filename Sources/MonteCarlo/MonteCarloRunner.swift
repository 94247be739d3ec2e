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
/// Game `i` is played from `seeds.seed(game: i)` alone. Games are cut into chunks of
/// `chunkSize` consecutive games, a constant that does not depend on the thread count; each
/// chunk's statistics are built on one thread in game order, and chunks are merged in chunk
/// order (a finished chunk waits until the ones before it are merged). The result is therefore
/// the same, bit for bit, whatever the number of threads.
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

    /// Plays games `firstGame`..<`firstGame + games`.
    ///
    /// - Parameters:
    ///   - firstGame: where to start, so that a run can be extended by more games later (merge
    ///     the new run's statistics into the old one's) without playing a game twice.
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
        let chunkSize = self.chunkSize
        let chunkCount = games / chunkSize + (games % chunkSize > 0 ? 1 : 0)
        let nextChunk = Atomic<Int>(0)
        // Chunks at or after the earliest failure are not started.
        let failedChunk = Atomic<Int>(Int.max)
        let state = Mutex(MergeState(merged: empty()))
        let workers = max(1, min(threads, chunkCount))

        // A chunk is not started more than this far ahead of the next one to merge, so that a slow
        // chunk cannot make finished ones pile up (memory stays flat).
        let lookahead = 4 * workers
        let mergedChunks = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while !(cancellation?.isCancelled ?? false) {
                let chunk = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
                guard chunk < chunkCount, chunk < failedChunk.load(ordering: .relaxed) else { return }
                while chunk >= mergedChunks.load(ordering: .acquiring) + lookahead {
                    // A failed or cancelled run merges no further: nothing to wait for.
                    if cancellation?.isCancelled ?? false || chunk >= failedChunk.load(ordering: .relaxed) { return }
                    usleep(200)
                }
                var statistics = empty()
                let first = chunk * chunkSize
                do throws(Failure) {
                    for game in firstGame + first..<firstGame + min(games, first + chunkSize) {
                        // Stop mid-chunk when cancelled: the unfinished chunk is dropped, so the
                        // result is still games 0..<k.
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
                let finished = statistics
                state.withLock { state in
                    state.pending[chunk] = finished
                    while let ready = state.pending.removeValue(forKey: state.nextChunk) {
                        state.merged.merge(ready)
                        state.gamesMerged = min(games, (state.nextChunk + 1) * chunkSize)
                        state.nextChunk += 1
                    }
                    mergedChunks.store(state.nextChunk, ordering: .releasing)
                    progress?(state.gamesMerged, games)
                }
            }
        }

        let (merged, played, failure) = state.withLock { ($0.merged, $0.gamesMerged, $0.failure) }
        if let failure, let error = failure.box.error as? Failure { throw error }
        return MonteCarloRun(statistics: merged, gamesRequested: games, gamesPlayed: played, threads: workers)
    }

}

/// Chunks finished and merged so far, behind the runner's lock.
private struct MergeState<Statistics: MergeableStatistics>: Sendable {
    var merged: Statistics
    var pending: [Int: Statistics] = [:]
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

    /// True when the run was cancelled before every game was played.
    public var isPartial: Bool { gamesPlayed < gamesRequested }
}
