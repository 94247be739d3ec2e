import Generation
import Relentless

/// Plays one generated round for a team of modelled players, every player on one clock
/// (P1–P7).
///
/// ## Time
/// The game's clock ticks once a second: orders appear on ticks (P2), count down and drain
/// satisfaction on ticks (P3) and run out on ticks (P6). Players act in continuous time (a
/// delivery can land at 12.4 s). The engine is discrete-event: it jumps from one event to the
/// next (an order appearing, a package delivered, an order running out, the tick on which
/// draining would take a player's satisfaction to the minimum, the end of the round) and drains,
/// in one step, satisfactionUnitDecrease × (ticks passed) × (active orders) in between. Since the
/// active orders only change at events, this equals ticking second by second, exactly; it is
/// just cheaper (a round is tens of events, not hundreds of ticks).
///
/// At one instant: the tick's drain first, then time-outs, then new orders, then deliveries, so a
/// package landing on the very tick its order runs out is too late, and a perfect player's
/// package lands after the order it fills has appeared.
///
/// ## Readings where RULES.md is silent
/// - Satisfaction stays within [minSatisfaction, maxSatisfaction] after every change (P5 clamps
///   after deliveries; draining and time-outs are clamped too, so a round ended by P7's minimum
///   counts the minimum, not less, in M1).
/// - `timeLeft` is the order's countdown as the game shows it: its limit minus whole seconds
///   since it appeared.
/// - `numOfDifferences` between a package and an order (multisets) is the larger of "order items
///   missing from the package" and "package items not in the order": a wrong item counts once.
public enum RoundEngine {
    /// P2: seconds between one order appearing and the next, for each player.
    public static let appearanceInterval = 15

    public static func play(
        _ round: Round, design: PreparedDesign, parameters: RoundParameters, team: [Persona], rules: SatisfactionRules
    ) -> RoundOutcome {
        precondition(team.count == round.players.count, "a persona per player")
        var state = RoundState(
            setup: RoundSetup(round: round, design: design), round: round, parameters: parameters, team: team, rules: rules)
        return state.run()
    }
}

/// The state of a round being played; see ``RoundEngine``.
struct RoundState {
    enum Status: UInt8 { case pending, active, correct, wrong, timedOut }

    struct Job {
        var player: Int
        var order: Int
        var deliverAt: Double
        /// Sorted item ids, as packed (a misunderstanding may have put in the wrong one).
        var package: [Int32]
    }

    let setup: RoundSetup
    let parameters: RoundParameters
    let team: [Persona]
    let rules: SatisfactionRules
    let minimum: Double
    let maximum: Double

    var status: [Status]
    var start: [Int]
    var assigned: [Bool]
    var satisfaction: [Double]
    var activeCount: [Int]
    var handsFree: [Double]
    var jobsInProgress: [Int]
    var discarded: [Int]
    var arrivals: [[Int]]
    var arrived: [Int]
    var jobs: [Job] = []
    var playing: [RandomSource]
    var nextArrival = 0
    var drainedThrough = 0

    init(setup: RoundSetup, round: Round, parameters: RoundParameters, team: [Persona], rules: SatisfactionRules) {
        self.setup = setup
        self.parameters = parameters
        self.team = team
        self.rules = rules
        minimum = parameters.minSatisfaction
        maximum = parameters.maxSatisfaction
        let players = team.count
        let orders = setup.orders.count
        status = Array(repeating: .pending, count: orders)
        start = Array(repeating: 0, count: orders)
        assigned = Array(repeating: false, count: orders)
        satisfaction = Array(repeating: parameters.maxSatisfaction, count: players)  // P1
        activeCount = Array(repeating: 0, count: players)
        handsFree = Array(repeating: 0, count: players)
        jobsInProgress = Array(repeating: 0, count: players)
        discarded = Array(repeating: 0, count: players)
        arrived = Array(repeating: 0, count: players)
        arrivals = setup.ordersOfPlayer
        playing = []
        playing.reserveCapacity(players)
        for p in 0..<players {
            // P2: "one random not-yet-started order" at a time is a random order of appearance.
            var stream = RandomSource(seed: round.seed, stream: StreamPath(game: round.game, round: round.round, player: p, purpose: .arrivals))
            stream.shuffle(&arrivals[p])
            playing.append(RandomSource(seed: round.seed, stream: StreamPath(game: round.game, round: round.round, player: p, purpose: .playing)))
        }
    }

