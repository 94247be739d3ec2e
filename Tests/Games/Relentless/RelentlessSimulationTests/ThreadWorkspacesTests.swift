import Relentless
@testable import RelentlessSimulation
import Testing

/// `GameSimulator.play(seed:)` plays in a workspace its thread keeps (ThreadWorkspaces): which
/// one must never show in a game. The oracle is the same game played in a workspace made for it.
@Suite("Games played in the workspaces a thread keeps")
struct ThreadWorkspacesTests {
    static func fresh(_ simulator: GameSimulator, seed: UInt64) throws -> SimulatorTeamTests.Played {
        var workspace = GameWorkspace(design: simulator.design)
        var rounds: [String] = []
        let summary = try simulator.play(seed: seed, in: &workspace) { rounds.append(SimulatorTeamTests.line($0)) }
        return SimulatorTeamTests.Played(summary: summary, rounds: rounds)
    }

    @Test("designs in turn (more than are kept), games that end in an unplayable round, other teams: each game is the one a fresh workspace plays")
    func keptWorkspacesChangeNoGame() throws {
        let casuals = try SimulationFixtures.team("casual", "casual", "casual")
        let simulators = [
            GameSimulator(design: try SimulationFixtures.shipped(), team: try SimulationFixtures.team("casual", "casual", "casual", "casual"), maxRounds: 12),
            GameSimulator(design: try SimulationFixtures.harsher(), team: try SimulationFixtures.team("expert", "novice", "casual"), maxRounds: 10),
            try UnplayableRoundTests.casuals(3, maxRounds: 8),
            GameSimulator(design: try SimulationFixtures.shipped(parameters: SimulationFixtures.replacing("timeForEachItem", with: "<integer>40</integer>")), team: casuals, maxRounds: 9),
            GameSimulator(design: try SimulationFixtures.shipped(parameters: SimulationFixtures.replacing("numOfHouses", with: "<integer>2</integer>")), team: casuals, maxRounds: 9),
            GameSimulator(design: try SimulationFixtures.harsher(parameters: SimulationFixtures.replacing("numOfHouses", with: "<integer>7</integer>")), team: casuals, maxRounds: 6),
        ]
        var unplayable = 0
        for game in 0..<30 {
            // Five designs take turns, then the first comes back after more than are kept.
            let simulator = simulators[game < 24 ? game % 5 : (game % 2 == 0 ? 5 : 0)]
            let seed = UInt64(500 + game)
            let kept = try SimulatorTeamTests.play(simulator, seed: seed)
            #expect(kept == (try Self.fresh(simulator, seed: seed)), "game \(game)")
            if kept.summary.unplayable != nil { unplayable += 1 }
        }
        #expect(unplayable > 0, "some games end in a round that cannot be made")
        #expect(ThreadWorkspaces.current.count <= 4, "only the last few designs' workspaces are kept")
    }

    @Test("a game played from within another's observer gets a workspace of its own: both are the games played alone")
    func aGameInsideAnother() throws {
        let simulator = GameSimulator(design: try SimulationFixtures.shipped(), team: try SimulationFixtures.team("casual", "expert", "novice"), maxRounds: 8)
        var inner: [SimulatorTeamTests.Played] = []
        var outer: [String] = []
        let summary = try simulator.play(seed: 71) { round in
            outer.append(SimulatorTeamTests.line(round))
            if round.index % 3 == 0 { inner.append(try! SimulatorTeamTests.play(simulator, seed: UInt64(900 + round.index))) }
        }
        #expect(SimulatorTeamTests.Played(summary: summary, rounds: outer) == (try Self.fresh(simulator, seed: 71)))
        #expect(!inner.isEmpty)
        for (k, played) in inner.enumerated() {
            #expect(played == (try Self.fresh(simulator, seed: UInt64(900 + 3 * k))), "inner game \(k)")
        }
    }
}
