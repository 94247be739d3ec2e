import RelentlessGeneration
import Relentless
import RelentlessSimulation
import RelentlessRuns
import Testing

/// Better players do better on the same rounds. In the game as shipped nobody goes broke, so
/// these play Designs/harsher with a daily expense of 120, under which novice teams lose and
/// expert ones rarely.
@Suite("Better teams survive longer on the same rounds")
struct MonotonicityTests {
    @Test("expert ≥ casual ≥ novice: rounds reached and final money, game by game and on average")
    func expertOutlastsNovice() throws {
        let design = try SimulationFixtures.harsher(parameters: SimulationFixtures.replacing("dailyExpense", with: "<integer>120</integer>"))
        func games(_ persona: String) throws -> [GameSummary] {
            let team = try SimulationFixtures.team(persona, persona, persona)
            let simulator = GameSimulator(design: design, team: team, maxRounds: 30)
            return try (1...60).map { try simulator.play(seed: UInt64($0)) }
        }
        let novice = try games("novice"), casual = try games("casual"), expert = try games("expert")
        func mean(_ g: [GameSummary], _ f: (GameSummary) -> Int) -> Double { Double(g.map(f).reduce(0, +)) / Double(g.count) }
        #expect(mean(expert, \.roundsPlayed) > mean(casual, \.roundsPlayed))
        #expect(mean(casual, \.roundsPlayed) > mean(novice, \.roundsPlayed))
        #expect(mean(expert, \.money) > mean(casual, \.money))
        // Same seed, same rounds (until the weaker team drops out): the expert team lasts at
        // least as long in nearly every game; misunderstandings are random, so not in all.
        let atLeastAsLong = zip(expert, novice).filter { $0.roundsPlayed >= $1.roundsPlayed }.count
        #expect(atLeastAsLong >= 57, "expert lasted at least as long in \(atLeastAsLong) of 60 games")
        // The harsh design really separates them: novices lose, experts mostly do not.
        #expect(novice.filter(\.lost).count >= 45)
        #expect(expert.filter(\.lost).count <= 5)
    }
}
