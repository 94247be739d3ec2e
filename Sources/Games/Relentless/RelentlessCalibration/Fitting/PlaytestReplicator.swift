import MonteCarlo
import RelentlessGeneration
import RelentlessSimulation

/// Plays a log's playtests again with modelled players: the same team sizes, starts and number
/// of rounds, a persona for every seat. A replicate is the whole study played once; replicate k
/// of playtest i always draws the same seed, whatever the persona (common random numbers), so
/// two candidates differ by their personas alone, not by the luck of their rounds.
struct PlaytestReplicator: Sendable {
    let design: PreparedDesign
    let pipeline: Pipeline
    let log: PlaytestLog
    let seeds: GameSeeds
    /// One simulator per playtest, its rounds' parameters resolved once for all the teams tried
    /// (``GameSimulator/playing(_:)``); the personas it was made with are placeholders.
    private let simulators: [GameSimulator]
    /// What each playtest's log notes, which masks its simulations.
    private let notes: [LogNotes]

    init(design: PreparedDesign, pipeline: Pipeline, log: PlaytestLog, seeds: GameSeeds) {
        self.design = design
        self.pipeline = pipeline
        self.log = log
        self.seeds = seeds
        notes = log.playtests.map(LogNotes.init)
        simulators = log.playtests.map { playtest in
            GameSimulator(
                design: design, team: Array(repeating: .idleBound, count: playtest.teamSize), maxRounds: playtest.roundLimit,
                startDifficulty: playtest.startDifficulty, pipeline: pipeline)
        }
    }

    /// The study played once by `persona`, summed as the log would have noted it; nil when a
    /// game cannot go on (money beyond 64 bits).
    /// - Parameter team: one persona for every seat, or one per seat (the per-seat fit, whose
    ///   playtests all seat as many).
    func replicate(_ k: Int, team: [Persona], into summaries: inout SummaryAccumulator) -> Bool {
        for (i, playtest) in log.playtests.enumerated() {
            let seats = team.count == 1 ? Array(repeating: team[0], count: playtest.teamSize) : team
            guard let played = play(i, team: seats, seed: seeds.seed(game: UInt64(k * log.playtests.count + i))) else { return false }
            summaries.add(playtest, played: played, notes: notes[i])
        }
        return true
    }

    /// Playtest `i` of the log played by `team` (as many as its seats), in the workspace its
    /// thread keeps (``GameSimulator/play(seed:timeline:observe:)``): a study's short games make
    /// the engine's buffers once per thread, not once per game.
    func play(_ i: Int, team: [Persona], seed: UInt64) -> [SimulatedRound]? {
        let playtest = log.playtests[i]
        let simulator = simulators[i].playing(team)
        var rounds: [SimulatedRound] = []
        rounds.reserveCapacity(playtest.rounds.count)
        do {
            _ = try simulator.play(seed: seed) { round in
                var tally = SimulatedRound(correct: 0, wrong: 0, timedOut: 0, end: round.outcome.end, endSeconds: round.outcome.endTime, money: round.money)
                tally.players.reserveCapacity(round.outcome.players.count)
                for player in round.outcome.players {
                    tally.correct += player.correct
                    tally.wrong += player.wrong
                    tally.timedOut += player.timedOut
                    tally.players.append(PlayerTally(correct: player.correct, wrong: player.wrong, timedOut: player.timedOut))
                }
                rounds.append(tally)
            }
        } catch {
            return nil
        }
        return rounds
    }
}
