import GameSeam
import RelentlessReports
import RelentlessSimulation

/// What `simulate` prints of Relentless's runs: text and JSON.
extension PlayableRelentless {
    /// Each team's games as `simulate` prints them: per round, then how games ended and the
    /// commands that replay the p10, p50 and p90 games.
    public func simulationText(_ run: PlayedRun<Self>) -> String {
        simulationReports(run).map { SimulationText.render($0, how: run.how) }.joined(separator: "\n")
    }

    /// The same with every statistic: one team's report, or a list of them for several.
    public func simulationJSON(_ run: PlayedRun<Self>) -> any Encodable & Sendable {
        let reports = simulationReports(run)
        return reports.count == 1 ? reports[0] as any Encodable & Sendable : reports
    }

    /// A report per team played (fewer than the teams when interrupted).
    func simulationReports(_ run: PlayedRun<Self>) -> [SimulationReport] {
        let playable = run.playable
        return zip(playable.teams, run.statistics).map { team, statistics in
            let names = team.map(\.name)
            return SimulationReport(
                statistics, gamesRequested: run.gamesRequested, design: playable.label, playersFile: playable.playersLabel, team: names, seed: run.seed, maxRounds: playable.maxRounds,
                startDifficulty: playable.startDifficulty,
                replay: { seed in
                    ReplayCommandLine.of(
                        designDirectory: playable.designDirectory, files: playable.named, names: names, maxRounds: playable.maxRounds,
                        startDifficulty: playable.startDifficulty, seed: seed)
                },
                reproduceRound: { round, seed in
                    GenerateCommandLine.of(
                        designDirectory: playable.designDirectory, files: playable.named, players: round.players, difficulty: round.difficulty, seed: seed,
                        round: UInt64(round.round), explain: true)
                })
        }
    }
}
