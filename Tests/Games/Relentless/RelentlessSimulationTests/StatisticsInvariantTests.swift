import MonteCarlo
import RelentlessSimulation
import RelentlessRuns
import Synchronization
import TestSupport
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
        let part = Mutex<[(block: Int, statistics: SimulationStatistics)]>([])
        _ = try SimulationBatch.run(simulator, games: 600, seed: 5, threads: 2, blocks: blocks) { block, statistics in
            part.withLock { $0.append((block, statistics)) }
        }
        let blocksPlayed = part.withLock { $0 }.sorted { $0.block < $1.block }
        #expect(blocksPlayed.count == blocks.count)
        var whole = SimulationStatistics()
        for block in blocksPlayed {
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

    /// The round's money flow, the time each player spent and the unplayable games are checked too:
    /// a merged part cannot carry a flow or a time breakdown that no played game makes.
    @Test func brokenFlowTimeAndUnplayableAreNamed() throws {
        let design = try SimulationFixtures.harsher()
        let simulator = GameSimulator(design: design, team: try SimulationFixtures.team("casual", "novice"), maxRounds: 3)
        let played = try SimulationBatch.run(simulator, games: 30, seed: 3).statistics
        #expect(played.invariantViolation == nil)

        var income = played
        income.rounds[0].income.add(10)
        #expect(income.invariantViolation?.contains("income counts 31 values for 30 games") == true)
        var parts = played
        parts.rounds[1].time.removeLast()
        #expect(parts.invariantViolation?.hasPrefix("round 1: time in") == true)
        var time = played
        time.rounds[0].time[2].add(1)
        #expect(time.invariantViolation?.contains("(one a player)") == true)
        var negative = played
        negative.rounds[0].expense = Moments()
        for _ in 0..<30 { negative.rounds[0].expense.add(-5) }
        #expect(negative.invariantViolation?.contains("below 0") == true)
        // Rounding, not a broken time: 3 novices at dailyExpense 213 and 2 orders a player (seed
        // 1, games 512..<768) leave a player's time listening at −4.4e-16 s, which merge refused.
        let listening = try #require(TimeBreakdown.parts.firstIndex { $0.name == "listening" })
        func withMinimum(_ minimum: Double) -> SimulationStatistics {
            var changed = played
            var moments = Moments()
            moments.add(minimum)
            for _ in 1..<played.rounds[0].time[listening].count { moments.add(2) }
            changed.rounds[0].time[listening] = moments
            return changed
        }
        #expect(withMinimum(-4.440892098500626e-16).invariantViolation == nil)
        #expect(withMinimum(-0.001).invariantViolation?.contains("time listening: -0.001 s") == true)
        var unplayable = played
        unplayable.unplayable = 1
        #expect(unplayable.invariantViolation?.contains("unplayable") == true)
        unplayable.unplayable = played.games + 1
        #expect(unplayable.invariantViolation?.contains("unplayable") == true)
    }
}
