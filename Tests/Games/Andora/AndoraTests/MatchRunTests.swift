import Andora
import MonteCarlo
import Testing

@testable import AndoraRuns

@Suite struct MatchRunTests {
    @Test func resultsDoNotDependOnTheThreadCount() {
        let match = MatchRun(rules: Rules(strategy: .any), matchup: Matchup(.greedy, .random))
        let one = match.play(games: 600, seed: 9, runner: MonteCarloRunner(threads: 1))
        let two = match.play(games: 600, seed: 9, runner: MonteCarloRunner(threads: 2))
        let three = match.play(games: 600, seed: 9, runner: MonteCarloRunner(threads: 3, chunkSize: 7))
        #expect(one.statistics == two.statistics)
        #expect(one.statistics == three.statistics)
        #expect(one.statistics.games == 600)
        #expect(one.statistics != match.play(games: 600, seed: 10, runner: MonteCarloRunner(threads: 1)).statistics)
    }

    @Test func countsAddUp() {
        let s = MatchRun(rules: .spec, matchup: Matchup(.greedy, .random)).play(games: 400, seed: 1, runner: MonteCarloRunner()).statistics
        #expect(s.xWins + s.oWins + s.draws == s.games)
        #expect(s.firstAgentWins + s.secondAgentWins + s.draws == s.games)
        #expect(s.lengths.reduce(0, +) == s.games)
        #expect(s.lengths[0..<9].reduce(0, +) == 0)  // a line of mini-fields needs 9 marks of one sign, a full target 9 marks
        // Greedy against random wins most games whichever seat it holds.
        #expect(s.firstAgentScore().lower > 0.6)
        // The first agent held X in exactly half the games: swapping seats cancels its strength
        // out of the first-player advantage, which stays far from ±its agent score.
        #expect(abs(s.firstPlayerAdvantage().value) < 0.25)
    }

    @Test func seedsDependOnRulesAndMatchupNotOnListOrder() {
        let a = MatchRun(rules: .spec, matchup: Matchup(.random, .random))
        let b = MatchRun(rules: Rules(strategy: .any), matchup: Matchup(.random, .random))
        let c = MatchRun(rules: .spec, matchup: Matchup(.greedy, .random))
        #expect(a.seeds(1) != b.seeds(1))
        #expect(a.seeds(1) != c.seeds(1))
        #expect(a.seeds(1) == MatchRun(rules: .spec, matchup: Matchup(.random, .random)).seeds(1))
        #expect(a.seeds(1) != a.seeds(2))
    }

    @Test func mergingBlocksEqualsOneRun() {
        let match = MatchRun(rules: .spec, matchup: Matchup(.random, .random))
        let whole = match.play(games: 1000, seed: 4, runner: MonteCarloRunner(threads: 2)).statistics
        var parts = MatchStatistics()
        for range in [0..<300, 300..<1000] {
            var part = MatchStatistics()
            for game in range {
                part.record(match.playGame(UInt64(game), seed: match.seeds(4).seed(game: UInt64(game))), firstAgentHeldX: game % 2 == 0)
            }
            parts.merge(part)
        }
        #expect(parts == whole)
        // Both sides above merge; the games counted one by one, with no merge at all, are the oracle.
        var direct = MatchStatistics()
        for game in 0..<1000 {
            direct.record(match.playGame(UInt64(game), seed: match.seeds(4).seed(game: UInt64(game))), firstAgentHeldX: game % 2 == 0)
        }
        #expect(direct == whole)
        #expect(direct.evenSeats.xWins > 0 && direct.evenSeats.oWins > 0 && direct.draws > 0, "every count is there to be lost")
    }

