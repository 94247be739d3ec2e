import MonteCarlo
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A cancelled run returns a partial result that covers exactly games 0..<gamesPlayed, a whole
/// number of chunks. A chunk still being played when cancellation is asked for stops at once and
/// is dropped (so that Ctrl-C takes effect within a game, not a chunk).
@Suite struct RunnerCancellationTests {
    static let games = 100_000
    static let chunkSize = 16

    static func run(threads: Int, games: Int = games, cancelAtGame: UInt64, cancellation: Cancellation) -> MonteCarloRun<ToyStatistics> {
        MonteCarloRunner(threads: threads, chunkSize: chunkSize).run(
            games: games, seeds: GameSeeds(runSeed: 9), empty: { ToyStatistics() }, cancellation: cancellation
        ) { (game: UInt64, seed: UInt64, statistics: inout ToyStatistics) throws(Never) in
            if game == cancelAtGame { cancellation.cancel() }
            playToy(game: game, seed: seed, statistics: &statistics)
        }
    }

    @Test(arguments: [1, 2, 3, 8])
    func cancelledRunIsAPrefixOfWholeChunks(threads: Int) {
        let cancellation = Cancellation()
        let run = Self.run(threads: threads, cancelAtGame: 1000, cancellation: cancellation)
        #expect(cancellation.isCancelled)
        #expect(run.isPartial)
        #expect(run.gamesRequested == Self.games)
        #expect(run.gamesPlayed < Self.games)
        #expect(run.gamesPlayed % Self.chunkSize == 0)
        // The chunk holding game 1000 (992..<1008) stopped there and was dropped; on one thread
        // every chunk before it was finished.
        #expect(run.gamesPlayed <= 992)
        if threads == 1 { #expect(run.gamesPlayed == 992) }
        #expect(run.statistics.log.games == Array(0..<UInt64(run.gamesPlayed)))
        #expect(run.statistics.moments.count == run.gamesPlayed)
        #expect(run.statistics.exemplars.histogram.count == run.gamesPlayed)
    }

    /// The partial statistics are those a complete run of gamesPlayed games would give.
    @Test(arguments: [1, 3, 8])
    func partialStatisticsEqualAShorterCompleteRun(threads: Int) {
        let partial = Self.run(threads: threads, cancelAtGame: 500, cancellation: Cancellation())
        let complete = Self.run(threads: 1, games: partial.gamesPlayed, cancelAtGame: .max, cancellation: Cancellation())
        #expect(!complete.isPartial)
        #expect(partial.statistics.moments == complete.statistics.moments)
        #expect(partial.statistics.log == complete.statistics.log)
    }

    @Test(arguments: [1, 4])
    func cancelledBeforeStartingPlaysNothing(threads: Int) {
        let cancellation = Cancellation()
        cancellation.cancel()
        let played = Atomic<Int>(0)
        let run = MonteCarloRunner(threads: threads).run(
            games: 1000, seeds: GameSeeds(runSeed: 1), empty: { GameLog() }, cancellation: cancellation
        ) { (game: UInt64, seed: UInt64, log: inout GameLog) throws(Never) in
            played.add(1, ordering: .relaxed)
            log.record(game: game, seed: seed)
        }
        #expect(played.load(ordering: .relaxed) == 0)
        #expect(run.gamesPlayed == 0)
        #expect(run.gamesRequested == 1000)
        #expect(run.isPartial)
        #expect(run.statistics == GameLog())
    }

    /// Cancelling during the very last game once every other game is finished: nothing is left
    /// unfinished, so the run is complete. (The last game waits for the others: with several
    /// threads an earlier chunk may still be in flight when the last one starts, and a
    /// cancellation then rightly drops it.)
    @Test(arguments: [1, 2, 8])
    func cancelledInTheLastGameIsComplete(threads: Int) {
        let cancellation = Cancellation()
        let finished = Atomic<Int>(0)
        let run = MonteCarloRunner(threads: threads, chunkSize: Self.chunkSize).run(
            games: 1000, seeds: GameSeeds(runSeed: 9), empty: { ToyStatistics() }, cancellation: cancellation
        ) { (game: UInt64, seed: UInt64, statistics: inout ToyStatistics) throws(Never) in
            if game == 999 {
                while finished.load(ordering: .acquiring) < 999 { usleep(100) }
                cancellation.cancel()
            }
            playToy(game: game, seed: seed, statistics: &statistics)
            finished.add(1, ordering: .releasing)
        }
        #expect(cancellation.isCancelled)
        #expect(run.gamesPlayed == 1000)
        #expect(!run.isPartial)
        #expect(run.statistics.log.games == Array(0..<1000))
    }

    /// Cancelling one game before the end drops the last chunk: partial, a prefix.
    @Test(arguments: [1, 2, 8])
    func cancelledInTheLastChunkDropsIt(threads: Int) {
        let cancellation = Cancellation()
        let run = Self.run(threads: threads, games: 1000, cancelAtGame: 998, cancellation: cancellation)
        #expect(run.isPartial)
        #expect(run.gamesPlayed <= 992 && run.gamesPlayed % Self.chunkSize == 0)
        if threads == 1 { #expect(run.gamesPlayed == 992) }
        #expect(run.statistics.log.games == Array(0..<UInt64(run.gamesPlayed)))
    }

    @Test func cancellationFlag() {
        let c = Cancellation()
        #expect(!c.isCancelled)
        c.cancel()
        #expect(c.isCancelled)
        c.cancel()
        #expect(c.isCancelled)
    }
}
