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

    /// Plays `games` games of every lineup of the design, a group of lineups
    /// (``lineupGroups(of:)``) after another in the order of their first lineups, each on all of
    /// `threads` in blocks that merge to the same statistics whatever the thread count or grouping.
    ///
    /// - Parameters:
    ///   - progress: (games played so far, games in all), never called concurrently.
    /// - Returns: the statistics of the lineups in order up to the first that did not play every
    ///   game, that one included when begun (partial when `cancellation` came during its group;
    ///   the first lineup's group is always begun, so that a run stopped at once still says what
    ///   it played: nothing), the most threads a group used, and whether every lineup played
    ///   every game.
    public func play(
        _ playable: Playable, games: Int, seed: UInt64, threads: Int?, cancellation: Cancellation?,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> (statistics: [Statistics], threads: Int, complete: Bool) {
        let lineups = self.lineups(of: playable)
        let total = games * lineups.count
        var played = [Statistics?](repeating: nil, count: lineups.count)
        var playedAll = [Bool](repeating: false, count: lineups.count)
        var threadsUsed = 1
        var before = 0
        for (g, group) in playingGroups(of: playable, lineups, seed: seed).enumerated() where g == 0 || !(cancellation?.isCancelled ?? false) {
            var groupProgress: (@Sendable (Int, Int) -> Void)?
            if let progress { groupProgress = { [before] done, _ in progress(before + done * group.count, total) } }
            if group.count == 1 {
                let run = play(playable, lineup: group[0], games: games, seed: seed, threads: threads, cancellation: cancellation, progress: groupProgress)
                threadsUsed = max(threadsUsed, run.threads)
                (played[group[0]], playedAll[group[0]]) = (run.statistics, !run.isPartial)
            } else {
                let run = play(playable, lineups: group, games: games, seed: seed, threads: threads, cancellation: cancellation, progress: groupProgress)
                threadsUsed = max(threadsUsed, run.threads)
                for (i, k) in group.enumerated() { (played[k], playedAll[k]) = (run.statistics.members[i], !run.isPartial) }
            }
            before += games * group.count
        }
        var statistics: [Statistics] = []
        for k in lineups.indices {
            guard let lineup = played[k] else { break }
            statistics.append(lineup)
            if !playedAll[k] { break }
        }
        return (statistics, threadsUsed, statistics.count == lineups.count && playedAll.allSatisfy { $0 })
    }

    /// Plays games `0..<games` of a group of lineups together on all of `threads`.
    func play(
        _ playable: Playable, lineups group: [Int], games: Int, seed: UInt64, threads: Int?, cancellation: Cancellation?,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    ) -> MonteCarloRun<SideBySideStatistics<Statistics>> {
        let lineup = lineups(of: playable)[group[0]]
        let game = self
        return MonteCarloRunner(threads: threads, chunkSize: lineup.chunkSize).run(
            games: games, seeds: lineup.seeds(seed), empty: { SideBySideStatistics(group.map { _ in game.emptyStatistics() }) },
            cancellation: cancellation, progress: progress
        ) { (number: UInt64, gameSeed: UInt64, statistics: inout SideBySideStatistics<Statistics>) throws(Never) in
            game.play(playable, lineups: group, game: number, seed: gameSeed, into: &statistics.members)
        }
    }

    /// ``lineupGroups(of:)`` in the order of their first lineups, checked: a grouping that could
    /// move a result (a lineup in no group or in two, a group whose lineups play other seeds or
    /// chunks) is the game's error, not the user's.
    func playingGroups(of playable: Playable, _ lineups: [Lineup], seed: UInt64) -> [[Int]] {
        let groups = lineupGroups(of: playable).filter { !$0.isEmpty }.sorted { $0.min()! < $1.min()! }
        precondition(groups.joined().sorted() == Array(lineups.indices), "\(name): lineup groups \(groups) do not hold each of \(lineups.count) lineups once")
        for group in groups {
            let first = lineups[group[0]]
            precondition(
                group.allSatisfy { lineups[$0].seeds(seed) == first.seeds(seed) && lineups[$0].chunkSize == first.chunkSize },
                "\(name): lineup group \(group) plays other seeds or chunks")
        }
        return groups
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
