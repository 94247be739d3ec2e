import MonteCarlo
import Synchronization
import Testing

/// The runner's settings and its edge cases: thread and chunk counts are at least 1, a run uses
/// no more threads than it has chunks, and a run of no games plays nothing.
@Suite struct RunnerConfigurationTests {
    @Test func threadsAndChunkSizeAreAtLeastOne() {
        #expect(MonteCarloRunner(threads: 0).threads == 1)
        #expect(MonteCarloRunner(threads: -4).threads == 1)
        #expect(MonteCarloRunner(threads: 5).threads == 5)
        #expect(MonteCarloRunner(chunkSize: 0).chunkSize == 1)
        #expect(MonteCarloRunner(chunkSize: -3).chunkSize == 1)
        #expect(MonteCarloRunner().chunkSize == MonteCarloRunner.defaultChunkSize)
        #expect(MonteCarloRunner().threads == MonteCarloRunner.availableProcessors)
        #expect(MonteCarloRunner.availableProcessors >= 1)
    }

    @Test(arguments: [(8, 20, 16, 2), (8, 16, 16, 1), (2, 1000, 16, 2), (3, 48, 16, 3), (1, 1000, 1, 1)])
    func threadsUsedAreAtMostTheChunks(threads: Int, games: Int, chunkSize: Int, expected: Int) {
        let run = MonteCarloRunner(threads: threads, chunkSize: chunkSize).run(
            games: games, seeds: GameSeeds(runSeed: 1), empty: { GameLog() }
        ) { (game: UInt64, seed: UInt64, log: inout GameLog) throws(Never) in
            log.record(game: game, seed: seed)
        }
        #expect(run.threads == expected)
        #expect(run.gamesPlayed == games)
    }

    @Test(arguments: [1, 4])
    func noGamesGiveAnEmptyCompleteRun(threads: Int) {
        let played = Atomic<Int>(0)
        let progressCalls = Atomic<Int>(0)
        let run = MonteCarloRunner(threads: threads).run(
            games: 0, seeds: GameSeeds(runSeed: 1), empty: { GameLog() },
            progress: { _, _ in progressCalls.add(1, ordering: .relaxed) }
        ) { (game: UInt64, seed: UInt64, log: inout GameLog) throws(Never) in
            played.add(1, ordering: .relaxed)
            log.record(game: game, seed: seed)
        }
        #expect(run.gamesRequested == 0)
        #expect(run.gamesPlayed == 0)
        #expect(!run.isPartial)
        #expect(run.statistics == GameLog())
        #expect(played.load(ordering: .relaxed) == 0)
        #expect(progressCalls.load(ordering: .relaxed) == 0)
    }

    @Test func documentedExample() {
        let runner = MonteCarloRunner(threads: 2)
        let run = runner.run(games: 10_000, seeds: GameSeeds(runSeed: 42), empty: { Moments() }) {
            (game: UInt64, seed: UInt64, stats: inout Moments) throws(Never) in
            stats.add(Double(seed % 100))
        }
        let single = MonteCarloRunner(threads: 1).run(games: 10_000, seeds: GameSeeds(runSeed: 42), empty: { Moments() }) {
            (game: UInt64, seed: UInt64, stats: inout Moments) throws(Never) in
            stats.add(Double(seed % 100))
        }
        #expect(run.statistics == single.statistics)
        #expect(run.statistics.count == 10_000)
        // Uniform-ish over 0...99.
        #expect(abs(run.statistics.mean - 49.5) < 2)
    }
}
