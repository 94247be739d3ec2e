import GameSeam
import MonteCarlo

/// Games played in pairs (``ComparingGame/playPaired(_:lineup:variants:recording:games:seed:threads:cancellation:progress:)``):
/// the paired moments of every variant against the design, and the game's own statistics of the
/// first few designs (the design itself first), for what a game says of each.
public struct PairedRecord<Statistics: MergeableStatistics>: MergeableStatistics {
    public var moments: PairedMoments
    public var designs: [Statistics]

    public init(moments: PairedMoments, designs: [Statistics]) {
        self.moments = moments
        self.designs = designs
    }

    public mutating func merge(_ other: PairedRecord) {
        moments.merge(other.moments)
        for k in designs.indices { designs[k].merge(other.designs[k]) }
    }
}

extension ComparingGame {
    /// Game i of lineup `lineup` of `design` and of every variant of it (nil: not played), each
    /// from game i's seed, measured on ``gameMetrics``: what sensitivity and diff compare.
    ///
    /// - Parameters:
    ///   - variants: each variant's design and the index its lineup has there (the same lineup
    ///     by name, its seeds the design's).
    ///   - recording: how many designs, the design first and then the variants in order, also
    ///     record their games into the game's own statistics.
    ///   - progress: (games played, games in all), never concurrently.
    /// - Returns: the run; partial when `cancellation` came first.
    public func playPaired(
        _ design: Playable, lineup: Int, variants: [(design: Playable, lineup: Int)?], recording: Int = 0, games: Int, seed: UInt64, threads: Int?,
        cancellation: Cancellation?, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) -> MonteCarloRun<PairedRecord<Statistics>> {
        playPaired(
            design, lineup: lineup, variants: variants, recording: recording, blocks: GameBlocks(games: games), seed: seed, threads: threads,
            cancellation: cancellation, progress: progress)
    }

    /// The same, played in `blocks`, each finished block's own record handed to `blockFinished`
    /// in block order before it is folded in: what a run that shows its numbers as they come
    /// (`explore`) folds itself, to exactly the record of one run of all the games.
    ///
    /// `indices` plays only those blocks (default: all): what a shard of a sharded comparison
    /// plays, each block's record the same as in a run of all of them.
    public func playPaired(
        _ design: Playable, lineup: Int, variants: [(design: Playable, lineup: Int)?], recording: Int = 0, blocks: GameBlocks,
        indices: Range<Int>? = nil, seed: UInt64, threads: Int?, cancellation: Cancellation?, progress: (@Sendable (Int, Int) -> Void)? = nil,
        blockFinished: (@Sendable (_ block: Int, _ record: PairedRecord<Statistics>) -> Void)? = nil
    ) -> MonteCarloRun<PairedRecord<Statistics>> {
        let line = lineups(of: design)[lineup]
        let game = self, metrics = gameMetrics.count
        let count = variants.count
        let empty: @Sendable () -> PairedRecord<Statistics> = {
            PairedRecord(moments: PairedMoments(metrics: metrics, variants: count), designs: (0..<recording).map { _ in game.emptyStatistics() })
        }
        return MonteCarloRunner(threads: threads, chunkSize: line.chunkSize).run(
            blocks: blocks, indices: indices, seeds: line.seeds(seed), empty: empty, cancellation: cancellation, progress: progress, blockFinished: blockFinished
        ) { (number: UInt64, gameSeed: UInt64, record: inout PairedRecord<Statistics>) throws(Never) in
            if recording == 0 {
                // Every design's game at once, so that the game can share what they have in common.
                let played = game.measure([(design, lineup)] + variants.compactMap { $0 }, game: number, seed: gameSeed)
                var next = 1
                let b = variants.map { variant -> [Double]? in
                    guard variant != nil else { return nil }
                    defer { next += 1 }
                    return played[next]
                }
                record.moments.record(base: played[0], variants: b)
                return
            }
            let a = recording > 0
                ? game.measure(design, lineup: lineup, game: number, seed: gameSeed, into: &record.designs[0])
                : game.measure(design, lineup: lineup, game: number, seed: gameSeed)
            let b = variants.enumerated().map { k, variant -> [Double]? in
                guard let variant else { return nil }
                return k + 1 < recording
                    ? game.measure(variant.design, lineup: variant.lineup, game: number, seed: gameSeed, into: &record.designs[k + 1])
                    : game.measure(variant.design, lineup: variant.lineup, game: number, seed: gameSeed)
            }
            record.moments.record(base: a, variants: b)
        }
    }
}
