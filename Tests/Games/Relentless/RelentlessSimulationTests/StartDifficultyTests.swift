import RelentlessGeneration
import Relentless
import RelentlessSimulation
import TestSupport
import Testing

/// M3: a game starts where the host set the slider and climbs from there.
@Suite("A game's start (M3)")
struct StartDifficultyTests {
    /// difficultyChange in diffLevel: the ramp from a start is not the default ramp shifted, so
    /// a simulator that merely offset the default levels would fail.
    static func design() throws -> PreparedDesign {
        try SimulationFixtures.shipped(parameters: SimulationFixtures.replacing("difficultyChange", with: "<string>diffLevel / 4</string>"))
    }

    @Test("a game started at D plays its first round at D, then follows reachableDifficulties(from: D)", arguments: [1.0, 3.3, 7, 10])
    func followsTheRampFromTheStart(start: Double) throws {
        let design = try Self.design()
        let team = try SimulationFixtures.team("expert", "expert", "expert")
        let simulator = GameSimulator(design: design, team: team, maxRounds: 12, startDifficulty: start)
        var played: [Double] = []
        let game = try simulator.play(seed: 11) { played.append($0.difficulty) }
        #expect(played.count == game.roundsPlayed && !played.isEmpty)
        let ramp = design.design.parameters.reachableDifficulties(from: start)
        #expect(ramp.first == start)
        // The game stays at the last level once the ramp ends (the maximum).
        let expected = played.indices.map { ramp[min($0, ramp.count - 1)] }
        #expect(played == expected)
        // Each round's parameters are those of its difficulty (numOfCategories grows with it, C6).
        #expect(simulator.roundParameters[0] == design.design.parameters.resolved(difficulty: start, players: 3))
    }

    @Test("no start is the minimum: the same games, round for round")
    func noStartIsTheMinimum() throws {
        let design = try Self.design()
        let team = try SimulationFixtures.team("casual", "casual", "novice")
        let byDefault = GameSimulator(design: design, team: team, maxRounds: 8)
        let atMinimum = GameSimulator(design: design, team: team, maxRounds: 8, startDifficulty: 1)
        let later = GameSimulator(design: design, team: team, maxRounds: 8, startDifficulty: 6)
        var differs = false
        for seed in UInt64(1)...6 {
            #expect(try byDefault.play(seed: seed) == atMinimum.play(seed: seed))
            var money: [Int] = [], laterMoney: [Int] = []
            _ = try byDefault.play(seed: seed) { money.append($0.money) }
            _ = try later.play(seed: seed) { laterMoney.append($0.money) }
            differs = differs || money != laterMoney
        }
        #expect(differs, "games from difficulty 6 played as those from the minimum")
    }
}
