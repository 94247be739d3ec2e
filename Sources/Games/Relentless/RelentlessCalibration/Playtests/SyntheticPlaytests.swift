import MonteCarlo
import RelentlessGeneration
import RelentlessSimulation

/// Playtest logs made by the simulator from a known persona, every field noted: what a fit must
/// recover (the coverage study, `calibrate --coverage`) and what tests fit.
///
/// ```swift
/// let log = SyntheticPlaytests.log(design: prepared, pipeline: .default, version: v, team: [slow, slow, slow, slow],
///                                  playtests: 30, rounds: 8, seed: 4)
/// ```
public enum SyntheticPlaytests {
    /// `playtests` games of `team` from `startDifficulty`, each noted up to `rounds` rounds or
    /// the round it was lost in (M2); the seeds are `GameSeeds(runSeed: seed)`'s first ones.
    public static func log(
        design: PreparedDesign, pipeline: Pipeline, version: String, team: [Persona], playtests: Int, rounds: Int, startDifficulty: Double? = nil,
        seed: UInt64
    ) -> PlaytestLog {
        let shape = Playtest(name: "", teamSize: team.count, startDifficulty: startDifficulty, rounds: [], maxRounds: rounds)
        let simulator = GameSimulator(design: design, team: team, maxRounds: rounds, startDifficulty: startDifficulty, pipeline: pipeline)
        let seeds = GameSeeds(runSeed: seed)
        let games = (0..<playtests).map { i in
            var played: [PlaytestRound] = []
            _ = try? simulator.play(seed: seeds.seed(game: UInt64(i))) { round in
                var noted = PlaytestRound(
                    correct: 0, wrong: 0, timedOut: 0, end: round.outcome.end, endSeconds: round.outcome.endTime, money: round.money, players: [])
                for player in round.outcome.players {
                    noted.correct! += player.correct
                    noted.wrong! += player.wrong
                    noted.timedOut! += player.timedOut
                    noted.players!.append(PlayerTally(correct: player.correct, wrong: player.wrong, timedOut: player.timedOut))
                }
                played.append(noted)
            }
            var playtest = shape
            playtest.name = "synthetic \(i + 1)"
            playtest.rounds = played
            return playtest
        }
        return PlaytestLog(design: version, playtests: games.filter { !$0.rounds.isEmpty })
    }
}
