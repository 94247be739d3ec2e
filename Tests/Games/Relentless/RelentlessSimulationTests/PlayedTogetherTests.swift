import RelentlessGeneration
import Relentless
@testable import RelentlessSimulation
import TestSupport
import Testing

/// Teams of one size meet the same rounds from one seed, so a report's lineups play each round
/// generated and numbered once (``GameSimulator/play(_:seed:observe:)``, issue 44): every
/// team's game must be the one it plays alone, round by round, whenever the others stop.
@Suite("Teams played together play the games they play alone")
struct PlayedTogetherTests {
    struct Played: Equatable {
        var index: Int
        var outcome: RoundOutcome
        var moneyChange: Int
        var money: Int
        var lost: Bool
    }

    static func played(_ round: GameRound) -> Played {
        Played(index: round.index, outcome: round.outcome, moneyChange: round.moneyChange, money: round.money, lost: round.lost)
    }

    /// Each team's rounds and its game or error, played together and alone.
    static func compare(_ simulator: GameSimulator, teams: [[Persona]], seed: UInt64) -> (same: Bool, ends: [Int?]) {
        var together = [[Played]](repeating: [], count: teams.count)
        let results = GameSimulator.play(teams.map(simulator.playing), seed: seed) { t, round in together[t].append(played(round)) }
        var same = true
        var ends: [Int?] = []
        for (t, team) in teams.enumerated() {
            var alone: [Played] = []
            let single = Result { () throws(GameError) in try simulator.playing(team).play(seed: seed) { alone.append(played($0)) } }
            same = same && alone == together[t]
            switch (single, results[t]) {
            case (.success(let a), .success(let b)):
                same = same && a == b
                ends.append(a.lost ? a.roundsPlayed : nil)
            case (.failure(let a), .failure(let b)):
                same = same && a.description == b.description
                ends.append(nil)
            default:
                same = false
            }
        }
        return (same, ends)
    }

    @Test("a harsh design: teams that lose at different rounds drop out while the rest play on, each as alone")
    func teamsThatLoseApart() throws {
        let design = try SimulationFixtures.harsher(parameters: SimulationFixtures.replacing("dailyExpense", with: "<integer>120</integer>"))
        let teams = try [
            SimulationFixtures.team("novice", "novice", "novice"), SimulationFixtures.team("expert", "novice", "casual"),
            SimulationFixtures.team("expert", "expert", "expert"), SimulationFixtures.team("casual", "casual", "casual"),
            [Persona](repeating: .idleBound, count: 3), [Persona](repeating: .perfectBound, count: 3),
        ]
        let simulator = GameSimulator(design: design, team: teams[0], maxRounds: 20)
        var apart = 0
        for seed: UInt64 in 1...25 {
            let (same, ends) = Self.compare(simulator, teams: teams, seed: seed)
            #expect(same, "seed \(seed)")
            if Set(ends.compactMap { $0 }).count > 1 && ends.contains(nil) { apart += 1 }
        }
        // The comparison means something only if teams really leave at different rounds while others play on.
        #expect(apart >= 5, "\(apart) of 25 seeds had teams losing at different rounds beside a survivor")
    }

    @Test("simulators of other round caps and starts play side by side, each its own game")
    func otherCapsAndStarts() throws {
        let design = try SimulationFixtures.harsher(parameters: SimulationFixtures.replacing("dailyExpense", with: "<integer>120</integer>"))
        let team = try SimulationFixtures.team("casual", "novice", "expert")
        let simulators = [
            GameSimulator(design: design, team: team, maxRounds: 7), GameSimulator(design: design, team: team, maxRounds: 3),
            GameSimulator(design: design, team: team, maxRounds: 12), GameSimulator(design: design, team: team, maxRounds: 7, startDifficulty: 4),
            GameSimulator(design: design, team: [Persona](repeating: .perfectBound, count: 3), maxRounds: 12),
        ]
        for seed: UInt64 in 1...15 {
            var together = [[Played]](repeating: [], count: simulators.count)
            let results = GameSimulator.play(simulators, seed: seed) { i, round in together[i].append(Self.played(round)) }
            for (i, simulator) in simulators.enumerated() {
                var alone: [Played] = []
                let game = try simulator.play(seed: seed) { alone.append(Self.played($0)) }
                #expect(try results[i].get() == game && together[i] == alone, "simulator \(i), seed \(seed)")
            }
        }
        // Same parameters, same round: the capped and uncapped games share round r until the cap.
        #expect(simulators[0].generatesAlike(simulators[2], round: 2) && simulators[0].playsAlike(simulators[2], round: 2))
        #expect(!simulators[0].generatesAlike(simulators[3], round: 0))
    }

    @Test("a round the host cannot make ends every team's game there, as it ends each alone")
    func unplayableRoundsEndEveryTeam() throws {
        let simulator = try UnplayableRoundTests.casuals(3, maxRounds: 8)
        let teams = try [SimulationFixtures.team("casual", "casual", "casual"), SimulationFixtures.team("expert", "novice", "casual")]
        var stopped = 0
        for seed: UInt64 in 1...30 {
            #expect(Self.compare(simulator, teams: teams, seed: seed).same, "seed \(seed)")
            if try simulator.play(seed: seed).unplayable != nil { stopped += 1 }
        }
        #expect(stopped > 0)
    }

    @Test("money past 64 bits (an unchecked design) is each team's own error, the same as alone")
    func moneyOverflowIsEachTeamsError() throws {
        let design = try PreparedDesign(try #require(LimitsPlayTests.overflowingMoney().design))
        let teams = try [SimulationFixtures.team("casual", "casual", "casual"), SimulationFixtures.team("expert", "expert", "expert")]
        let simulator = GameSimulator(design: design, team: teams[0], maxRounds: 3)
        let results = GameSimulator.play(teams.map(simulator.playing), seed: 1)
        #expect(results.allSatisfy { if case .failure(let error) = $0, case .moneyOverflow = error.cause { true } else { false } })
        #expect(Self.compare(simulator, teams: teams, seed: 1).same)
    }
}
