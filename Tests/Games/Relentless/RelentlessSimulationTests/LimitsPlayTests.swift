import Diagnostics
import Foundation
import RelentlessGeneration
import Relentless
import RelentlessSimulation
import TestSupport
import Testing

/// What check accepts, every command plays: designs at the accepted edge of every limit (C6,
/// M1, M3) pass check (values, static and sampled solvability) and play whole games without
/// trapping, and the engine saturates where a round made from unchecked values would overflow.
@Suite("Designs at the limits play")
struct LimitsPlayTests {
    /// A value just inside `key`'s limit on the side `sign` (+1 the highest, −1 the lowest):
    /// integer keys sometimes as a fraction that C7 ceils to the limit, reals a hair inside.
    static func edge(_ key: ParameterKey, sign: Double = 1, _ random: inout SplitMix64) -> Double {
        guard let limit = key.limit else { preconditionFailure("\(key) has no limit") }
        let bound = sign > 0 ? limit.highest : (limit.lowest ?? -limit.highest)
        if key.isIntegral {
            // highest − u, u in [0, 1), ceils to highest; at the lowest, the bound itself.
            return sign > 0 && random.chance(50) ? bound - random.unit() : bound
        }
        return bound * (1 - random.unit() * 1e-9)
    }

    /// `<key>name</key>` with the value as a `<real>` or as a `<string>` expression in diffLevel
    /// that evaluates to it (C5), at random.
    static func entry(_ key: ParameterKey, _ value: Double, _ random: inout SplitMix64) -> String {
        let text = "\(value)"
        let body = key.isStatic || random.chance(50) ? "<real>\(text)</real>" : "<string>\(text) + 0 * diffLevel</string>"
        return "<key>\(key.rawValue)</key>\(body)"
    }

    /// The parameters of a design at the edge of every limit, on a ramp of `levels` difficulties.
    static func parameters(seed: UInt64, levels: Int, countsAtEdge: Bool) -> String {
        var random = SplitMix64(seed: seed)
        var values: [(ParameterKey, Double)] = []
        // Steps that are exact in binary, so the ramp has exactly `levels` difficulties.
        let step = [0.25, 0.5, 1, 2][random.below(4)]
        let low = 1 + Double(random.below(10))
        values += [(.minNumOfPlayers, 3), (.maxNumOfPlayers, 6), (.minDifficultyLevel, low), (.difficultyChange, step)]
        values.append((.maxDifficultyLevel, low + step * Double(levels - 1)))
        values.append((.maxSatisfaction, edge(.maxSatisfaction, &random)))
        values.append((.minSatisfaction, edge(.minSatisfaction, sign: -1, &random)))
        values.append((.satisfactionToMoneyTranslation, edge(.satisfactionToMoneyTranslation, &random)))
        values.append((.dailyExpense, edge(.dailyExpense, sign: random.chance(50) ? 1 : -1, &random)))
        values.append((.roundTime, edge(.roundTime, &random)))
        values.append((.timeForEachItem, edge(.timeForEachItem, &random)))
        let factor = edge(.maxHouseSatisfactionFactor, &random)
        values.append((.maxHouseSatisfactionFactor, factor))
        values.append((.minHouseSatisfactionFactor, factor * (0.999 + random.unit() * 0.001)))
        // The drain: from none to a whole bar a second.
        values.append((.satisfactionUnitDecrease, [0, 1, 1e3, 2e6][random.below(4)]))
        values.append((.probOfHavingPackageLimit, [0, 1, random.unit()][random.below(3)]))
        let counts: [ParameterKey] = [.numOfHouses, .numOfCategories, .numOfGroupsPerCategory, .maxNumOfItemsPerOrder, .numOfOrdersPerPlayer]
        for key in counts {
            values.append((key, countsAtEdge ? edge(key, &random) : Double(1 + random.below(3))))
        }
        let entries = values.map { entry($0.0, $0.1, &random) }
        return DesignFixtures.plist("<dict>\n" + entries.joined(separator: "\n") + "\n</dict>")
    }

