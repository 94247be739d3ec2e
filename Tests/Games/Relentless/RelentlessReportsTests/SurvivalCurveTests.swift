import Foundation
import MonteCarlo
import PropertyList
import Relentless
import RelentlessGeneration
import RelentlessReports
import RelentlessRuns
import RelentlessSimulation
import Testing
import TestSupport

/// Survival and hazard of teams that go broke in different rounds (M2). The oracle plays each
/// game of the run alone from its seed and counts, by hand, who was still solvent after each
/// round (over all games) and who lost in it (over the games that played it): the two
/// denominators a report can get wrong and still look plausible.
@Suite("Survival and hazard, counted game by game")
struct SurvivalCurveTests {
    @Test("alive after round r: of all games; lost in round r: of the games that played round r (M2)")
    func survivalAndHazardDenominators() throws {
        // Designs/harsher with a daily expense of 300: three casual players go broke in every
        // one of the first rounds, and about half are solvent after six.
        let sources = try Fixtures.shippedDesignSources(Fixtures.harsherDesign)
        let file = try #require(sources.parameters)
        let parameters = String(decoding: file.bytes, as: UTF8.self).settingParameter("dailyExpense", to: "<integer>300</integer>")
        let edited = DesignSources(catalogue: sources.catalogue, parameters: .init(name: file.name, bytes: Array(parameters.utf8)))
        let design = try PreparedDesign(try #require(DesignLoader.load(edited).design))
        let names = ["casual", "casual", "casual"]
        let url = Fixtures.shippedDesign.appendingPathComponent(PlayersReader.fileName)
        let model = try #require(PlayersReader.read(try PlistReader.read(bytes: try Fixtures.bytes(url)), file: url.path).0)
        let maxRounds = 6
        let games = 80
        let seed: UInt64 = 5
        let simulator = GameSimulator(design: design, team: try names.map { try #require(model.persona(named: $0)) }, maxRounds: maxRounds)
        let run = try SimulationBatch.run(simulator, games: games, seed: seed, threads: 2)
        let curves = TeamCurves(run.statistics, gamesRequested: run.gamesRequested, team: names, seed: seed, maxRounds: maxRounds) { "\($0)" }

        // Game by game: the round each lost in (1-based), nil for a game that stayed solvent.
        var lostIn: [Int?] = []
        for g in 0..<games {
            let summary = try simulator.play(seed: GameSeeds(runSeed: seed).seed(game: UInt64(g)))
            try #require(summary.unplayable == nil, "this test's design makes every round")
            lostIn.append(summary.lost ? summary.roundsPlayed : nil)
        }
        let losingRounds = Set(lostIn.compactMap { $0 })
        // Losses in several rounds and survivors too, or the denominators could not differ.
        try #require(losingRounds.count >= 4 && lostIn.contains(nil), "losses in rounds \(losingRounds.sorted())")

        try #require(curves.rounds.count == maxRounds)
        for round in curves.rounds {
            let r = round.round
            let played = lostIn.filter { $0 == nil || $0! >= r }.count
            let lostHere = lostIn.filter { $0 == r }.count
            let alive = lostIn.filter { $0 == nil || $0! > r }.count
            #expect(round.games == played, "round \(r)")
            #expect(round.alive.successes == alive && round.alive.trials == games, "round \(r): alive \(round.alive)")
            #expect(round.lost.successes == lostHere && round.lost.trials == played, "round \(r): lost \(round.lost)")
        }
        #expect(curves.lost == lostIn.compactMap { $0 }.count)
        // The first round after which survival is below a share, and the quartiles of the losing
        // rounds (the ⌈q·n⌉-th smallest), by hand.
        func aliveShare(after r: Int) -> Double { Double(lostIn.filter { $0 == nil || $0! > r }.count) / Double(games) }
        for share in [0.9, 0.75, 0.5, 0.25] {
            #expect(curves.survivalFalls(below: share) == (1...maxRounds).first { aliveShare(after: $0) < share }, "share \(share)")
        }
        let sorted = lostIn.compactMap { $0 }.sorted()
        func quartile(_ q: Double) -> Int { sorted[max(1, Int((q * Double(sorted.count)).rounded(.up))) - 1] }
        let quartiles = try #require(curves.losingRoundQuartiles)
        #expect([quartiles.0, quartiles.1, quartiles.2] as [Int] == [quartile(0.25), quartile(0.5), quartile(0.75)])
    }
}