    @Test func advantageIntervalCoversTheTruthOnKnownCounts() {
        // 600 X wins, 300 O wins, 100 draws: mean score 0.3, sample variance (900 − 1000·0.09)/999.
        let a = Estimate(plus: 600, minus: 300, games: 1000, .ninetyFive)
        #expect(abs(a.value - 0.3) < 1e-12)
        // The variance of 1002 scores with one more +1 and −1: (902 − 1002·(300/1002)²)/1001.
        let half = 1.959963984540054 * ((902 - 300.0 * 300 / 1002) / 1001 / 1000).squareRoot()
        #expect(abs((a.upper - a.lower) / 2 - half) < 1e-9)
        // Games that all went one way still have an interval, inside the possible range.
        let sweep = Estimate(plus: 1000, minus: 0, games: 1000, .ninetyFive)
        #expect(sweep.value == 1 && sweep.upper == 1 && sweep.lower < 0.999 && sweep.lower > 0.98)
        let d = a.minus(Estimate(plus: 500, minus: 400, games: 1000, .ninetyFive))
        #expect(abs(d.value - 0.2) < 1e-12)
        #expect(d.excludesZero)
        #expect(!a.minus(Estimate(plus: 590, minus: 300, games: 1000, .ninetyFive)).excludesZero)
        #expect(MatchStatistics().meanLength().value == 0)
    }

    @Test func seatsAreStrataOfTheIntervals() {
        // Agent A wins every game as X and draws every game as O: a fixed split of seats, not
        // noise. Pooled, the scores +1 and 0 look noisy; by seat each stratum has no spread.
        let won = Diagram.position(AgentTests.xWinsAt2_2, mover: .x, target: 2).playing(Move(field: 2, cell: 2))
        let drawn = Diagram.position(RuleTests.fullCentre, mover: .x, target: 0).playing(Move(field: 0, cell: 4))
        var s = MatchStatistics()
        for game in 0..<1000 { s.record(game % 2 == 0 ? won : drawn, firstAgentHeldX: game % 2 == 0) }
        let pooled = Estimate(plus: s.xWins, minus: s.oWins, games: s.games, .ninetyFive)
        let byseat = s.firstPlayerAdvantage()
        #expect(byseat.value == pooled.value && abs(byseat.value - 0.5) < 1e-12)
        #expect(byseat.halfWidth < pooled.halfWidth / 5)
        #expect(s.firstAgentScore().value == 0.75)
    }

    @Test func differencesUseTheUnclippedWidth() {
        let sweep = Estimate(plus: 100, minus: 0, games: 100, .ninetyFive)
        #expect(sweep.upper == 1)
        #expect(sweep.halfWidth > (sweep.upper - sweep.lower) / 2 * 1.5)
        let d = sweep.minus(Estimate(plus: 100, minus: 0, games: 100, .ninetyFive))
        #expect(abs(d.halfWidth - sweep.halfWidth * 2.0.squareRoot()) < 1e-12)
    }

    @Test func drawChangeWithoutDrawsStillHasAWidth() {
        var won = Diagram.position(AgentTests.xWinsAt2_2, mover: .x, target: 2)
        won.play(Move(field: 2, cell: 2))
        var a = MatchStatistics(), b = MatchStatistics()
        for _ in 0..<500 {
            a.record(won, firstAgentHeldX: true)
            b.record(won, firstAgentHeldX: false)
        }
        let d = a.drawShareChange(from: b)
        #expect(d.value == 0 && d.upper > 0.003 && d.lower < -0.003)
        #expect(a.firstAgentScore().value == 1 && a.firstAgentScore().lower < 0.999)
        #expect(b.firstAgentScore().value == 0 && b.firstAgentScore().upper > 0.001)
    }

    @Test func intervalsCoverAtTheirLevel() {
        // A 'game' whose X wins with probability 0.45, O with 0.35: the advantage is 0.1. Of 400
        // intervals from 300 games each, about 95% cover it.
        var covered = 0
        var state: UInt64 = 12345
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) * 0x1.0p-53
        }
        for _ in 0..<400 {
            var x = 0, o = 0
            for _ in 0..<300 {
                let u = next()
                if u < 0.45 { x += 1 } else if u < 0.8 { o += 1 }
            }
            let e = Estimate(plus: x, minus: o, games: 300, .ninetyFive)
            if e.lower <= 0.1 && 0.1 <= e.upper { covered += 1 }
        }
        #expect(covered >= 364 && covered <= 392)  // 91%...98%
    }
}
