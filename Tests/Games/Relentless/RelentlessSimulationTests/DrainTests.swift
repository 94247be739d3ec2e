import EngineBuffers
import Randomness
import Relentless
import RelentlessGeneration
import Testing
@testable import RelentlessSimulation

/// The engine drains satisfaction player by player over a stretch of ticks (P3); the rules say
/// it tick by tick. An oracle written from P3 and P7 (every tick, each player with active orders
/// loses the unit once per order, clamped; the round ends after the first tick that leaves a
/// satisfaction at the minimum) must give the same doubles, the same end tick and the same
/// satisfactions of every player at that tick, whatever the unit's sign; and so must the lazy
/// drain, which brings a player up to date only when its orders change or it may run out.
@Suite("P3: draining a stretch of ticks equals ticking")
struct DrainTests {
    struct Ticked: Equatable {
        var satisfaction: [Double]
        var drainedThrough: Int
        var ranOut: Bool
    }

    static func tick(
        _ start: [Double], active: [Int], from: Int, through tick: Int, unit: Double, minimum: Double, maximum: Double
    ) -> Ticked {
        var satisfaction = start
        var t = from
        while t < tick {
            t += 1
            for p in satisfaction.indices where active[p] > 0 {
                for _ in 0..<active[p] { satisfaction[p] -= unit }
                satisfaction[p] = min(maximum, max(minimum, satisfaction[p]))
            }
            if satisfaction.contains(where: { $0 <= minimum }) { return Ticked(satisfaction: satisfaction, drainedThrough: t, ranOut: true) }
        }
        return Ticked(satisfaction: satisfaction, drainedThrough: t, ranOut: false)
    }

    @Test("random stretches, teams and units, satisfaction running out among them")
    func drainEqualsTicking() throws {
        let design = try SimulationFixtures.shipped()
        let team = try SimulationFixtures.team("casual", "casual", "casual", "casual", "casual")
        let rules = SatisfactionRules(design.design.parameters)
        let (_, played) = try #require(try SimulationFixtures.rounds(design, team: team, games: 1, maxRounds: 1).first)
        var state = RoundState(setup: RoundSetup(design: design))
        let parameters = design.design.parameters.resolved(difficulty: played.difficulty, players: team.count)
        state.load(played.flatRound, design: design, parameters: parameters, team: team, rules: rules)
        var random = RandomSource(seed: 44)
        var seen = (ranOut: 0, ranOutByLaterPlayer: 0, survived: 0, nonPositiveUnit: 0)
        for _ in 0..<4000 {
            let players = team.count
            let minimum = [0.0, -3.0, 10.0][random.uniform(below: 3)]
            let maximum = minimum + [100.0, 7.0, 1000.0][random.uniform(below: 3)]
            let unit: Double
            switch random.uniform(below: 8) {
            case 0: unit = 0
            case 1: unit = -random.unit() * 3
            case 2: unit = 100.0 / 240.0
            default: unit = random.unit() * (maximum - minimum) / 20
            }
            let start = (0..<players).map { _ in random.chance(0.2) ? maximum : minimum + (maximum - minimum) * (0.05 + 0.95 * random.unit()) }
            let active = (0..<players).map { _ in random.chance(0.3) ? 0 : 1 + random.uniform(below: 5) }
            let from = random.uniform(below: 200)
            let through = from + random.uniform(below: 40)

            state.minimum = minimum
            state.maximum = maximum
            state.parameters.satisfactionUnitDecrease = unit
            state.drainedThrough = from
            for p in 0..<players {
                state.satisfaction[p] = start[p]
                state.activeCount[p] = active[p]
            }
            let ranOut = state.drain(through: through)
            let expected = Self.tick(start, active: active, from: from, through: through, unit: unit, minimum: minimum, maximum: maximum)
            let got = Ticked(satisfaction: Array(state.satisfaction), drainedThrough: state.drainedThrough, ranOut: ranOut)
            try #require(got == expected, "start \(start), active \(active), unit \(unit), ticks \(from)...\(through)")

            if unit <= 0 { seen.nonPositiveUnit += 1 }
            if expected.ranOut {
                seen.ranOut += 1
                // The first player to run out is not the first drained: the players before it had to be drained again.
                let first = expected.satisfaction.firstIndex { $0 <= minimum }!
                if active[..<first].contains(where: { $0 > 0 }) && expected.drainedThrough < through { seen.ranOutByLaterPlayer += 1 }
            } else {
                seen.survived += 1
            }
        }
        #expect(seen.ranOut >= 300 && seen.ranOutByLaterPlayer >= 100 && seen.survived >= 1000 && seen.nonPositiveUnit >= 500, "\(seen)")
    }

