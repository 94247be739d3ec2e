import Relentless
import RelentlessSimulation
import Testing

/// A simulator made for one team and handed another of the same size (what a calibration does
/// for every candidate, resolving the rounds' parameters once) plays exactly the games a
/// simulator made for that team plays: the parameters depend on the team's size alone.
@Suite("A simulator handed another team plays that team's games")
struct SimulatorTeamTests {
    struct Played: Equatable {
        var summary: GameSummary
        var rounds: [String]
    }

    static func line(_ round: GameRound) -> String {
        "\(round.index) \(round.difficulty) \(round.money) \(round.outcome.players.map(\.satisfaction)) \(round.outcome.endTime)"
    }

    static func play(_ simulator: GameSimulator, seed: UInt64) throws -> Played {
        var rounds: [String] = []
        let summary = try simulator.play(seed: seed) { round in
            rounds.append(Self.line(round))
        }
        return Played(summary: summary, rounds: rounds)
    }

    @Test("other personas, other starts and lengths: the same games as a simulator made for them")
    func switchedTeamsPlayTheirOwnGames() throws {
        let design = try SimulationFixtures.shipped()
        let teams = [
            try SimulationFixtures.team("casual", "casual", "casual", "casual"),
            try SimulationFixtures.team("novice", "expert", "casual", "novice"),
            try SimulationFixtures.team("expert", "expert", "expert", "expert"),
        ]
        var differed = 0
        for (maxRounds, start) in [(4, nil), (12, 3.0), (30, nil)] as [(Int, Double?)] {
            let made = GameSimulator(design: design, team: teams[0], maxRounds: maxRounds, startDifficulty: start)
            for team in teams.dropFirst() {
                let switched = made.playing(team)
                #expect(switched.team == team)
                let own = GameSimulator(design: design, team: team, maxRounds: maxRounds, startDifficulty: start)
                #expect(switched.roundParameters == own.roundParameters)
                for seed in UInt64(1)...6 {
                    let expected = try Self.play(own, seed: seed)
                    #expect(try Self.play(switched, seed: seed) == expected, "\(team.map(\.name)), \(maxRounds) rounds from \(start ?? 0), seed \(seed)")
                    if try Self.play(made, seed: seed) != expected { differed += 1 }
                }
            }
        }
        // The teams must play differently, or the test could not tell which team a simulator used.
        #expect(differed >= 30, "\(differed) of 36 games differed from the first team's")
    }

    @Test("games played one after another in one workspace are the games played each in a fresh one")
    func aWorkspaceCarriesNothingFromGameToGame() throws {
        let design = try SimulationFixtures.shipped()
        let teams = [
            try SimulationFixtures.team("casual", "casual", "casual", "casual"),
            try SimulationFixtures.team("novice", "expert", "casual"),
            try SimulationFixtures.team("expert", "expert", "expert", "expert", "novice", "casual"),
        ]
        var workspace = GameWorkspace(design: design)
        for game in 0..<24 {
            let team = teams[game % teams.count]
            let simulator = GameSimulator(design: design, team: team, maxRounds: [3, 8, 20][game % 3], startDifficulty: game % 4 == 0 ? 4 : nil)
            let seed = UInt64(100 + game)
            var reused: [String] = []
            let summary = try simulator.play(seed: seed, in: &workspace) { round in
                reused.append(Self.line(round))
            }
            #expect(Played(summary: summary, rounds: reused) == (try Self.play(simulator, seed: seed)), "game \(game)")
        }
    }
}
