import MonteCarlo
import RelentlessGeneration
import Relentless
import RelentlessSimulation
import RelentlessRuns
import TestSupport
import Testing

/// A round the host cannot make (G4: the round's categories cannot stock every player) ends
/// its game as an outcome; the batch goes on.
@Suite("Unplayable rounds end their game, not the batch (G4)")
struct UnplayableRoundTests {
    /// `count` casual players on the fixture design (whose rounds drawing only Siren cannot be stocked).
    static func casuals(_ count: Int, maxRounds: Int) throws -> GameSimulator {
        let result = DesignLoader.load(DesignFixtures.sources())
        let design = try PreparedDesign(try #require(result.design))
        let team = try [Persona](repeating: SimulationFixtures.team("casual")[0], count: count)
        return GameSimulator(design: design, team: team, maxRounds: maxRounds)
    }

    @Test("a game meeting an unplayable round stops there, neither lost nor solvent at the cap; the batch counts it and goes on")
    func unplayableEndsTheGame() throws {
        let simulator = try Self.casuals(3, maxRounds: 8)
        var ended = 0
        for seed: UInt64 in 1...40 {
            let game = try simulator.play(seed: seed)
            guard let stop = game.unplayable else { continue }
            ended += 1
            #expect(!game.lost && game.roundsPlayed == stop.round && stop.players == 3 && stop.reason.contains("[G4]"), "\(game)")
            // The round really cannot be made: generation fails on it the same way.
            let parameters = simulator.roundParameters[stop.round]
            #expect(throws: GenerationError.self) {
                try Pipeline.default.makeRound(simulator.design, parameters: parameters, seed: seed, game: 0, round: UInt64(stop.round))
            }
        }
        #expect(ended > 0 && ended < 40, "\(ended) of 40 games met a round that draws only Siren")
        let run = try SimulationBatch.run(simulator, games: 40, seed: 9, threads: 2)
        #expect(run.statistics.games == 40 && run.statistics.unplayable > 0)
        #expect(run.statistics.firstUnplayable.map { $0.round.reason.contains("[G4]") } == true)
        // The first unplayable game is the lowest-numbered one, by playing the run's games one by
        // one from their seeds, and its round is that game's, whatever block or thread had it:
        // 600 games are three blocks (GameBlocks.standardSize), each with unplayable games.
        let long = try SimulationBatch.run(simulator, games: 600, seed: 9, threads: 2)
        let seeds = GameSeeds(runSeed: 9)
        let stops = try (0..<600).map { try simulator.play(seed: seeds.seed(game: UInt64($0))).unplayable }
        let first = try #require(stops.firstIndex { $0 != nil })
        for block in 0..<3 {
            let games = (block * GameBlocks.standardSize)..<min(600, (block + 1) * GameBlocks.standardSize)
            try #require(stops[games].contains { $0 != nil }, "block \(block) has no unplayable game to merge")
        }
        #expect(long.statistics.firstUnplayable?.game == UInt64(first) && long.statistics.firstUnplayable?.round == stops[first])
        #expect(long.statistics.unplayable == stops.compactMap { $0 }.count)
    }

    @Test("parameters generation refuses (a team beyond its bounds) end the game at once with generation's own error, checked once per simulator")
    func refusedParametersEndTheGameAsGenerationSays() throws {
        let simulator = try Self.casuals(10_001, maxRounds: 3)
        for seed: UInt64 in [1, 2] {
            let game = try simulator.play(seed: seed)
            let stop = try #require(game.unplayable, "a team of 10,001 was played")
            #expect(game.roundsPlayed == 0 && !game.lost && stop.round == 0 && stop.players == 10_001)
            do {
                _ = try Pipeline.default.makeRound(simulator.design, parameters: simulator.roundParameters[0], seed: seed, game: 0, round: 0)
                Issue.record("generation made a round for a team of 10,001")
            } catch {
                #expect(stop.reason == error.description)
            }
        }
    }
}