    /// Check as the CLI runs it: every value at every difficulty, then static and sampled
    /// solvability (one round per team size and difficulty). Returns the design when accepted.
    static func checked(_ parameters: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> PreparedDesign {
        let shipped = try Fixtures.shippedDesignSources()
        let sources = DesignSources(catalogue: shipped.catalogue, parameters: .init(name: DesignSources.parametersFileName, bytes: Array(parameters.utf8)))
        let result = DesignLoader.load(sources)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors == [], "\(errors)\n\(parameters)", sourceLocation: sourceLocation)
        let prepared = try PreparedDesign(try #require(result.design, sourceLocation: sourceLocation))
        #expect(StaticSolvability.check(prepared).filter { $0.severity == .error } == [], sourceLocation: sourceLocation)
        let sampled = SamplingSolvability.check(prepared, samples: 1, seed: 3)
        #expect(sampled.failures == [], "\(sampled.failures)", sourceLocation: sourceLocation)
        return prepared
    }

    /// A short simulate: a few games of a few rounds with the largest team, each must end
    /// without an error (money leaving 64 bits was one).
    static func plays(_ design: PreparedDesign, rounds: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let model = try SimulationFixtures.players()
        let team = (0..<6).map { model.personas[$0 % model.personas.count] }
        let simulator = GameSimulator(design: design, team: team, maxRounds: rounds)
        for seed in [1, 2] as [UInt64] {
            var played = 0
            let game = try simulator.play(seed: seed) { round in
                played += 1
                #expect(round.outcome.players.allSatisfy { $0.satisfaction.isFinite }, sourceLocation: sourceLocation)
            }
            #expect(game.roundsPlayed == played, sourceLocation: sourceLocation)
        }
    }

    @Test("every limit at its accepted edge at once, on short ramps: check accepts, a short simulate plays", arguments: 0..<4)
    func everyLimitAtTheEdge(seed: Int) throws {
        let parameters = Self.parameters(seed: UInt64(100 + seed), levels: 1 + seed % 3, countsAtEdge: true)
        try Self.plays(try Self.checked(parameters), rounds: 2)
    }

    @Test("the longest ramp (1,000 difficulties) with money, times and factors at their edges: check accepts, a short simulate plays", arguments: 0..<2)
    func longestRamp(seed: Int) throws {
        let parameters = Self.parameters(seed: UInt64(200 + seed), levels: ParameterKey.maxReachableDifficulties, countsAtEdge: false)
        let design = try Self.checked(parameters)
        #expect(design.design.parameters.reachableDifficulties().count == ParameterKey.maxReachableDifficulties)
        try Self.plays(design, rounds: 3)
    }

    /// M1 at the limits over many rounds: 6 players at the largest satisfaction, translation
    /// and income (a negative expense) earn the most money a round can; 200 rounds of it stay
    /// exact, where money used to leave 64 bits.
    @Test("M1: money at the limits stays exact over many rounds")
    func moneyAtTheLimits() throws {
        let design = try SimulationFixtures.shipped(parameters: { text in
            [
                SimulationFixtures.replacing("maxSatisfaction", with: "<integer>1000000</integer>"),
                SimulationFixtures.replacing("satisfactionToMoneyTranslation", with: "<integer>1000000</integer>"),
                SimulationFixtures.replacing("dailyExpense", with: "<integer>-1000000000</integer>"),
                SimulationFixtures.replacing("satisfactionUnitDecrease", with: "<integer>0</integer>"),
                SimulationFixtures.replacing("numOfOrdersPerPlayer", with: "<integer>1</integer>"),
            ].reduce(text) { $1($0) }
        })
        let model = try SimulationFixtures.players()
        let team = (0..<6).map { _ in model.personas[0] }
        var rounds = 0
        let game = try GameSimulator(design: design, team: team, maxRounds: 200).play(seed: 5) { round in
            rounds += 1
            #expect(round.moneyChange == round.outcome.satisfactionSum * 1_000_000 + 1_000_000_000)
        }
        #expect(rounds == 200 && !game.lost)
        #expect(game.money > 200 * 1_000_000_000)
    }

    /// The shipped design with satisfaction and its money so large that a round's money leaves
    /// 64 bits (M1), loaded without the check that refuses it.
    static func overflowingMoney() throws -> DesignLoader.Result {
        let sources = try Fixtures.shippedDesignSources()
        let file = try #require(sources.parameters)
        let text = [("maxSatisfaction", "<integer>1000000000000000</integer>"), ("satisfactionToMoneyTranslation", "<integer>100000</integer>")]
            .reduce(String(decoding: file.bytes, as: UTF8.self)) { $0.settingParameter($1.0, to: $1.1) }
        return DesignLoader.load(DesignSources(catalogue: sources.catalogue, parameters: .init(name: file.name, bytes: Array(text.utf8))))
    }

    /// M1's last line of defence, for a design no check saw: money beyond 64 bits is a typed
    /// error naming the game and round, never a wrapped or trapped number.
    @Test("M1: an unchecked design whose money leaves 64 bits ends its game with an error, not a crash")
    func uncheckedMoneyOverflow() throws {
        let result = try Self.overflowingMoney()
        #expect(result.diagnostics.contains { $0.severity == .error && $0.rule == "M1" })  // check refuses it
        let design = try PreparedDesign(try #require(result.design))
        let team = try SimulationFixtures.team("casual", "casual", "casual")
        #expect {
            _ = try GameSimulator(design: design, team: team, maxRounds: 3).play(seed: 1)
        } throws: { error in
            guard let error = error as? GameError, case .moneyOverflow = error.cause else { return false }
            return error.description.contains("money leaves the 64-bit range (M1)")
        }
    }

    /// A round made by hand from values no check accepts (a time limit G7 floored to Int.max):
    /// the engine's deadlines saturate instead of trapping; such an order never runs out.
    @Test("the engine saturates a time limit of Int.max: the order is delivered or stays open, nothing traps")
    func saturatedDeadline() throws {
        let design = try PlayerModelTests.design()
        let team = ["a", "b", "c"].map { PlayerModelTests.persona($0) }
        let delivered = PlayerModelTests.play(PlayerModelTests.round(seed: 1, orders: [[1], [], []], limit: Int.max), design, team)
        #expect(delivered.players[0].correct == 1)
        // Fruit 5 is in no warehouse: the order cannot be filled and never times out.
        let stuck = PlayerModelTests.play(PlayerModelTests.round(seed: 2, orders: [[5], [], []], limit: Int.max), design, team)
        #expect(stuck.players[0].timedOut == 0 && stuck.players[0].open == 1)
        #expect(stuck.end == .time)
    }
}
