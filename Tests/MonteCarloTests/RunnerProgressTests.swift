import MonteCarlo
import Synchronization
import Testing

/// Progress reports: one call per chunk, `done` never decreasing, always at the end of a chunk
/// (chunks are cut within blocks of 256 games), the total always the games requested, and the
/// last report says all are done.
@Suite struct RunnerProgressTests {
    @Test(arguments: [(1, 16, 1000), (2, 16, 1000), (3, 7, 1000), (8, 16, 10_000), (8, 1000, 999), (4, 1, 50)])
    func progressIsMonotonicAndEndsAtTheTotal(threads: Int, chunkSize: Int, games: Int) throws {
        let reports = Mutex<[(done: Int, total: Int)]>([])
        let run = MonteCarloRunner(threads: threads, chunkSize: chunkSize).run(
            games: games, seeds: GameSeeds(runSeed: 3), empty: { ToyStatistics() },
            progress: { done, total in reports.withLock { $0.append((done, total)) } }
        ) { (game: UInt64, seed: UInt64, statistics: inout ToyStatistics) throws(Never) in
            playToy(game: game, seed: seed, statistics: &statistics)
        }
        let seen = reports.withLock { $0 }
        let chunkEnds = GameBlocks(games: games).flatMap { block in stride(from: block.lowerBound, to: block.upperBound, by: chunkSize).map { min(block.upperBound, $0 + chunkSize) } }
        let chunks = chunkEnds.count
        #expect(seen.count == chunks)
        #expect(seen.allSatisfy { $0.total == games })
        // 0 when the first chunk to finish waits for an earlier one.
        #expect(seen.allSatisfy { $0.done == 0 || chunkEnds.contains($0.done) }, "\(seen.map(\.done).filter { $0 != 0 && !chunkEnds.contains($0) })")
        #expect(seen.allSatisfy { $0.done >= 0 && $0.done <= games })
        for (a, b) in zip(seen, seen.dropFirst()) {
            #expect(a.done <= b.done)
        }
        // The k-th report follows k finished chunks: no more games can have been merged.
        for (k, report) in seen.enumerated() {
            #expect(report.done <= chunkEnds[k], "report \(k + 1): \(report.done)")
        }
        #expect(try #require(seen.last).done == games)
        #expect(run.gamesPlayed == games)
    }

    /// On one thread every chunk is merged as soon as it is finished.
    @Test(arguments: [(16, 100), (7, 49), (1000, 10)])
    func oneThreadReportsEveryChunk(chunkSize: Int, games: Int) {
        let reports = Mutex<[Int]>([])
        _ = MonteCarloRunner(threads: 1, chunkSize: chunkSize).run(
            games: games, seeds: GameSeeds(runSeed: 3), empty: { GameLog() },
            progress: { done, _ in reports.withLock { $0.append(done) } }
        ) { (game: UInt64, seed: UInt64, log: inout GameLog) throws(Never) in
            log.record(game: game, seed: seed)
        }
        let expected = Array(stride(from: chunkSize, to: games, by: chunkSize)) + [games]
        #expect(reports.withLock { $0 } == expected)
    }

    /// Reports are never concurrent: a report that finds another in progress would show up here.
    @Test func progressIsNeverCalledConcurrently() {
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        _ = MonteCarloRunner(threads: 8, chunkSize: 1).run(
            games: 5000, seeds: GameSeeds(runSeed: 4), empty: { Moments() },
            progress: { _, _ in
                if inside.add(1, ordering: .sequentiallyConsistent).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
                var x: UInt64 = 1
                for i in 0..<200 as Range<UInt64> { x = x &* 31 &+ i }
                if x == 0 { overlaps.add(1000, ordering: .relaxed) }
                inside.subtract(1, ordering: .sequentiallyConsistent)
            }
        ) { (game: UInt64, seed: UInt64, m: inout Moments) throws(Never) in
            m.add(Double(seed & 0xFFFF))
        }
        #expect(overlaps.load(ordering: .relaxed) == 0)
    }
}
