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

    @Test("designs in turn (as many as are kept, then more), games that end in an unplayable round, other teams: each game is the one a fresh workspace plays")
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
        // Four designs (as many as are kept, the unplayable one among them) take turns, so each
        // plays in its kept workspace; then two more push the first ones out, and they come back.
        let order = Array(repeating: [0, 1, 2, 3], count: 5).joined() + [4, 5, 4, 5, 0, 4, 1, 5, 2, 3]
        for (game, s) in order.enumerated() {
            let simulator = simulators[s]
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
