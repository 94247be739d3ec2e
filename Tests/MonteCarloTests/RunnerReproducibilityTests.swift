import MonteCarlo
import Testing

/// A run's statistics are the same, bit for bit, whatever the number of threads: every game is
/// played once from its own seed, in chunks of `chunkSize` games merged in game order.
@Suite struct RunnerReproducibilityTests {
    static let games = 10_000
    static let seeds = GameSeeds(runSeed: 2024)

    static func run(threads: Int, chunkSize: Int = MonteCarloRunner.defaultChunkSize, games: Int = games) -> MonteCarloRun<ToyStatistics> {
        MonteCarloRunner(threads: threads, chunkSize: chunkSize).run(games: games, seeds: seeds, empty: { ToyStatistics() }) {
            (game: UInt64, seed: UInt64, statistics: inout ToyStatistics) throws(Never) in
            playToy(game: game, seed: seed, statistics: &statistics)
        }
    }

    /// What the runner promises, computed on one thread without it: blocks of 256 games, each
    /// cut into chunks built in game order and merged in chunk order; blocks folded in order.
    static func chunkedByHand(chunkSize: Int, games: Int = games) -> Moments {
        var merged = Moments()
        for blockStart in stride(from: 0, to: games, by: 256) {
            let blockEnd = min(games, blockStart + 256)
            var block = Moments()
            for first in stride(from: blockStart, to: blockEnd, by: chunkSize) {
                var chunk = Moments()
                for game in first..<min(blockEnd, first + chunkSize) {
                    var one = ToyStatistics()
                    playToy(game: UInt64(game), seed: seeds.seed(game: UInt64(game)), statistics: &one)
                    chunk.merge(one.moments)
                }
                block.merge(chunk)
            }
            merged.merge(block)
        }
        return merged
    }

    static func expectBitIdentical(_ a: Moments, _ b: Moments, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.count == b.count, sourceLocation: sourceLocation)
        #expect(a.mean.bitPattern == b.mean.bitPattern, sourceLocation: sourceLocation)
        #expect(a.variance.bitPattern == b.variance.bitPattern, sourceLocation: sourceLocation)
        #expect(a.minimum == b.minimum, sourceLocation: sourceLocation)
        #expect(a.maximum == b.maximum, sourceLocation: sourceLocation)
    }

    @Test(arguments: [1, 2, 3, 8])
    func everyGameIsPlayedOnceInOrderFromItsSeed(threads: Int) {
        let run = Self.run(threads: threads)
        #expect(run.gamesRequested == Self.games)
        #expect(run.gamesPlayed == Self.games)
        #expect(!run.isPartial)
        #expect(run.statistics.log.games == Array(0..<UInt64(Self.games)))
        #expect(run.statistics.log.seeds == (0..<UInt64(Self.games)).map { Self.seeds.seed(game: $0) })
        #expect(run.statistics.moments.count == Self.games)
    }

    /// Several runs per thread count, to give a misordered merge a chance to show.
    @Test(arguments: [2, 3, 8])
    func statisticsAreBitIdenticalForAnyThreadCount(threads: Int) {
        let reference = Self.run(threads: 1)
        for _ in 0..<3 {
            let run = Self.run(threads: threads)
            Self.expectBitIdentical(run.statistics.moments, reference.statistics.moments)
            #expect(run.statistics.log == reference.statistics.log)
            for q in quantileLevels {
                #expect(run.statistics.exemplars.exemplar(atQuantile: q) == reference.statistics.exemplars.exemplar(atQuantile: q), "q = \(q)")
            }
        }
    }

    /// The result is the chunked computation, not merely some order-independent one.
    @Test(arguments: [(1, 16), (3, 16), (8, 7), (2, 1)])
    func statisticsAreThoseOfChunksMergedInOrder(threads: Int, chunkSize: Int) {
        let run = Self.run(threads: threads, chunkSize: chunkSize)
        Self.expectBitIdentical(run.statistics.moments, Self.chunkedByHand(chunkSize: chunkSize))
    }

    /// The chunk size changes floating-point rounding but not which games are played.
    @Test(arguments: [1, 7, 16, 1000, 9999, 10_000, 50_000])
    func chunkSizeDoesNotChangeTheGamesPlayed(chunkSize: Int) {
        let run = Self.run(threads: 3, chunkSize: chunkSize)
        let reference = Self.run(threads: 1)
        #expect(run.gamesPlayed == Self.games)
        #expect(!run.isPartial)
        #expect(run.statistics.moments.count == Self.games)
        #expect(run.statistics.log == reference.statistics.log)
        #expect(run.statistics.moments.minimum == reference.statistics.moments.minimum)
        #expect(run.statistics.moments.maximum == reference.statistics.moments.maximum)
        let relative = abs(run.statistics.moments.mean - reference.statistics.moments.mean) / abs(reference.statistics.moments.mean)
        #expect(relative < 1e-9)
        for q in quantileLevels {
            #expect(run.statistics.exemplars.exemplar(atQuantile: q) == reference.statistics.exemplars.exemplar(atQuantile: q), "q = \(q)")
        }
    }

    @Test(arguments: [1, 15, 16, 17, 33])
    func gameCountsThatAreNotAMultipleOfTheChunkSize(games: Int) {
        let run = Self.run(threads: 8, chunkSize: 16, games: games)
        #expect(run.gamesPlayed == games)
        #expect(run.statistics.log.games == Array(0..<UInt64(games)))
    }

    /// A run extended by a second run that starts where it stopped covers every game once, in
    /// order, from the same seeds.
    @Test(arguments: [1, 2, 3])
    func aRunCanBeExtended(threads: Int) {
        let runner = MonteCarloRunner(threads: threads)
        func play(_ games: Int, from first: Int) -> MonteCarloRun<GameLog> {
            runner.run(games: games, startingAt: first, seeds: Self.seeds, empty: { GameLog() }) {
                (game: UInt64, seed: UInt64, log: inout GameLog) throws(Never) in log.record(game: game, seed: seed)
            }
        }
        var extended = play(100, from: 0).statistics
        let more = play(57, from: 100)
        #expect(more.gamesPlayed == 57 && !more.isPartial)
        extended.merge(more.statistics)
        #expect(extended == play(157, from: 0).statistics)
        #expect(extended.games == Array(0..<157))
    }
}
