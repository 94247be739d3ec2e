import Expressions
import Randomness
import Relentless
import RelentlessGeneration
import RelentlessSimulation
import Testing

/// The engine jumps from event to event; the rules tick once a second. For a team that never
/// delivers, a second-by-second reference written straight from P1–P3, P6 and P7 must give the
/// same satisfactions, time-outs, ending and end time, at every difficulty (several orders at
/// once, satisfaction running out between events).
@Suite("Discrete events equal ticking second by second")
struct TickReferenceTests {
    struct Ticked: Equatable {
        var satisfaction: [Double]
        var timedOut: [Int]
        var open: [Int]
        var neverShown: [Int]
        var end: RoundOutcome.End
        var endTime: Double
    }

    /// P1–P3, P6, P7 for players who never deliver, one second at a time.
    static func tick(_ round: Round, _ parameters: RoundParameters, _ rules: SatisfactionRules) -> Ticked {
        let players = round.players.count
        var satisfaction = Array(repeating: parameters.maxSatisfaction, count: players)
        var pending: [[Order]] = round.players.enumerated().map { p, player in
            var orders = player.houses.flatMap(\.orders)
            var stream = RandomSource(
                seed: round.seed, stream: StreamPath(game: round.game, round: round.round, player: p, purpose: .arrivals))
            stream.shuffle(&orders)
            return orders
        }
        var active: [(player: Int, order: Order, start: Int)] = []
        var timedOut = Array(repeating: 0, count: players)
        func clamp(_ x: Double) -> Double { min(parameters.maxSatisfaction, max(parameters.minSatisfaction, x)) }
        func arrive(_ t: Int) {
            for p in 0..<players where !pending[p].isEmpty { active.append((p, pending[p].removeFirst(), t)) }
        }
        func result(_ end: RoundOutcome.End, _ t: Int) -> Ticked {
            var open = Array(repeating: 0, count: players)
            for a in active { open[a.player] += 1 }
            return Ticked(
                satisfaction: satisfaction, timedOut: timedOut, open: open, neverShown: pending.map(\.count), end: end,
                endTime: Double(t))
        }
        /// P6 for every active order whose countdown has reached 0 at `t`.
        func timeOut(_ t: Int) {
            for a in active where a.start + a.order.timeLimit <= t {
                let change = rules.wrong.evaluate([
                    "diffLevel": parameters.difficulty, "totalTime": Double(a.order.timeLimit), "timeLeft": 0,
                    "numOfDifferences": 0, "numOfItems": Double(a.order.items.count),
                ])
                satisfaction[a.player] = clamp(satisfaction[a.player] + change)
                timedOut[a.player] += 1
            }
            active.removeAll { $0.start + $0.order.timeLimit <= t }
        }
        var ranOut: Bool { satisfaction.contains { $0 <= parameters.minSatisfaction } }
        // An order with limit 0 runs out the moment it appears.
        arrive(0)
        timeOut(0)
        if ranOut { return result(.satisfactionRanOut, 0) }
        if active.isEmpty && pending.allSatisfy(\.isEmpty) { return result(.allOrdersDone, 0) }
        var t = 0
        while true {
            t += 1
            // P3: every active order takes the unit from its player, every second.
            for a in active { satisfaction[a.player] -= parameters.satisfactionUnitDecrease }
            satisfaction = satisfaction.map(clamp)
            if ranOut { return result(.satisfactionRanOut, t) }
            if t >= parameters.roundTime { return result(.time, t) }
            timeOut(t)
            if ranOut { return result(.satisfactionRanOut, t) }
            if t % RoundEngine.appearanceInterval == 0 {
                arrive(t)
                timeOut(t)
                if ranOut { return result(.satisfactionRanOut, t) }
            }
            if active.isEmpty && pending.allSatisfy(\.isEmpty) { return result(.allOrdersDone, t) }
        }
    }

    /// Variants of the shipped parameters: units that are not whole (drain in doubles), and house
    /// factors so small that some orders get a limit of 0.
    static let variants: [(name: String, edit: @Sendable (String) -> String)] = [
        ("shipped", { $0 }),
        ("unit 0.7", SimulationFixtures.replacing("satisfactionUnitDecrease", with: "<real>0.7</real>")),
        ("unit 0.1", SimulationFixtures.replacing("satisfactionUnitDecrease", with: "<real>0.1</real>")),
        // Changes that do not divide by totalTime, which is 0 for those orders.
        ("house factors 0.001–0.02", { text in
            [
                SimulationFixtures.replacing("maxHouseSatisfactionFactor", with: "<real>0.02</real>"),
                SimulationFixtures.replacing("minHouseSatisfactionFactor", with: "<real>0.001</real>"),
                SimulationFixtures.replacing("wrongPackageSatisfactionChange", with: "<string>-(25 + numOfDifferences / numOfItems)</string>"),
                SimulationFixtures.replacing("correctPackageSatisfactionChange", with: "<string>25</string>"),
            ].reduce(text) { $1($0) }
        }),
    ]

    @Test("idle teams of 3 and 6, difficulties 1 to 10", arguments: [3, 6], 0..<variants.count)
    func idleRoundsMatch(players: Int, variant: Int) throws {
        let design = try SimulationFixtures.shipped(parameters: Self.variants[variant].edit)
        let idle = try SimulationFixtures.team("idle")[0]
        let rules = SatisfactionRules(design.design.parameters)
        var endings: Set<RoundOutcome.End> = []
        for difficulty in stride(from: 1.0, through: 10, by: 1.5) {
            let parameters = design.design.parameters.resolved(difficulty: difficulty, players: players)
            for seed: UInt64 in 1...15 {
                let round = try Pipeline.default.makeRound(design, parameters: parameters, seed: seed)
                let played = RoundEngine.play(
                    round, design: design, parameters: parameters, team: Array(repeating: idle, count: players), rules: rules)
                let expected = Self.tick(round, parameters, rules)
                let actual = Ticked(
                    satisfaction: played.players.map(\.satisfaction), timedOut: played.players.map(\.timedOut),
                    open: played.players.map(\.open), neverShown: played.players.map(\.neverShown), end: played.end,
                    endTime: played.endTime)
                #expect(actual == expected, "\(Self.variants[variant].name), difficulty \(difficulty), seed \(seed)")
                endings.insert(played.end)
            }
        }
        // The comparison covered both ways an idle round can end.
        #expect(endings.isSuperset(of: [.allOrdersDone, .satisfactionRanOut]), "\(Self.variants[variant].name): \(endings)")
    }
}
