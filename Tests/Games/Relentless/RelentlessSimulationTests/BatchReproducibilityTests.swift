import MonteCarlo
import RelentlessSimulation
import RelentlessRuns
import TestSupport
import Testing

/// A batch's statistics depend on the seed, not on threads (RULES of the project: results are
/// reproducible whatever the number of threads).
@Suite("Simulation batches are reproducible")
struct BatchReproducibilityTests {
    /// Every number a report shows, as text, so that comparison is exact.
    static func fingerprint(_ s: SimulationStatistics) -> String {
        var lines = ["games \(s.games) lost \(s.lost) reached \(s.roundsReached.mean) \(s.roundsReached.variance)"]
        lines.append("final \(s.finalMoneyMoments.mean) \(s.finalMoneyMoments.variance) \([0.1, 0.5, 0.9].map { s.finalMoney.exemplar(atQuantile: $0).map { "\($0.game):\($0.value)" } ?? "-" })")
        for (r, round) in s.rounds.enumerated() {
            lines.append(
                "\(r) \(round.played) \(round.survived) \(round.moneyMoments.mean) \(round.moneyMoments.variance) "
                    + "\([0.1, 0.5, 0.9].map { round.money.quantile($0) ?? 0 }) \(round.satisfaction.mean) \(round.satisfaction.variance) "
                    + "\(round.correct.mean) \(round.wrong.mean) \(round.timedOut.mean) \(round.open.mean) \(round.ends) \(round.endTime.mean)")
        }
        return lines.joined(separator: "\n")
    }

    @Test("1, 2 and 3 threads give identical statistics; another seed does not")
    func threadsDoNotMatter() throws {
        let design = try SimulationFixtures.shipped()
        let simulator = GameSimulator(design: design, team: try SimulationFixtures.team("novice", "casual", "expert", "casual"), maxRounds: 8)
        let one = try SimulationBatch.run(simulator, games: 70, seed: 9, threads: 1)
        let two = try SimulationBatch.run(simulator, games: 70, seed: 9, threads: 2)
        let three = try SimulationBatch.run(simulator, games: 70, seed: 9, threads: 3)
        let other = try SimulationBatch.run(simulator, games: 70, seed: 10, threads: 2)
        #expect(one.gamesPlayed == 70 && !one.isPartial)
        #expect(Self.fingerprint(one.statistics) == Self.fingerprint(two.statistics))
        #expect(Self.fingerprint(one.statistics) == Self.fingerprint(three.statistics))
        #expect(Self.fingerprint(one.statistics) != Self.fingerprint(other.statistics))
    }

    @Test("a game's seed replays it: the exemplar's final money is what replaying its seed gives")
    func exemplarsReplay() throws {
        let design = try SimulationFixtures.shipped()
        let simulator = GameSimulator(design: design, team: try SimulationFixtures.team("casual", "casual", "novice"), maxRounds: 6)
        let run = try SimulationBatch.run(simulator, games: 50, seed: 3)
        for q in [0.1, 0.5, 0.9] {
            let exemplar = try #require(run.statistics.finalMoney.exemplar(atQuantile: q))
            let replayed = try simulator.play(seed: GameSeeds(runSeed: 3).seed(game: exemplar.game))
            #expect(Int64(replayed.money) == exemplar.value)
            let histogram = run.statistics.finalMoney.histogram
            #expect(histogram.quantile(q).map(histogram.bucket(of:)) == histogram.bucket(of: exemplar.value))
        }
    }
}
