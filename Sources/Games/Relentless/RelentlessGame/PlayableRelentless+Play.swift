import Diagnostics
import GameSeam
import MonteCarlo
import Relentless
import RelentlessBalance
import RelentlessRuns
import RelentlessSimulation

/// A Relentless game played through the seam: its lineups (teams), one game into
/// ``SimulationStatistics``, and what merge checks of a part's statistics.
extension PlayableRelentless {
    /// Each team as tables and targets name it ("4 × casual", "novice, casual, expert"), with its
    /// own start when the teams start apart ("4 × casual from difficulty 5").
    public func lineups(of playable: Playable) -> [Lineup] {
        playable.lineupTeams.indices.map { k in
            let start = playable.teamStarts == nil ? nil : playable.start(of: k)
            let name = TeamName(team: playable.lineupTeams[k].map(\.name), start: start).text
            return Lineup(name: name, seedKey: Lineup.seedKey(of: name), sharesRunSeeds: true)
        }
    }

    /// A team of ``Playable/teams`` by its personas' names (`--team`), when it starts where
    /// every team does: another design plays it when its Players.plist has those personas.
    public func options(playing lineup: Int, of playable: Playable) -> GameOptionValues? {
        guard playable.teamStarts == nil, lineup < playable.teams.count else { return nil }
        return GameOptionValues([Self.teamOption.name: .texts([playable.teams[lineup].map(\.name).joined(separator: ",")])])
    }

    public func emptyStatistics() -> SimulationStatistics { SimulationStatistics() }

    public func invariantViolation(of statistics: SimulationStatistics, games: Int) -> String? {
        guard statistics.games == games else { return "holds \(counted(statistics.games, "game")), not \(games)" }
        return statistics.invariantViolation
    }

    /// A block must hold the rounds the team's simulator plays, at its difficulties (M3), with
    /// its team's players, and name only its own games as exemplars (the replay commands).
    public func mismatch(of statistics: SimulationStatistics, games: Range<UInt64>, lineup: Int, in playable: Playable) -> String? {
        let simulator = playable.simulators[lineup]
        guard statistics.rounds.count <= simulator.maxRounds else {
            return "has \(counted(statistics.rounds.count, "round")); the command plays at most \(simulator.maxRounds)"
        }
        if let r = statistics.rounds.indices.first(where: { statistics.rounds[$0].difficulty != simulator.roundParameters[$0].difficulty }) {
            return "plays round \(r + 1) at difficulty \(statistics.rounds[r].difficulty.designerText), the command at \(simulator.roundParameters[r].difficulty.designerText)"
        }
        if let players = statistics.playersPerGame, players != simulator.team.count {
            return "counts \(players) players a game; the command's team has \(simulator.team.count)"
        }
        if let stray = statistics.finalMoney.recorded.first(where: { !games.contains($0.game) }) {
            return "names game \(stray.game) as an exemplar, which is not one of its games (\(games.lowerBound)..<\(games.upperBound))"
        }
        return nil
    }

    public func play(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64, into statistics: inout SimulationStatistics) {
        let summary = Self.summary(Result { () throws(GameError) in try playable.simulators[lineup].play(seed: seed) { statistics.record($0) } })
        statistics.record(summary, game: game)
    }

    /// Teams of one size that start at one difficulty meet the same rounds, game by game: a
    /// round is its seed's whatever the team, and M3's ramp is the round's. A report's teams and
    /// bounds of a size (five of its eleven lineups at the shipped design's size) so play each
    /// round generated and numbered once.
    public func lineupGroups(of playable: Playable) -> [[Int]] {
        var groups: [[Int]] = []
        var groupOf: [SharedRounds: Int] = [:]
        for k in playable.lineupTeams.indices {
            let key = SharedRounds(players: playable.lineupTeams[k].count, start: playable.start(of: k))
            if let g = groupOf[key] {
                groups[g].append(k)
            } else {
                groupOf[key] = groups.count
                groups.append([k])
            }
        }
        return groups
    }

    /// What makes two lineups' rounds the same (their simulators are the playable's, alike
    /// but for the team).
    private struct SharedRounds: Hashable {
        var players: Int
        var start: Double?
    }

    public func play(_ playable: Playable, lineups: [Int], game: UInt64, seed: UInt64, into statistics: inout [SimulationStatistics]) {
        // Each lineup's own simulator: what the group shares is decided round by round by what
        // the simulators read (RoundKeys), so grouping can only ever change the speed.
        let results = GameSimulator.play(lineups.map { playable.simulators[$0] }, seed: seed) { t, round in statistics[t].record(round) }
        for (t, result) in results.enumerated() { statistics[t].record(Self.summary(result), game: game) }
    }

    /// A game's summary, or one that ends where an error stopped it: only M1's money past 64
    /// bits stops a game, which C6's limits keep checked designs from, so the game ends there
    /// as unplayable, never a trap.
    private static func summary(_ result: Result<GameSummary, GameError>) -> GameSummary {
        switch result {
        case .success(let summary): return summary
        case .failure(let error):
            let stop = UnplayableRound(round: error.round, difficulty: error.difficulty, players: error.players, reason: error.description)
            return GameSummary(roundsPlayed: error.round, money: 0, lost: false, unplayable: stop)
        }
    }

    public var lineupNoun: String { "team" }

    /// "up to 30 rounds a game", and where games start when not at the design's minimum (M3).
    public func playedAs(_ playable: Playable) -> String? {
        "up to \(counted(playable.maxRounds, "round")) a game\(StartDifficulty.phrase(playable.startDifficulty))"
    }

    /// A metric after a round the games never play (after --max-rounds), or one measured on the
    /// plateau of the difficulty ramp (drift, ruin) that the team's games do not reach twice.
    public func unmeasurable(_ name: String, lineup: Int, in playable: Playable) -> String? {
        guard let target = TargetMetric(name) else { return nil }
        if let seat = target.seat, seat > playable.lineupTeams[lineup].count {
            return "the team has \(playable.lineupTeams[lineup].count) seats, not \(seat)"
        }
        if let round = target.round, round > playable.maxRounds {
            return "round \(round) is after --max-rounds \(playable.maxRounds); raise --max-rounds or aim at an earlier round"
        }
        guard target.metric.isBeyondTheHorizon, playable.simulators[lineup].plateauStart == nil else { return nil }
        let levels = playable.design.parameters.reachableDifficulties(from: playable.start(of: lineup))
        return "\(target.metric.rawValue) is measured on two rounds at the top of the difficulty ramp (from round \(levels.count)); raise --max-rounds to at least \(levels.count + 1)"
    }
}
