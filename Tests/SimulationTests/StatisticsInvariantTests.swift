import MonteCarlo
import Simulation
import SimulationRuns
import Testing

/// `playbench merge` refuses a part whose statistics break ``SimulationStatistics/invariantViolation``:
/// statistics of games really played must never break them, block by block and merged.
@Suite struct StatisticsInvariantTests {
    @Test(arguments: ["shipped", "harsher"])
    func playedBlocksKeepTheInvariants(design name: String) throws {
        let design = name == "harsher" ? try SimulationFixtures.harsher() : try SimulationFixtures.shipped()
        // Idle players lose the harsher game in round 1; a mixed team loses some games later.
        let team = try SimulationFixtures.team("idle", "casual", "novice")
        let simulator = GameSimulator(design: design, team: team, maxRounds: 6)
        let blocks = GameBlocks(games: 600)
        let part = try #require(try LocalPlay(seed: 5, threads: 2).part(Shard(index: 0, count: 1)!, runs: [(simulator, blocks)]))
        #expect(part.count == blocks.count)
        var whole = SimulationStatistics()
        for block in part {
            #expect(block.statistics.invariantViolation == nil, "block \(block.block): \(block.statistics.invariantViolation ?? "")")
            #expect(block.statistics.games == blocks[block.block].count)
            whole.merge(block.statistics)
        }
        #expect(whole.invariantViolation == nil, "\(whole.invariantViolation ?? "")")
        #expect(SimulationStatistics().invariantViolation == nil)
    }

    @Test func brokenCountsAreNamed() throws {
        let design = try SimulationFixtures.harsher()
        let simulator = GameSimulator(design: design, team: try SimulationFixtures.team("casual", "casual"), maxRounds: 4)
        let played = try SimulationBatch.run(simulator, games: 40, seed: 2).statistics
        #expect(played.invariantViolation == nil)

        var more = played
        more.games += 1
        #expect(more.invariantViolation?.contains("values for 41 games") == true)
        var lost = played
        lost.lost = played.games + 1
        #expect(lost.invariantViolation != nil)
        var survived = played
        survived.rounds[0].survived = played.rounds[0].played + 1
        #expect(survived.invariantViolation?.hasPrefix("round 0:") == true)
        var ends = played
        ends.rounds[0].ends.removeLast()
        #expect(ends.invariantViolation?.contains("ends") == true)
        var difficulty = played
        difficulty.rounds[0].difficulty = .nan
        #expect(difficulty.invariantViolation != nil)
    }
}