    mutating func run() -> RoundOutcome {
        let roundTime = Double(parameters.roundTime)
        let unit = parameters.satisfactionUnitDecrease
        var now = 0.0
        if let end = endAfterChanges() { return outcome(end, at: now) }
        arrive(atTick: 0)
        while true {
            startJobs(now: now)
            if let end = endAfterChanges() { return outcome(end, at: now) }

            // The next event.
            var next = roundTime
            if hasPendingOrders { next = min(next, Double(nextArrival)) }
            for o in status.indices where status[o] == .active {
                next = min(next, Double(start[o] + setup.orders[o].timeLimit))
            }
            for job in jobs { next = min(next, job.deliverAt) }
            if unit > 0 {
                for p in satisfaction.indices where activeCount[p] > 0 {
                    let ticks = ((satisfaction[p] - minimum) / (Double(activeCount[p]) * unit)).rounded(.up)
                    next = min(next, Double(drainedThrough) + max(1, ticks))
                }
            }
            next = max(next, now)

            // P3: drain every tick up to the event.
            let tick = Int(next.rounded(.down))
            if tick > drainedThrough {
                let ticks = Double(tick - drainedThrough)
                for p in satisfaction.indices where activeCount[p] > 0 {
                    satisfaction[p] = clamp(satisfaction[p] - ticks * Double(activeCount[p]) * unit)
                }
                drainedThrough = tick
            }
            now = next
            if satisfactionRanOut { return outcome(.satisfactionRanOut, at: now) }
            if now >= roundTime { return outcome(.time, at: roundTime) }  // P7

            if now == Double(tick) {
                timeOut(atTick: tick)
                if hasPendingOrders && tick >= nextArrival { arrive(atTick: tick) }
            }
            deliverJobs(upTo: now)
            if let end = endAfterChanges() { return outcome(end, at: now) }
        }
    }

    // MARK: - Rules

    var hasPendingOrders: Bool {
        for p in arrivals.indices where arrived[p] < arrivals[p].count { return true }
        return false
    }

    var satisfactionRanOut: Bool { satisfaction.contains { $0 <= minimum } }

    /// P7's other two endings, checked after anything changed satisfaction or orders.
    func endAfterChanges() -> RoundOutcome.End? {
        if satisfactionRanOut { return .satisfactionRanOut }
        if !hasPendingOrders && !activeCount.contains(where: { $0 > 0 }) { return .allOrdersDone }
        return nil
    }

    /// Within the satisfaction range; values within a rounding error of the minimum are the
    /// minimum (draining by whole ticks lands on it exactly in real numbers).
    func clamp(_ x: Double) -> Double {
        if x <= minimum + 1e-9 * max(1, abs(minimum)) { return minimum }
        return min(maximum, x)
    }

    /// P2: each player's next order appears.
    mutating func arrive(atTick tick: Int) {
        for p in arrivals.indices where arrived[p] < arrivals[p].count {
            let o = arrivals[p][arrived[p]]
            arrived[p] += 1
            status[o] = .active
            start[o] = tick
            activeCount[setup.orders[o].player] += 1
        }
        nextArrival = tick + RoundEngine.appearanceInterval
    }

    /// P6: orders whose countdown reached 0.
    mutating func timeOut(atTick tick: Int) {
        for o in status.indices where status[o] == .active && start[o] + setup.orders[o].timeLimit <= tick {
            let order = setup.orders[o]
            let change = rules.change(
                correct: false, difficulty: parameters.difficulty, totalTime: order.timeLimit, timeLeft: 0, differences: 0,
                items: order.items.count)
            remove(o, as: .timedOut, change: change)
        }
    }

    mutating func remove(_ o: Int, as outcome: Status, change: Double) {
        let p = setup.orders[o].player
        status[o] = outcome
        activeCount[p] -= 1
        satisfaction[p] = clamp(satisfaction[p] + change)
    }

    /// P5: every package ready by `now`, in the order they became ready.
    mutating func deliverJobs(upTo now: Double) {
        while let j = nextReadyJob(by: now) {
            let job = jobs.remove(at: j)
            jobsInProgress[job.player] -= 1
            assigned[job.order] = false
            let house = setup.orders[job.order].house
            // A player hands over a package for an order that is still there, or one that now
            // exactly matches another order of that house; anything else is thrown away.
            guard status[job.order] == .active || matchesExactly(job.package, player: job.player, house: house) else {
                discarded[job.player] += 1
                continue
            }
            deliver(job.package, player: job.player, house: house, at: now)
        }
    }

    /// The job whose package was ready first, if any is ready by `now` (ties: the one planned first).
    func nextReadyJob(by now: Double) -> Int? {
        var best: Int?
        for j in jobs.indices where jobs[j].deliverAt <= now {
            if let b = best, jobs[b].deliverAt <= jobs[j].deliverAt { continue }
            best = j
        }
        return best
    }

    func matchesExactly(_ package: [Int32], player: Int, house: Int) -> Bool {
        setup.ordersOfPlayer[player].contains {
            status[$0] == .active && setup.orders[$0].house == house && differences(package, setup.orderItems[setup.orders[$0].items]) == 0
        }
    }

