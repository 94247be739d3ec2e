import MonteCarlo

extension PlayableGame {
    /// Plays games `0..<games` of lineup `index` alone on all of `threads`.
    public func play(
        _ playable: Playable, lineup index: Int, games: Int, seed: UInt64, threads: Int?, cancellation: Cancellation?,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> MonteCarloRun<Statistics> {
        let lineup = lineups(of: playable)[index]
        let game = self
        return MonteCarloRunner(threads: threads, chunkSize: lineup.chunkSize).run(
            games: games, seeds: lineup.seeds(seed), empty: { game.emptyStatistics() }, cancellation: cancellation, progress: progress
        ) { (number: UInt64, gameSeed: UInt64, statistics: inout Statistics) throws(Never) in
            game.play(playable, lineup: index, game: number, seed: gameSeed, into: &statistics)
        }
    }

    /// Plays `games` games of every lineup of the design, one lineup after
    /// another, each on all of `threads` in blocks that merge to the same statistics whatever the
    /// thread count.
    ///
    /// - Parameters:
    ///   - progress: (games played so far, games in all), never called concurrently.
    /// - Returns: the statistics of every lineup begun (the last one partial when `cancellation`
    ///   came during it; the first is always begun, so that a run stopped at once still says what
    ///   it played: nothing), the most threads a lineup used, and whether every lineup played
    ///   every game.
    public func play(
        _ playable: Playable, games: Int, seed: UInt64, threads: Int?, cancellation: Cancellation?,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> (statistics: [Statistics], threads: Int, complete: Bool) {
        let lineups = self.lineups(of: playable)
        let total = games * lineups.count
        var statistics: [Statistics] = []
        var threadsUsed = 1
        var complete = true
        for i in lineups.indices where i == 0 || !(cancellation?.isCancelled ?? false) {
            let before = i * games
            var lineupProgress: (@Sendable (Int, Int) -> Void)?
            if let progress { lineupProgress = { done, _ in progress(before + done, total) } }
            let run = play(playable, lineup: i, games: games, seed: seed, threads: threads, cancellation: cancellation, progress: lineupProgress)
            threadsUsed = max(threadsUsed, run.threads)
            complete = complete && !run.isPartial
            statistics.append(run.statistics)
        }
        return (statistics, threadsUsed, complete && statistics.count == lineups.count)
    }

    /// Every metric of every lineup after `games` games of each (``MetricsReport/cells(_:_:confidence:)``);
    /// nil when interrupted.
    public func measure(
        _ playable: Playable, games: Int, seed: UInt64, confidence: Confidence, threads: Int?, cancellation: Cancellation?,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> [MetricsReport.Cell]? {
        let played = play(playable, games: games, seed: seed, threads: threads, cancellation: cancellation, progress: progress)
        guard played.complete else { return nil }
        return MetricsReport.cells(self, lineups: lineups(of: playable), statistics: played.statistics, confidence: confidence)
    }

    /// Plays blocks `indices` of lineup `index`'s `blocks` and hands each finished block's
    /// statistics to `blockFinished`, in block order: what a shard of a sharded run plays.
    /// Returns false when interrupted.
    public func play(
        _ playable: Playable, lineup index: Int, blocks: GameBlocks, indices: Range<Int>, seed: UInt64, threads: Int?, cancellation: Cancellation?,
        blockFinished: @escaping @Sendable (_ block: Int, _ statistics: Statistics) -> Void
    ) -> Bool {
        let lineup = lineups(of: playable)[index]
        let game = self
        let run = MonteCarloRunner(threads: threads, chunkSize: lineup.chunkSize).run(
            blocks: blocks, indices: indices, seeds: lineup.seeds(seed), empty: { game.emptyStatistics() }, cancellation: cancellation,
            blockFinished: blockFinished
        ) { (number: UInt64, gameSeed: UInt64, statistics: inout Statistics) throws(Never) in
            game.play(playable, lineup: index, game: number, seed: gameSeed, into: &statistics)
        }
        return !run.isPartial
    }
}
