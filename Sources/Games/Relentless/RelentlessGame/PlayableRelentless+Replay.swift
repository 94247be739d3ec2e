import GameSeam
import RelentlessGeneration
import RelentlessSimulation

/// `simulate --replay SEED`: a game round by round, as text or JSON.
extension PlayableRelentless {

    /// `simulate --replay SEED`: the game of that seed, which every team's game of the run that
    /// drew it plays (teams share the run's seeds), and which the run's text prints for its p10,
    /// p50 and p90 games; one per team.
    public func replayedGames(_ value: UInt64, of playable: Playable, seed: UInt64) -> [ReplayedGame] {
        playable.teams.indices.map { ReplayedGame(lineup: $0, game: 0, seed: value, heading: nil) }
    }

    /// The game round by round (M1–M3), every player's orders, satisfaction and time (P1–P7), and
    /// with `--timeline` every action of one round.
    public func replay(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> String {
        replayLog(playable, lineup: lineup, seed: seed).text()
    }

    public func replayJSON(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> (any Encodable & Sendable)? {
        replayLog(playable, lineup: lineup, seed: seed)
    }

    func replayLog(_ playable: Playable, lineup: Int, seed gameSeed: UInt64) -> ReplayLog {
        let names = playable.teams[lineup].map(\.name)
        let simulator = playable.simulators[lineup]
        func generate(players: Int, difficulty: Double, round: Int, explain: Bool = false) -> String {
            GenerateCommandLine.of(
                designDirectory: playable.designDirectory, files: playable.named, players: players, difficulty: difficulty, seed: gameSeed,
                round: UInt64(round), explain: explain)
        }
        var rounds: [ReplayLog.RoundRow] = []
        let summary: GameSummary
        do throws(GameError) {
            summary = try simulator.play(seed: gameSeed, timeline: playable.timeline.map { $0 - 1 }) { played in
                let players = played.outcome.players.enumerated().map { p, o in
                    ReplayLog.PlayerRow(
                        player: p + 1, persona: names[p], satisfaction: o.satisfaction, correct: o.correct, wrong: o.wrong,
                        timedOut: o.timedOut, open: o.open, neverShown: o.neverShown, discarded: o.discarded, gaveUp: o.gaveUp,
                        time: Dictionary(uniqueKeysWithValues: TimeBreakdown.parts.map { ($0.name, o.time[keyPath: $0.path]) }))
                }
                rounds.append(ReplayLog.RoundRow(
                    round: played.index + 1, difficulty: played.difficulty, orders: played.flatRound.orders.entries.count,
                    packageLimit: played.flatRound.packageLimit, end: played.outcome.end.rawValue, endSeconds: played.outcome.endTime,
                    satisfactionSum: played.outcome.satisfactionSum, moneyChange: played.moneyChange, money: played.money,
                    lost: played.lost, players: players,
                    generate: generate(players: names.count, difficulty: played.difficulty, round: played.index),
                    moneyIn: played.income, moneyOut: played.expense, timeline: played.outcome.timeline))
            }
        } catch {
            // Only M1's money past 64 bits stops a game (see ``play``): the game ends there, as
            // the run records it.
            let stop = UnplayableRound(round: error.round, difficulty: error.difficulty, players: error.players, reason: error.description)
            summary = GameSummary(roundsPlayed: error.round, money: 0, lost: false, unplayable: stop)
        }
        return ReplayLog(
            design: playable.label, team: names, seed: gameSeed, startDifficulty: simulator.startDifficulty, roundsPlayed: summary.roundsPlayed,
            money: summary.money, lost: summary.lost, rounds: rounds, unplayable: summary.unplayable,
            reproduce: summary.unplayable.map { generate(players: $0.players, difficulty: $0.difficulty, round: $0.round, explain: true) })
    }
}
