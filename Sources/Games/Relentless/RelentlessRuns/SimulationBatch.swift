import RelentlessGeneration
import MonteCarlo
import RelentlessSimulation

/// Many games of one design and team through the game-agnostic ``MonteCarloRunner``.
///
/// ```swift
/// let simulator = GameSimulator(design: prepared, team: team, maxRounds: 30)
/// let run = try SimulationBatch.run(simulator, games: 1000, seed: 1)
/// run.statistics.rounds[0].money.quantile(0.5)
/// ```
///
/// Game i is played from `GameSeeds(runSeed: seed).seed(game: i)`: that number alone replays it
/// (``GameSimulator/play(seed:observe:)``). Games are folded in blocks (``GameBlocks``), so the
/// statistics are exactly those of the same games played by the shards of a cluster job.
public enum SimulationBatch {
    public static func run(
        _ simulator: GameSimulator, games: Int, seed: UInt64, threads: Int? = nil, cancellation: Cancellation? = nil,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(GameError) -> MonteCarloRun<SimulationStatistics> {
        let local = LocalPlay(seed: seed, threads: threads, cancellation: cancellation, progress: progress.map { p in { @Sendable _, done, total in p(done, total) } })
        let blocks = GameBlocks(games: max(0, games))
        return try local.play(simulator, blocks: blocks, indices: blocks.indices, into: nil, blockFinished: nil)
    }
}
