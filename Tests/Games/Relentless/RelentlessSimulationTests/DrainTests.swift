import EngineBuffers
import Randomness
import Relentless
import RelentlessGeneration
import Testing
@testable import RelentlessSimulation

/// The rules drain satisfaction tick by tick (P3); the engine drains a player only when its
/// orders or satisfaction change, the round ends, or the clock passes the last tick it surely
/// stays above the minimum (RoundState+Drain.swift). An oracle written from P3 and P7 (every
/// tick, each player with active orders loses the unit once per order, clamped; the round ends
/// after the first tick that leaves a satisfaction at the minimum) must give the same doubles,
/// the same end tick and every player's satisfaction at that tick; and the bound must hold where
/// the subtractions' rounding decides when a satisfaction runs out.
@Suite("P3: the lazy drain equals ticking")
struct DrainTests {
    /// Ticks until `s` losing `k` units of `unit` a tick is at most `minimum`, subtracting as the
    /// rules say it; nil if not within `limit` ticks.
    static func ticksToRunOut(_ s: Double, orders k: Int, unit: Double, minimum: Double, limit: Int) -> Int? {
        var value = s
        for t in 1...limit {
            for _ in 0..<k { value -= unit }
            if value <= minimum { return t }
        }
        return nil
    }

    @Test("the bound on a player's safe ticks is below the tick it runs out on, rounding included")
    func safeTicksAreSafe() {
        var random = RandomSource(seed: 46)
        var seen = (checked: 0, roundingDecides: 0, tight: 0)
        for _ in 0..<6000 {
            let k = 1 + random.uniform(below: 6)
            let s = [1.0, 100.0, 1e6, 3.7, 0.01][random.uniform(below: 5)] * (1 + random.unit())
            let unit: Double
            let minimum: Double
            if random.chance(0.5) {
                // The value's own spacing decides: a unit of a fraction of an ulp (0.7 of one
                // rounds to a whole one), a gap of a few thousand ulps.
                let ulp = s.ulp
                unit = ulp * [0.55, 0.7, 0.9, 1.3, 1.6, 2.5][random.uniform(below: 6)]
                minimum = s - ulp * Double(100 + random.uniform(below: 8000))
            } else {
                unit = s * [1e-3, 1e-2, 0.1][random.uniform(below: 3)] * (0.5 + random.unit())
                minimum = s - s * (0.01 + random.unit() * (random.chance(0.3) ? 3 : 1))
            }
            let bound = RoundState.safeTicks(s, orders: k, unit: unit, minimum: minimum)
            guard let runOut = Self.ticksToRunOut(s, orders: k, unit: unit, minimum: minimum, limit: 20_000) else { continue }
            seen.checked += 1
            #expect(bound < runOut, "s \(s), k \(k), unit \(unit), minimum \(minimum): safe for \(bound) ticks, runs out on tick \(runOut)")
            // Where the units alone promise more ticks than there are, rounding decided.
            if Double(runOut) < (s - minimum) / (Double(k) * unit) - 1 { seen.roundingDecides += 1 }
            if Double(bound) >= 0.9 * Double(runOut) - 2 { seen.tight += 1 }
        }
        // Enough cases checked, rounding deciding many of them, and a bound that is not just 0.
        #expect(seen.checked >= 3000 && seen.roundingDecides >= 500 && seen.tight >= 1500, "\(seen)")
    }

    @Test("lazily drained players, their active orders changing on the way, equal ticking")
    func lazyDrainEqualsTicking() throws {
        let design = try SimulationFixtures.shipped()
        let team = try SimulationFixtures.team("casual", "casual", "casual", "casual", "casual", "casual")
        let rules = SatisfactionRules(design.design.parameters)
        let (_, played) = try #require(try SimulationFixtures.rounds(design, team: team, games: 1, maxRounds: 1).first)
        let base = design.design.parameters.resolved(difficulty: played.difficulty, players: team.count)
        var random = RandomSource(seed: 45)
        var seen = (ranOut: 0, ranOutLate: 0, ranOutAfterAnother: 0, survived: 0, everyTick: 0)
        for _ in 0..<1500 {
            let players = team.count
            var parameters = base
            parameters.minSatisfaction = [0.0, -3.0, 10.0][random.uniform(below: 3)]
            parameters.maxSatisfaction = parameters.minSatisfaction + [100.0, 7.0, 1000.0][random.uniform(below: 3)]
            let (minimum, maximum) = (parameters.minSatisfaction, parameters.maxSatisfaction)
            switch random.uniform(below: 10) {
            case 0: parameters.satisfactionUnitDecrease = 0  // drained every tick, not lazily
            case 1: parameters.satisfactionUnitDecrease = -random.unit() * 2  // outside check's limits: every tick too
            case 2, 3: parameters.satisfactionUnitDecrease = 100.0 / 240.0
            default: parameters.satisfactionUnitDecrease = random.unit() * (maximum - minimum) / 60
            }
            var state = RoundState(setup: RoundSetup(design: design))
            state.load(played.flatRound, design: design, parameters: parameters, team: team, rules: rules)
            #expect(state.drainsLazily == (parameters.satisfactionUnitDecrease > 0))
            if !state.drainsLazily { seen.everyTick += 1 }
            // The reference: every player ticked every second.
            var expected = Array(repeating: maximum, count: players)
            var active = Array(repeating: 0, count: players)
            var tick = 0
            var ended = false
            while tick < 400 && !ended {
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
                if ended, tick < next, let first = expected.firstIndex(where: { $0 <= minimum }), active[..<first].contains(where: { $0 > 0 }) {
                    // Players before the first to run out were drained in the same stretch: the
                    // engine had to drain them again to the earlier end.
                    seen.ranOutAfterAnother += 1
                }
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
        #expect(seen.ranOut >= 300 && seen.ranOutLate >= 50 && seen.ranOutAfterAnother >= 100 && seen.survived >= 100 && seen.everyTick >= 200, "\(seen)")
    }
}