    /// P5: the house's active order with the fewest differences from the package (ties: the least
    /// time left) is removed; correct if equal as multisets.
    mutating func deliver(_ package: [Int32], player: Int, house: Int, at now: Double) {
        var best = -1
        var bestDifferences = Int.max
        var bestLeft = Int.max
        let tick = Int(now.rounded(.down))
        for o in setup.ordersOfPlayer[player] where status[o] == .active && setup.orders[o].house == house {
            let d = differences(package, setup.orderItems[setup.orders[o].items])
            let left = setup.orders[o].timeLimit - (tick - start[o])
            if d < bestDifferences || (d == bestDifferences && left < bestLeft) {
                best = o
                bestDifferences = d
                bestLeft = left
            }
        }
        guard best >= 0 else { return }
        let order = setup.orders[best]
        let isCorrect = bestDifferences == 0
        let change = rules.change(
            correct: isCorrect, difficulty: parameters.difficulty, totalTime: order.timeLimit, timeLeft: bestLeft,
            differences: bestDifferences, items: order.items.count)
        remove(best, as: isCorrect ? .correct : .wrong, change: change)
    }

    /// Multiset difference of two sorted arrays: max(missing, extra).
    func differences(_ package: [Int32], _ order: ArraySlice<Int32>) -> Int {
        var i = 0
        var j = order.startIndex
        var matched = 0
        while i < package.count && j < order.endIndex {
            if package[i] == order[j] {
                matched += 1
                i += 1
                j += 1
            } else if package[i] < order[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return max(package.count - matched, order.count - matched)
    }

    // MARK: - Players

    /// Every player with a free slot starts its next order (P4), by its persona's strategy.
    mutating func startJobs(now: Double) {
        for p in team.indices {
            while jobsInProgress[p] < team[p].ordersAtOnce, let o = choose(player: p) {
                plan(order: o, player: p, now: now)
            }
        }
    }

    func choose(player p: Int) -> Int? {
        var best: Int?
        for o in setup.ordersOfPlayer[p] where status[o] == .active && !assigned[o] && setup.orders[o].fillable {
            guard let b = best else {
                best = o
                continue
            }
            if precedes(o, b, strategy: team[p].strategy) { best = o }
        }
        return best
    }

    func precedes(_ a: Int, _ b: Int, strategy: OrderStrategy) -> Bool {
        let deadlineA = start[a] + setup.orders[a].timeLimit
        let deadlineB = start[b] + setup.orders[b].timeLimit
        switch strategy {
        case .earliestDeadline:
            return deadlineA != deadlineB ? deadlineA < deadlineB : start[a] < start[b]
        case .fewestItems:
            let na = setup.orders[a].items.count
            let nb = setup.orders[b].items.count
            return na != nb ? na < nb : deadlineA < deadlineB
        }
    }

    /// Plans how player `p` fills order `o` and when the package reaches the house.
    mutating func plan(order o: Int, player p: Int, now: Double) {
        assigned[o] = true
        jobsInProgress[p] += 1
        let recipes = setup.recipes[setup.orders[o].recipes]
        var planner = JobPlanner(player: p, start: max(now, handsFree[p]), items: recipes.count)
        if setup.packageLimit != nil {
            // One assembled item at a time, so the package never holds more than G8 allows.
            var i = recipes.startIndex
            while i < recipes.endIndex && recipes[i].assembles > 0 {
                planner.gather(recipes[i...i], team: team, setup: setup, handsFree: &handsFree, random: &playing[p])
                i += 1
            }
            if i < recipes.endIndex {
                planner.gather(recipes[i...], team: team, setup: setup, handsFree: &handsFree, random: &playing[p])
            }
        } else {
            planner.gather(recipes, team: team, setup: setup, handsFree: &handsFree, random: &playing[p])
        }
        let (deliverAt, package) = planner.finish(team: team, handsFree: &handsFree, random: &playing[p])
        jobs.append(Job(player: p, order: o, deliverAt: deliverAt, package: package))
    }

    // MARK: - Outcome

    func outcome(_ end: RoundOutcome.End, at time: Double) -> RoundOutcome {
        var players = satisfaction.map { PlayerRoundOutcome(satisfaction: $0) }
        for (o, order) in setup.orders.enumerated() {
            switch status[o] {
            case .pending: players[order.player].neverShown += 1
            case .active: players[order.player].open += 1
            case .correct: players[order.player].correct += 1
            case .wrong: players[order.player].wrong += 1
            case .timedOut: players[order.player].timedOut += 1
            }
        }
        for p in players.indices { players[p].discarded = discarded[p] }
        return RoundOutcome(players: players, end: end, endTime: time)
    }
}
