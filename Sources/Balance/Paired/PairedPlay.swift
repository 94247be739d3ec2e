import GameSeam
import MonteCarlo

extension PlayableGame {
    /// Game i of lineup `lineup` of `design` and of every variant of it (nil: not played), each
    /// from game i's seed, measured on ``gameMetrics``: what sensitivity and diff compare.
    ///
    /// - Parameter progress: (games played, games in all), never concurrently.
    /// - Returns: the run; partial when `cancellation` came first.
    public func playPaired(
        _ design: Playable, variants: [Playable?], lineup: Int, games: Int, seed: UInt64, threads: Int?, cancellation: Cancellation?,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) -> MonteCarloRun<PairedMoments> {
        let line = lineups(of: design)[lineup]
        let game = self, metrics = gameMetrics.count
        return MonteCarloRunner(threads: threads, chunkSize: line.chunkSize).run(
            games: games, seeds: line.seeds(seed), empty: { PairedMoments(metrics: metrics, variants: variants.count) }, cancellation: cancellation,
            progress: progress
        ) { (number: UInt64, gameSeed: UInt64, statistics: inout PairedMoments) throws(Never) in
            let a = game.measure(design, lineup: lineup, game: number, seed: gameSeed)
            statistics.record(base: a, variants: variants.map { $0.map { game.measure($0, lineup: lineup, game: number, seed: gameSeed) } })
        }
    }
}
