import GameSeam
import MonteCarlo
import RelentlessGame
import RelentlessReports
import RelentlessRuns
import Testing

/// The curves explore draws of a team's games are the report's (Reports/relentless/curves.csv
/// draws them from TeamCurves, another path over the same statistics), and hold what the rules
/// say of them: a team lost stays lost (M2), so alive never rises and ends at the games not lost.
@Suite struct RelentlessCurvesTests {
    @Test func theCurvesAreTheReportsAndAliveEndsAtTheGamesNotLost() throws {
        let game = PlayableRelentless()
        let shipped = try PlayableRelentlessTests.playable(["max-rounds": .integer(8)])
        // An expense that ruins some teams and not others within 8 rounds.
        let playable = try game.setting(shipped, [("dailyExpense", "550")])
        let statistics = game.play(playable, lineup: 0, games: 200, seed: 11, threads: 2, cancellation: nil).statistics
        #expect(statistics.lost > 0 && statistics.lost < statistics.games, "\(statistics.lost) of \(statistics.games) lost")
        let curves = Dictionary(uniqueKeysWithValues: game.curves(of: statistics, lineup: 0, in: playable, confidence: .ninetyFive).map { ($0.name, $0) })
        #expect(curves.keys.sorted() == ["alive", "money", "satisfaction", "time"])
        let report = TeamCurves(statistics, gamesRequested: 200, team: ["casual"], seed: 11, maxRounds: 8) { _ in "" }

        let alive = try #require(curves["alive"]?.lines.first?.points)
        #expect(alive.map(\.x) == report.rounds.map { Double($0.round) })
        #expect(alive.map(\.y) == report.rounds.map(\.alive.value))
        #expect(alive.map(\.lower) == report.rounds.map { $0.alive.interval.lowerBound })
        #expect(zip(alive, alive.dropFirst()).allSatisfy { $1.y <= $0.y })
        #expect(alive.count == 8 && alive.last?.y == Double(statistics.games - statistics.lost) / Double(statistics.games))

        let money = try #require(curves["money"]?.lines)
        #expect(money.map(\.name) == ["p10", "p50", "p90"])
        for (line, column) in zip(money, [\TeamCurves.Money.p10, \.p50, \.p90]) {
            #expect(line.points.map(\.y) == report.rounds.compactMap { $0.money[keyPath: column].map(Double.init) }, "\(line.name)")
            #expect(line.points.map(\.x) == report.rounds.filter { $0.money[keyPath: column] != nil }.map { Double($0.round) }, "\(line.name)")
            #expect(line.points.allSatisfy { ($0.lower ?? .infinity) <= $0.y && $0.y <= ($0.upper ?? -.infinity) }, "\(line.name)")
        }
        let satisfaction = try #require(curves["satisfaction"]?.lines.first?.points)
        #expect(satisfaction.map(\.y) == report.rounds.compactMap(\.satisfactionMean))
        // Time by part, per player and round: the parts add up to the round's length (each
        // player's, and every player of a game plays the whole round).
        let time = try #require(curves["time"]?.lines)
        #expect(time.count == 7 && time.allSatisfy { $0.points.count == 8 })
        for (r, round) in statistics.rounds.enumerated() {
            let parts = time.map { $0.points[r].y }.reduce(0, +)
            #expect(abs(parts - round.endTime.mean) <= 1e-6 * round.endTime.mean, "round \(r + 1): parts \(parts), length \(round.endTime.mean)")
        }
    }
}
