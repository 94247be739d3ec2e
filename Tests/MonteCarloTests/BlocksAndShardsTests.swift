import MonteCarlo
import Synchronization
import Testing

/// Blocks and shards: every game in exactly one block and one shard, and a run's statistics
/// rebuilt from blocks played in pieces (shards, a gate's looks) bit for bit.
@Suite struct BlocksAndShardsTests {
    static let seeds = GameSeeds(runSeed: 11)

    @Test func blocksCoverTheGamesOnceAndRestartAtEachCut() {
        let blocks = GameBlocks(cuts: [500, 1000, 1001])
        #expect(Array(blocks) == [0..<256, 256..<500, 500..<756, 756..<1000, 1000..<1001])
        #expect(blocks.indices(upTo: 500) == 0..<2)
        #expect(blocks.indices(upTo: 1001) == 0..<5)
        #expect(blocks.games == 1001)
        #expect(Array(GameBlocks(games: 512)) == [0..<256, 256..<512])
        #expect(GameBlocks(games: 0).isEmpty)
        // Cuts that do not increase are dropped.
        #expect(Array(GameBlocks(cuts: [0, 10, 10, 5, 20], size: 8)) == [0..<8, 8..<10, 10..<18, 18..<20])
    }

    @Test(arguments: [1, 2, 3, 7, 40])
    func shardsTakeEveryUnitOnceInOrder(count: Int) throws {
        let runs = [GameBlocks(games: 1000), GameBlocks(games: 10), GameBlocks(cuts: [300, 2000])]
        var seen: [(run: Int, block: Int)] = []
        var sizes: [Int] = []
        for i in 0..<count {
            let work = try #require(Shard(index: i, count: count)).work(runs: runs)
            sizes.append(work.reduce(0) { $0 + $1.blocks.count })
            for (run, blocks) in work { seen += blocks.map { (run, $0) } }
        }
        let all: [(run: Int, block: Int)] = runs.enumerated().flatMap { r, blocks in blocks.indices.map { (run: r, block: $0) } }
        #expect(seen.map(\.run) == all.map(\.run) && seen.map(\.block) == all.map(\.block))
        // As even as can be.
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
    }

    @Test func shardsParseAndRefuseNonsense() {
        #expect(Shard(parsing: "2/4") == Shard(index: 2, count: 4))
        #expect(Shard(parsing: "0/1")?.description == "0/1")
        for bad in ["4/4", "-1/3", "1/0", "1", "a/b", "1/2/3", ""] { #expect(Shard(parsing: bad) == nil, "\(bad)") }
    }

    /// Blocks played by separate runners (as separate machines would) and folded in order give
    /// the statistics of one run, bit for bit.
    @Test(arguments: [2, 3, 5])
    func shardedBlocksFoldToTheSingleRun(shards: Int) throws {
        let blocks = GameBlocks(games: 1500)
        let single = play(blocks, indices: blocks.indices, threads: 3)
        var parts: [Int: ToyStatistics] = [:]
        for i in 0..<shards {
            for (_, indices) in try #require(Shard(index: i, count: shards)).work(runs: [blocks]) {
                let collected = Mutex<[Int: ToyStatistics]>([:])
                _ = play(blocks, indices: indices, threads: 2) { block, statistics in collected.withLock { $0[block] = statistics } }
                parts.merge(collected.withLock { $0 }) { a, _ in a }
            }
        }
        var merged = ToyStatistics()
        GameBlocks.fold(blocks.indices.map { parts[$0]! }, into: &merged)
        RunnerReproducibilityTests.expectBitIdentical(merged.moments, single.statistics.moments)
        #expect(merged.log == single.statistics.log)
    }

    /// A run continued from earlier blocks (a gate's next look) equals one run of all of them.
    @Test func aRunContinuedIntoEarlierStatisticsEqualsOneRun() {
        let blocks = GameBlocks(cuts: [300, 600, 1200])
        let whole = play(blocks, indices: blocks.indices, threads: 2).statistics
        var soFar: ToyStatistics?
        for look in [300, 600, 1200] {
            let first = soFar == nil ? 0 : blocks.indices(upTo: look / 2).upperBound
            soFar = play(blocks, indices: first..<blocks.indices(upTo: look).upperBound, threads: 3, into: soFar).statistics
        }
        RunnerReproducibilityTests.expectBitIdentical(soFar!.moments, whole.moments)
        #expect(soFar!.log == whole.log)
    }

    private func play(
        _ blocks: GameBlocks, indices: Range<Int>, threads: Int, into initial: ToyStatistics? = nil,
        blockFinished: (@Sendable (Int, ToyStatistics) -> Void)? = nil
    ) -> MonteCarloRun<ToyStatistics> {
        MonteCarloRunner(threads: threads).run(
            blocks: blocks, indices: indices, into: initial, seeds: Self.seeds, empty: { ToyStatistics() }, blockFinished: blockFinished
        ) { (game: UInt64, seed: UInt64, statistics: inout ToyStatistics) throws(Never) in
            playToy(game: game, seed: seed, statistics: &statistics)
        }
    }
}
