import Generation
import MonteCarlo
import Simulation

/// Many games of one design and team through the game-agnostic ``MonteCarloRunner``.
///
/// ```swift
/// let simulator = GameSimulator(design: prepared, team: team, maxRounds: 30)
/// let run = try SimulationBatch.run(simulator, games: 1000, seed: 1)
/// run.statistics.rounds[0].money.quantile(0.5)
/// ```
///
/// `startingAt` extends an earlier run: merge the new statistics into the old.
///
/// Game i is played from `GameSeeds(runSeed: seed).seed(game: i)`: that number alone replays it
/// (``GameSimulator/play(seed:observe:)``).
public enum SimulationBatch {
    public static func run(
        _ simulator: GameSimulator, games: Int, startingAt firstGame: Int = 0, seed: UInt64, threads: Int? = nil, cancellation: Cancellation? = nil,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(GameError) -> MonteCarloRun<SimulationStatistics> {
        let runner = MonteCarloRunner(threads: threads)
        return try runner.run(
            games: games, startingAt: firstGame, seeds: GameSeeds(runSeed: seed), empty: { SimulationStatistics() }, cancellation: cancellation,
            progress: progress
        ) { (game: UInt64, gameSeed: UInt64, statistics: inout SimulationStatistics) throws(GameError) in
            let summary = try simulator.play(seed: gameSeed) { statistics.record($0) }
            statistics.record(summary, game: game)
        }
    }
}
