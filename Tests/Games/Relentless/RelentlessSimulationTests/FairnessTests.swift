import RelentlessGeneration
import MonteCarlo
import Relentless
import RelentlessSimulation
import Testing

/// P4: players act at the same time and no seat is favoured. Round generation treats players
/// alike (G5 shuffles, G6/G7 draw from each player's own stream), so a fair engine gives
/// identical personas identical per-seat statistics, and any permutation of a team the same
/// distribution of every metric. Paired on the same seeds (the same rounds), differences must
/// have mean 0; each test states its significance and splits it over its comparisons
/// (Bonferroni). An engine that plans players in seat order fails both (seat 1 of four casual
/// players averaged 48.6 satisfaction at a round's end, seat 4 22.3).
@Suite("Fair contention: no seat is favoured (P4)")
struct FairnessTests {
    /// Two-sided z of a paired mean difference against 0.
    static func z(_ differences: [Double]) -> Double {
        let n = Double(differences.count)
        let mean = differences.reduce(0, +) / n
        let variance = differences.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        guard variance > 0 else { return mean == 0 ? 0 : .infinity }
        return mean / (variance / n).squareRoot()
    }

    /// Per-game metrics: rounds reached, lost, final money, and per round played: summed
    /// satisfaction, orders correct, wrong and timed out.
    static func metrics(_ design: PreparedDesign, team: [Persona], games: Int, maxRounds: Int) throws -> [[Double]] {
        let simulator = GameSimulator(design: design, team: team, maxRounds: maxRounds)
        return try (0..<games).map { g in
            var satisfaction = 0.0, correct = 0.0, wrong = 0.0, timedOut = 0.0
            let game = try simulator.play(seed: 7_000 + UInt64(g)) { round in
                satisfaction += round.outcome.players.reduce(0) { $0 + $1.satisfaction }
                correct += Double(round.outcome.players.reduce(0) { $0 + $1.correct })
                wrong += Double(round.outcome.players.reduce(0) { $0 + $1.wrong })
                timedOut += Double(round.outcome.players.reduce(0) { $0 + $1.timedOut })
            }
            let rounds = Double(game.roundsPlayed)
            return [rounds, game.lost ? 1 : 0, Double(game.money), satisfaction / rounds, correct / rounds, wrong / rounds, timedOut / rounds]
        }
    }

    static let metricNames = ["rounds reached", "lost", "final money", "satisfaction", "correct", "wrong", "timed out"]

    @Test("any permutation of a mixed team plays the same distribution of every metric (α = 0.001 over all comparisons)",
          arguments: [
            ["novice", "casual", "expert"],
            ["novice", "novice", "casual", "expert"],
            ["novice", "casual", "expert", "novice", "casual", "expert"],
          ])
    func permutations(team names: [String]) throws {
        let design = try SimulationFixtures.shipped()
        let model = try SimulationFixtures.players()
        let team = try names.map { try #require(model.persona(named: $0)) }
        // The team reversed, and rotated by one seat.
        let permutations = [Array(team.reversed()), Array(team[1...] + team[..<1])]
        let games = 200
        let base = try Self.metrics(design, team: team, games: games, maxRounds: 10)
        let critical = Confidence(0.999).split(permutations.count * Self.metricNames.count).z
        for (k, permuted) in permutations.enumerated() {
            let other = try Self.metrics(design, team: permuted, games: games, maxRounds: 10)
            for m in Self.metricNames.indices {
                let z = Self.z(zip(base, other).map { $0[m] - $1[m] })
                #expect(abs(z) < critical, "\(names) vs permutation \(k) \(permuted.map(\.name)): \(Self.metricNames[m]) differs, z = \(z)")
            }
        }
    }

    @Test("identical personas get identical per-seat statistics (α = 0.001 over all seat pairs and metrics)", arguments: [4, 6])
    func identicalSeats(players: Int) throws {
        let design = try SimulationFixtures.shipped()
        let team = try [Persona](repeating: SimulationFixtures.team("casual")[0], count: players)
        let rounds = try SimulationFixtures.rounds(design, team: team, games: 100, maxRounds: 10).map(\.round.outcome)
        let pairs = players * (players - 1) / 2
        let critical = Confidence(0.999).split(pairs * 3).z
        let metrics: [(String, (PlayerRoundOutcome) -> Double)] = [
            ("satisfaction", \.satisfaction), ("correct", { Double($0.correct) }), ("timed out", { Double($0.timedOut) }),
        ]
        for (name, metric) in metrics {
            for a in 0..<players {
                for b in (a + 1)..<players {
                    let z = Self.z(rounds.map { metric($0.players[a]) - metric($0.players[b]) })
                    #expect(abs(z) < critical, "\(players) casual players: seat \(a + 1) vs seat \(b + 1), \(name): z = \(z)")
                }
            }
        }
    }
}
