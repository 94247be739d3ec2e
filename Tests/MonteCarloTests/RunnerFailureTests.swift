import MonteCarlo
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A game's own error type comes out of `run` (typed throws), and it is the error of the failing
/// game with the smallest index, whatever the number of threads and whichever failure happened
/// first in time.
@Suite struct RunnerFailureTests {
    struct Boom: Error, Equatable { let game: UInt64 }

    static func run(threads: Int, games: Int = 10_000, chunkSize: Int = 16, failing: Set<UInt64>) -> Result<MonteCarloRun<GameLog>, Boom> {
        Result { () throws(Boom) in
            try MonteCarloRunner(threads: threads, chunkSize: chunkSize).run(
                games: games, seeds: GameSeeds(runSeed: 5), empty: { GameLog() }
            ) { (game: UInt64, seed: UInt64, log: inout GameLog) throws(Boom) in
                if failing.contains(game) { throw Boom(game: game) }
                log.record(game: game, seed: seed)
            }
        }
    }

    @Test(arguments: [1, 2, 3, 8])
    func earliestFailingGameIsRethrown(threads: Int) {
        let cases: [(failing: Set<UInt64>, expected: UInt64)] = [
            ([4321, 4330, 7000, 9999], 4321),
            ([0], 0),
            ([9999], 9999),
            ([37, 40, 45], 37),  // several in one chunk
            ([9000, 8000, 1, 5000], 1),
            (Set((3000..<10_000).map(UInt64.init)), 3000),
        ]
        for (failing, expected) in cases {
            for _ in 0..<3 {
                switch Self.run(threads: threads, failing: failing) {
                case .success: Issue.record("run succeeded though games \(failing.sorted().prefix(5)) fail")
                case .failure(let boom): #expect(boom == Boom(game: expected), "failing \(failing.sorted().prefix(5))")
                }
            }
        }
    }

    /// Game 15 (chunk 0) holds its thread until game 5000 has failed on another, so the later
    /// failure is recorded first; the earlier one must still win. (The wait is bounded, so with a
    /// single thread, or if no other thread gets there, the test still terminates; the assertion
    /// holds either way.)
    @Test(arguments: [2, 3, 8])
    func earlierFailureRecordedLastStillWins(threads: Int) {
        let laterFailed = Atomic<Bool>(false)
        let result = Result { () throws(Boom) in
            try MonteCarloRunner(threads: threads, chunkSize: 16).run(
                games: 10_000, seeds: GameSeeds(runSeed: 5), empty: { GameLog() }
            ) { (game: UInt64, seed: UInt64, log: inout GameLog) throws(Boom) in
                if game == 5000 {
                    laterFailed.store(true, ordering: .sequentiallyConsistent)
                    throw Boom(game: game)
                }
                if game == 15 {
                    Self.wait(for: laterFailed)
                    throw Boom(game: game)
                }
                log.record(game: game, seed: seed)
            }
        }
        #expect(throws: Boom(game: 15)) { try result.get() }
    }

    /// The other way round: game 5000 is reached while chunk 0 is still playing and fails only
    /// after game 15 has, so the later failure is recorded last; it must not replace the earlier.
    @Test(arguments: [2, 3, 8])
    func laterFailureRecordedLastDoesNotWin(threads: Int) {
        let laterStarted = Atomic<Bool>(false)
        let earlierFailed = Atomic<Bool>(false)
        let result = Result { () throws(Boom) in
            try MonteCarloRunner(threads: threads, chunkSize: 16).run(
                games: 10_000, seeds: GameSeeds(runSeed: 5), empty: { GameLog() }
            ) { (game: UInt64, seed: UInt64, log: inout GameLog) throws(Boom) in
                if game == 15 {
                    Self.wait(for: laterStarted)
                    earlierFailed.store(true, ordering: .sequentiallyConsistent)
                    throw Boom(game: game)
                }
                if game == 5000 {
                    laterStarted.store(true, ordering: .sequentiallyConsistent)
                    Self.wait(for: earlierFailed)
                    // Give the earlier failure time to be recorded (bounded; no assertion depends on it).
                    for _ in 0..<2000 { sched_yield() }
                    throw Boom(game: game)
                }
                log.record(game: game, seed: seed)
            }
        }
        #expect(throws: Boom(game: 15)) { try result.get() }
    }

    /// Spins until `flag` is set, or gives up after a bounded number of yields.
    static func wait(for flag: borrowing Atomic<Bool>) {
        var waits = 0
        while !flag.load(ordering: .sequentiallyConsistent) && waits < 200_000 {
            sched_yield()
            waits += 1
        }
    }

    @Test(arguments: [1, 8])
    func noFailureMeansNoError(threads: Int) throws {
        let run = try Self.run(threads: threads, failing: [10_000, 20_000]).get()
        #expect(run.gamesPlayed == 10_000)
        #expect(run.statistics.games == Array(0..<10_000))
    }
}
