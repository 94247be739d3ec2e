import EngineBuffers
import Expressions
import Randomness
import Relentless
import RelentlessGeneration
import Testing
@testable import RelentlessSimulation

/// P5 where it matters: a house with several active orders. The shipped design's five houses
/// rarely hold two orders at once, and the engine's tick reference plays teams that never
/// deliver, so neither sees which order a package is matched to. Here a player's houses are two,
/// every order of the player is active with a chosen time left (equal ones often), and packages
/// near one order, between two, or at random are handed over; an oracle written from P5's words
/// (multisets as counts, no code of the engine) says which orders may go and what satisfaction
/// becomes.
@Suite("P5: a package delivered to a house with several active orders")
struct DeliveryTests {
    struct Counts {
        var missing = 0
        var extra = 0
        /// The engine's documented reading of numOfDifferences (``RoundEngine``): a wrong item
        /// counts once, so the larger of the two.
        var differences: Int { max(missing, extra) }
    }

    static func compare(_ package: [Int32], _ order: [Int32]) -> Counts {
        var balance: [Int32: Int] = [:]
        for item in order { balance[item, default: 0] += 1 }
        for item in package { balance[item, default: 0] -= 1 }
        var counts = Counts()
        for (_, n) in balance {
            if n > 0 { counts.missing += n } else { counts.extra -= n }
        }
        return counts
    }

    @Test("the order with the fewest differences goes, ties to the least time left; correct only when equal; satisfaction clamped (P5)")
    func deliveriesFollowP5() throws {
        let design = try SimulationFixtures.shipped(parameters: SimulationFixtures.replacing("numOfHouses", with: "<integer>2</integer>"))
        let team = try SimulationFixtures.team("casual", "casual", "casual")
        let rules = SatisfactionRules(design.design.parameters)
        var random = RandomSource(seed: 21)
        var tally = (deliveries: 0, tiedDifferences: 0, brokenByTimeLeft: 0, correct: 0, wrong: 0, clampedHigh: 0, clampedLow: 0, emptyHouse: 0)
        let now = 100.4
        for (_, played) in try SimulationFixtures.rounds(design, team: team, games: 24, maxRounds: 12) where played.difficulty >= 4 {
            var state = RoundState(setup: RoundSetup(design: design))
            let parameters = design.design.parameters.resolved(difficulty: played.difficulty, players: team.count)
            state.load(played.flatRound, design: design, parameters: parameters, team: team, rules: rules)
            let p = random.uniform(below: team.count)
            let orders = Array(state.setup.ordersOfPlayer[p])
            guard orders.count >= 3 else { continue }
            // Every order of the player active, its time left 5 or 10 s (or its whole limit, if shorter).
            for o in orders {
                let limit = state.setup.orders[o].timeLimit
                let left = min(limit, random.chance(0.5) ? 5 : 10)
                state.status[o] = .active
                state.insertActive(o)
                state.start[o] = 100 - (limit - left)
            }
            let items = orders.map { Array(state.setup.orderItems[state.setup.orders[$0].items]) }
            let pool = items.flatMap { $0 }
            for _ in 0..<(orders.count + 2) {
                // Mostly to the house of the order the package is made from; now and then to the other.
                let from = random.uniform(below: items.count)
                let target = items[from]
                let ownHouse = state.setup.orders[orders[from]].house
                let house = random.chance(0.8) ? ownHouse : 1 - ownHouse
                var package: [Int32]
                switch random.uniform(below: 6) {
                case 0, 5: package = target
                case 1: package = target; package[random.uniform(below: package.count)] = pool[random.uniform(below: pool.count)]
                case 2: package = target + [pool[random.uniform(below: pool.count)]]
                case 3: package = Array(target.dropLast())
                default: package = (0...random.uniform(below: 4)).map { _ in pool[random.uniform(below: pool.count)] }
                }
                package.sort()
                let before = [parameters.maxSatisfaction, parameters.minSatisfaction + 1, parameters.maxSatisfaction / 2][random.uniform(below: 3)]
                state.satisfaction[p] = before
                let statusBefore = Array(state.status)  // a copy of the buffer would share its elements

                // The oracle: the house's active orders, each with its differences and time left.
                let candidates = orders.filter { statusBefore[$0] == .active && state.setup.orders[$0].house == house }.map { o in
                    (order: o, differences: Self.compare(package, items[orders.firstIndex(of: o)!]).differences,
                     left: state.setup.orders[o].timeLimit - (Int(now) - state.start[o]))
                }
                var handed = EngineBuffer<Int32>()
                handed.append(contentsOf: package)
                state.deliver(handed[...], player: p, house: house, at: now)
                let changed = orders.filter { state.status[$0] != statusBefore[$0] }
                guard let fewest = candidates.map(\.differences).min() else {
                    tally.emptyHouse += 1
                    #expect(changed.isEmpty && state.satisfaction[p] == before, "a house without active orders took a package")
                    continue
                }
                tally.deliveries += 1
                let closest = candidates.filter { $0.differences == fewest }
                let leastLeft = closest.map(\.left).min()!
                let allowed = closest.filter { $0.left == leastLeft }
                if closest.count > 1 { tally.tiedDifferences += 1 }
                if closest.count > 1 && allowed.count < closest.count { tally.brokenByTimeLeft += 1 }
                try #require(changed.count == 1, "one order is removed by a delivery, not \(changed.count)")
                let removed = try #require(allowed.first { $0.order == changed[0] }, "order \(changed[0]) removed; P5 allows \(allowed.map(\.order)) of \(candidates)")
                let correct = removed.differences == 0
                #expect(state.status[removed.order] == (correct ? .correct : .wrong))
                correct ? (tally.correct += 1) : (tally.wrong += 1)
                let order = state.setup.orders[removed.order]
                let change = (correct ? rules.correct : rules.wrong).evaluate([
                    "diffLevel": parameters.difficulty, "totalTime": Double(order.timeLimit), "timeLeft": Double(removed.left),
                    "numOfDifferences": Double(removed.differences), "numOfItems": Double(order.items.count),
                ])
                let expected = min(parameters.maxSatisfaction, max(parameters.minSatisfaction, before + change))
                if before + change > parameters.maxSatisfaction { tally.clampedHigh += 1 }
                if before + change < parameters.minSatisfaction { tally.clampedLow += 1 }
                #expect(abs(state.satisfaction[p] - expected) < 1e-9, "satisfaction \(state.satisfaction[p]), P5 says \(expected)")
                #expect(state.activeCount[p] == orders.filter { state.status[$0] == .active }.count)
            }
        }
        // The cases the rule is about must have happened, or the test proves nothing.
        #expect(tally.deliveries >= 200 && tally.tiedDifferences >= 20 && tally.brokenByTimeLeft >= 10, "\(tally)")
        #expect(tally.correct >= 30 && tally.wrong >= 30 && tally.clampedHigh >= 5 && tally.clampedLow >= 5 && tally.emptyHouse >= 5, "\(tally)")
    }
}