    @Test("lazily drained players, their active orders changing on the way, equal ticking")
    func lazyDrainEqualsTicking() throws {
        let design = try SimulationFixtures.shipped()
        let team = try SimulationFixtures.team("casual", "casual", "casual", "casual", "casual", "casual")
        let rules = SatisfactionRules(design.design.parameters)
        let (_, played) = try #require(try SimulationFixtures.rounds(design, team: team, games: 1, maxRounds: 1).first)
        let base = design.design.parameters.resolved(difficulty: played.difficulty, players: team.count)
        var random = RandomSource(seed: 45)
        var seen = (ranOut: 0, ranOutLate: 0, survived: 0, steps: 0)
        for _ in 0..<1500 {
            let players = team.count
            var parameters = base
            parameters.minSatisfaction = [0.0, -3.0, 10.0][random.uniform(below: 3)]
            parameters.maxSatisfaction = parameters.minSatisfaction + [100.0, 7.0, 1000.0][random.uniform(below: 3)]
            let (minimum, maximum) = (parameters.minSatisfaction, parameters.maxSatisfaction)
            parameters.satisfactionUnitDecrease = random.chance(0.3) ? 100.0 / 240.0 : random.unit() * (maximum - minimum) / 60
            var state = RoundState(setup: RoundSetup(design: design))
            state.load(played.flatRound, design: design, parameters: parameters, team: team, rules: rules)
            #expect(state.drainsLazily)
            // The reference: every player ticked every second.
            var expected = Array(repeating: maximum, count: players)
            var active = Array(repeating: 0, count: players)
            var tick = 0
            var ended = false
            while tick < 400 && !ended {
                seen.steps += 1
                // A player's active orders change (as an arrival or a removal would), caught up first.
                let p = random.uniform(below: players)
                let k = random.uniform(below: 5)
                state.catchUp(p)
                state.activeCount[p] = k
                active[p] = k
                if random.chance(0.3) {
                    // A delivery's or a time-out's change, applied as `remove` does, clamped.
                    let change = (random.unit() - 0.7) * (maximum - minimum) / 4
                    state.satisfaction[p] = state.clamp(state.satisfaction[p] + change)
                    expected[p] = min(maximum, max(minimum, expected[p] + change))
                    if expected[p] <= minimum { break }  // the engine ends the round here
                }
                state.satisfactionChanged(p)
                let next = tick + random.uniform(below: 30)
                let ranOut = state.advance(through: next)
                while tick < next {
                    tick += 1
                    for q in 0..<players where active[q] > 0 {
                        for _ in 0..<active[q] { expected[q] -= parameters.satisfactionUnitDecrease }
                        expected[q] = min(maximum, max(minimum, expected[q]))
                    }
                    if expected.contains(where: { $0 <= minimum }) {
                        ended = true
                        break
                    }
                }
                try #require(ranOut == ended && state.drainedThrough == tick, "ran out \(ranOut) at \(state.drainedThrough); ticking: \(ended) at \(tick)")
                if ended || random.chance(0.1) {
                    for q in 0..<players { state.catchUp(q) }
                    try #require(Array(state.satisfaction) == expected, "tick \(tick), active \(active)")
                }
            }
            if ended {
                seen.ranOut += 1
                if tick > 100 { seen.ranOutLate += 1 }
            } else {
                seen.survived += 1
            }
        }
        #expect(seen.ranOut >= 300 && seen.ranOutLate >= 50 && seen.survived >= 100, "\(seen)")
    }
}
