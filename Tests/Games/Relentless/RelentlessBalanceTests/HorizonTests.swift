import Foundation
import GameSeam
import MonteCarlo
import Relentless
import RelentlessBalance
import RelentlessGeneration
import RelentlessRuns
import RelentlessSimulation
import Testing
import TestSupport

/// Beyond the horizon (``Horizon``): the claim it rests on, and its extrapolation against long
/// runs of the same team.
@Suite("Beyond the horizon: drift and ruin extrapolated from the plateau")
struct HorizonTests {
    static func design(_ directory: URL) throws -> PreparedDesign {
        let result = DesignLoader.load(try Fixtures.shippedDesignSources(directory))
        return try PreparedDesign(try #require(result.design))
    }

    static func team(_ names: String...) throws -> [Persona] {
        let model = try GateFixtures.players()
        return try names.map { try #require(model.persona(named: $0)) }
    }

    /// Two-sample Kolmogorov–Smirnov distance.
    static func ks(_ a: [Double], _ b: [Double]) -> Double {
        let (x, y) = (a.sorted(), b.sorted())
        var (i, j, d) = (0, 0, 0.0)
        while i < x.count && j < y.count {
            let v = min(x[i], y[j])
            while i < x.count && x[i] == v { i += 1 }
            while j < y.count && y[j] == v { j += 1 }
            d = max(d, abs(Double(i) / Double(x.count) - Double(j) / Double(y.count)))
        }
        return d
    }

    @Test("at the top of the ramp every round is the same random experiment: the changes of the first and last plateau rounds have one distribution (KS, α = 0.001), and consecutive rounds do not correlate (|r|√n < 3.29, α = 0.001)")
    func plateauRoundsAreOneExperiment() throws {
        let design = try Self.design(Fixtures.shippedDesign)
        let simulator = GameSimulator(design: design, team: try Self.team("casual", "novice", "expert", "casual"), maxRounds: 30)
        let start = try #require(simulator.roundParameters.firstIndex { $0.difficulty == 10 })
        var changes: [[Double]] = []
        for g in 0..<200 {
            var game: [Double] = []
            _ = try simulator.play(seed: GameSeeds(runSeed: 11).seed(game: UInt64(g))) { round in
                if round.index >= start { game.append(Double(round.moneyChange)) }
            }
            changes.append(game)
        }
        let first = changes.map { $0[0] }, last = changes.map { $0[$0.count - 1] }
        let n = Double(first.count)
        // KS critical distance at α = 0.001: 1.95 × √((n + m)/(n m)).
        #expect(Self.ks(first, last) < 1.95 * (2 / n).squareRoot(), "first and last plateau rounds differ")
        var pairs: [(Double, Double)] = []
        for game in changes { for r in 1..<game.count { pairs.append((game[r - 1], game[r])) } }
        let mx = pairs.map(\.0).reduce(0, +) / Double(pairs.count), my = pairs.map(\.1).reduce(0, +) / Double(pairs.count)
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for (x, y) in pairs {
            sxy += (x - mx) * (y - my)
            sxx += (x - mx) * (x - mx)
            syy += (y - my) * (y - my)
        }
        let r = sxy / (sxx * syy).squareRoot()
        #expect(abs(r) * Double(pairs.count).squareRoot() < 3.29, "consecutive plateau rounds correlate: r = \(r)")
    }

    /// Three novices on Designs/harsher lose about 11 money a round at the top difficulty: the
    /// extrapolation from 30-round games must predict how many 300-round games are lost by each
    /// round. The prediction's 95% interval and the long run's Wilson interval at 99% (α = 0.05
    /// split over 5 rounds) must overlap; and the games that reach the plateau are lost, as
    /// predicted, after a number of rounds in the predicted interval.
    @Test("the extrapolation from 30 rounds agrees with 300-round games, round by round")
    func agreesWithLongRuns() throws {
        let design = try Self.design(Fixtures.harsherDesign)
        let team = try Self.team("novice", "novice", "novice")
        let short = try SimulationBatch.run(GameSimulator(design: design, team: team, maxRounds: 30), games: 600, seed: 1, threads: 2)
        let horizon = try Horizon.estimate(short.statistics, confidence: .ninetyFive).get()
        #expect(horizon.drift.upper < 0 && horizon.ruin.value == 1)
        let long = try SimulationBatch.run(GameSimulator(design: design, team: team, maxRounds: 300), games: 300, seed: 2, threads: 2)
        let statistics = long.statistics
        for round in [60, 100, 150, 200, 300] {
            let predicted = try Horizon.ruin(short.statistics, byRound: round, confidence: .ninetyFive).get()
            let lost = Proportion(statistics.games - (round - 1 < statistics.rounds.count ? statistics.rounds[round - 1].survived : 0), of: statistics.games)
            let observed = lost.interval(Confidence(0.99))
            #expect(observed.overlaps(predicted.interval), "round \(round): observed \(lost.value) \(observed), predicted \(predicted.value) \(predicted.interval)")
        }
        // Rounds reached by the games alive at the plateau: the plateau round − 1 + rounds to ruin.
        let rounds = try #require(horizon.roundsToRuin)
        let reached = statistics.roundsReached.meanInterval(Confidence(0.99)) ?? 0...0
        let predicted = (Double(horizon.plateauRound - 1) + rounds.lower)...(Double(horizon.plateauRound - 1) + rounds.upper)
        #expect(reached.overlaps(predicted), "mean rounds reached \(reached) vs predicted \(predicted)")
    }

    /// The riskiest team of the game as shipped (three players who never start an order) gains
    /// about 11 a round at the top: the extrapolation says no game is lost by round 300, and 300-round
    /// games lose none either (within the 99% Wilson interval of 100 games).
    @Test("on the game as shipped the extrapolation and long runs agree: nobody is ruined")
    func shippedLongRun() throws {
        let design = try Self.design(Fixtures.shippedDesign)
        let team = [Persona](repeating: Persona.idleBound, count: 3)
        let short = try SimulationBatch.run(GameSimulator(design: design, team: team, maxRounds: 30), games: 200, seed: 1, threads: 2)
        let predicted = try Horizon.ruin(short.statistics, byRound: 300, confidence: .ninetyFive).get()
        #expect(predicted.value < 0.001, "\(predicted)")
        let long = try SimulationBatch.run(GameSimulator(design: design, team: team, maxRounds: 300), games: 100, seed: 2, threads: 2)
        let observed = Proportion(long.statistics.lost, of: long.statistics.games).interval(Confidence(0.99))
        #expect(observed.overlaps(predicted.interval), "observed \(observed), predicted \(predicted.interval)")
    }

    @Test("no plateau within --max-rounds is said, not guessed")
    func unavailableBeforeThePlateau() throws {
        let design = try Self.design(Fixtures.shippedDesign)
        let run = try SimulationBatch.run(GameSimulator(design: design, team: try Self.team("casual", "casual", "casual"), maxRounds: 10), games: 16, seed: 1, threads: 1)
        guard case .failure(let why) = Horizon.estimate(run.statistics, confidence: .ninetyFive) else {
            Issue.record("a 10-round game never reaches difficulty 10 (round 19)")
            return
        }
        #expect(why.reason.contains("raise --max-rounds"))
    }

    @Test("a team with a positive drift far from 0 is not ruined: exp(−2μd/σ²) is tiny; a negative drift ruins every team (closed forms)")
    func closedForms() throws {
        let design = try Self.design(Fixtures.shippedDesign)
        let run = try SimulationBatch.run(GameSimulator(design: design, team: try Self.team("expert", "expert", "expert", "expert"), maxRounds: 24), games: 64, seed: 3, threads: 1)
        let horizon = try Horizon.estimate(run.statistics, confidence: .ninetyFive).get()
        #expect(horizon.plateauRound == 19 && horizon.difficulty == 10)
        #expect(horizon.drift.lower > 100 && horizon.ruin.value < 1e-9 && horizon.roundsToRuin == nil)
        // The drift is the mean money change of the plateau rounds, pooled.
        var pooled = Moments()
        for r in 18..<24 { pooled.merge(run.statistics.rounds[r].moneyChange) }
        #expect(abs(horizon.drift.value - pooled.mean) < 1e-9 && abs(horizon.spread - pooled.standardDeviation) < 1e-9)
    }
}
