import MonteCarlo
import RelentlessRuns
import RelentlessSimulation

/// Many games of one Relentless simulator through ``MonteCarloRunner``, for tests: game i is played
/// from `GameSeeds(runSeed: seed).seed(game: i)`, in blocks (``GameBlocks``), as the seam's runs
/// play them. Unlike the seam (`PlayableRelentless`), an unplayable game throws here, so a test
/// sees it.
///
/// ```swift
/// let run = try SimulationBatch.run(simulator, games: 1000, seed: 1)
/// run.statistics.rounds[0].money.quantile(0.5)
/// ```
public enum SimulationBatch {
    public static func run(
        _ simulator: GameSimulator, games: Int, seed: UInt64, threads: Int? = nil, blocks: GameBlocks? = nil,
        blockFinished: (@Sendable (Int, SimulationStatistics) -> Void)? = nil
    ) throws(GameError) -> MonteCarloRun<SimulationStatistics> {
        try MonteCarloRunner(threads: threads).run(
            blocks: blocks ?? GameBlocks(games: max(0, games)), seeds: GameSeeds(runSeed: seed), empty: { SimulationStatistics() },
            blockFinished: blockFinished
        ) { (game: UInt64, gameSeed: UInt64, statistics: inout SimulationStatistics) throws(GameError) in
            let summary = try simulator.play(seed: gameSeed) { statistics.record($0) }
            statistics.record(summary, game: game)
        }
    }
}
