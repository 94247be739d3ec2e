import Generation
import Randomness
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

    /// Plays one round with buffers of its own. To play many rounds, reuse a ``RoundTable``.
    public static func play(
        _ round: Round, design: PreparedDesign, parameters: RoundParameters, team: [Persona], rules: SatisfactionRules
    ) -> RoundOutcome {
        var table = RoundTable(design: design)
        return table.play(round, parameters: parameters, team: team, rules: rules)
    }
}

/// Where rounds of one design are played, one after another: the engine's buffers, kept between
/// rounds so that a round allocates almost nothing. One per thread (it is a value; copies are
/// independent).
public struct RoundTable {
    public let design: PreparedDesign
    var state: RoundState

    public init(design: PreparedDesign) {
        self.design = design
        state = RoundState(setup: RoundSetup(design: design))
    }

    public mutating func play(_ round: Round, parameters: RoundParameters, team: [Persona], rules: SatisfactionRules) -> RoundOutcome {
        precondition(team.count == round.players.count, "a persona per player")
        state.load(round, design: design, parameters: parameters, team: team, rules: rules)
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
        /// Sorted item ids, as packed (a misunderstanding may have put in the wrong one): a range
        /// of `packages`.
        var package: Range<Int>
    }

    var setup: RoundSetup
    // Set by `load`; the C6 fallbacks until then.
    var parameters = Parameters().resolved(difficulty: 1, players: 0)
    var team: [Persona] = []
    var rules = SatisfactionRules(Parameters())
    var minimum = 0.0
    var maximum = 0.0

    // Per order.
    var status: [Status] = []
    var start: [Int] = []
    var assigned: [Bool] = []
    // Per player.
    var satisfaction: [Double] = []
    var activeCount: [Int] = []
    var handsFree: [Double] = []
    var jobsInProgress: [Int] = []
    var discarded: [Int] = []
    /// How many of the player's orders have appeared (P2), in `arrivals` order.
    var arrived: [Int] = []
    var playing: [RandomSource] = []
    /// Every player's orders in the order they appear: the player's range of `setup.ordersOfPlayer`, shuffled.
    var arrivals: [Int] = []
    var jobs: [Job] = []
    var packages: [Int32] = []
    var nextArrival = 0
    var drainedThrough = 0

    init(setup: RoundSetup) { self.setup = setup }

    mutating func load(_ round: Round, design: PreparedDesign, parameters: RoundParameters, team: [Persona], rules: SatisfactionRules) {
        setup.load(round, design: design)
        self.parameters = parameters
        self.team = team
        self.rules = rules
        minimum = parameters.minSatisfaction
        maximum = parameters.maxSatisfaction
        nextArrival = 0
        drainedThrough = 0
        let players = team.count
        let orders = setup.orders.count
        func reset<T>(_ array: inout [T], _ value: T, _ count: Int) {
            array.removeAll(keepingCapacity: true)
            array.append(contentsOf: repeatElement(value, count: count))
        }
        reset(&status, .pending, orders)
        reset(&start, 0, orders)
        reset(&assigned, false, orders)
        reset(&satisfaction, parameters.maxSatisfaction, players)  // P1
        reset(&activeCount, 0, players)
        reset(&handsFree, 0, players)
        reset(&jobsInProgress, 0, players)
        reset(&discarded, 0, players)
        reset(&arrived, 0, players)
        jobs.removeAll(keepingCapacity: true)
        packages.removeAll(keepingCapacity: true)
        arrivals.removeAll(keepingCapacity: true)
        arrivals.append(contentsOf: 0..<orders)
        playing.removeAll(keepingCapacity: true)
        for p in 0..<players {
            // P2: "one random not-yet-started order" at a time is a random order of appearance.
            var stream = RandomSource(seed: round.seed, stream: StreamPath(game: round.game, round: round.round, player: p, purpose: .arrivals))
            stream.shuffle(&arrivals, in: setup.ordersOfPlayer[p])
            playing.append(RandomSource(seed: round.seed, stream: StreamPath(game: round.game, round: round.round, player: p, purpose: .playing)))
        }
    }

    mutating func run() -> RoundOutcome {
        let roundTime = Double(parameters.roundTime)
        var now = 0.0
        if let end = endAfterChanges() { return outcome(end, at: now) }
        if arriveAndTimeOut(atTick: 0) { return outcome(.satisfactionRanOut, at: now) }
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
            next = max(next, now)

            // P3: drain each tick up to the event; P7: the round ends on the tick a satisfaction
            // reaches the minimum.
            let tick = Int(next.rounded(.down))
            while drainedThrough < tick {
                drainedThrough += 1
                drainOneTick()
                if satisfactionRanOut { return outcome(.satisfactionRanOut, at: Double(drainedThrough)) }
            }
            now = next
            if now >= roundTime { return outcome(.time, at: roundTime) }  // P7

            if now == Double(tick) {
                // Time-outs of one tick happen at one instant: all of them, then P7.
                timeOut(atTick: tick)
                if satisfactionRanOut { return outcome(.satisfactionRanOut, at: now) }
                if hasPendingOrders && tick >= nextArrival, arriveAndTimeOut(atTick: tick) {
                    return outcome(.satisfactionRanOut, at: now)
                }
            }
            if deliverJobs(upTo: now) { return outcome(.satisfactionRanOut, at: now) }
            if let end = endAfterChanges() { return outcome(end, at: now) }
        }
    }

    /// Every active order takes `satisfactionUnitDecrease` from its player, one order after
    /// another as the rules say it (P3), so that the result is the same double as ticking.
    mutating func drainOneTick() {
        let unit = parameters.satisfactionUnitDecrease
        for p in satisfaction.indices where activeCount[p] > 0 {
            var s = satisfaction[p]
            for _ in 0..<activeCount[p] { s -= unit }
            satisfaction[p] = clamp(s)
        }
    }

    /// P2 at `tick`, then P6 for orders whose limit is 0 (a house factor below
    /// 1 / timeForEachItem): they run out the moment they appear. True when that ran a
    /// satisfaction out (P7).
    mutating func arriveAndTimeOut(atTick tick: Int) -> Bool {
        arrive(atTick: tick)
        timeOut(atTick: tick)
        return satisfactionRanOut
    }

    // MARK: - Rules

    var hasPendingOrders: Bool {
        for p in arrived.indices where arrived[p] < setup.ordersOfPlayer[p].count { return true }
        return false
    }

    var satisfactionRanOut: Bool { satisfaction.contains { $0 <= minimum } }

    /// P7's other two endings, checked after anything changed satisfaction or orders.
    func endAfterChanges() -> RoundOutcome.End? {
        if satisfactionRanOut { return .satisfactionRanOut }
        if !hasPendingOrders && !activeCount.contains(where: { $0 > 0 }) { return .allOrdersDone }
        return nil
    }

    /// Within the satisfaction range.
    func clamp(_ x: Double) -> Double { min(maximum, max(minimum, x)) }

    /// P2: each player's next order appears.
    mutating func arrive(atTick tick: Int) {
        for p in arrived.indices where arrived[p] < setup.ordersOfPlayer[p].count {
            let o = arrivals[setup.ordersOfPlayer[p].lowerBound + arrived[p]]
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

    /// P5: every package ready by `now`, in the order they became ready. Each delivery is an
    /// instant of its own: true as soon as one runs a satisfaction out (P7), the rest waiting.
    mutating func deliverJobs(upTo now: Double) -> Bool {
        while let j = nextReadyJob(by: now) {
            let job = jobs.remove(at: j)
            jobsInProgress[job.player] -= 1
            assigned[job.order] = false
            let house = setup.orders[job.order].house
            // A player hands over a package for an order that is still there, or one that now
            // exactly matches another order of that house; anything else is thrown away.
            let package = packages[job.package]
            guard status[job.order] == .active || matchesExactly(package, player: job.player, house: house) else {
                discarded[job.player] += 1
                continue
            }
            deliver(package, player: job.player, house: house, at: now)
            if satisfactionRanOut { return true }
        }
        return false
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

    func matchesExactly(_ package: ArraySlice<Int32>, player: Int, house: Int) -> Bool {
        setup.ordersOfPlayer[player].contains {
            status[$0] == .active && setup.orders[$0].house == house && differences(package, setup.orderItems[setup.orders[$0].items]) == 0
        }
    }

    /// P5: the house's active order with the fewest differences from the package (ties: the least
    /// time left) is removed; correct if equal as multisets.
    mutating func deliver(_ package: ArraySlice<Int32>, player: Int, house: Int, at now: Double) {
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
    func differences(_ package: ArraySlice<Int32>, _ order: ArraySlice<Int32>) -> Int {
        var i = package.startIndex
        var j = order.startIndex
        var matched = 0
        while i < package.endIndex && j < order.endIndex {
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
        let recipes = setup.orders[o].recipes
        var planner = JobPlanner(player: p, start: max(now, handsFree[p]), packageStart: packages.count)
        if setup.packageLimit != nil {
            // One assembled item at a time, so the package never holds more than G8 allows.
            var i = recipes.lowerBound
            while i < recipes.upperBound && setup.recipes[i].assembles > 0 {
                planner.gather(i..<(i + 1), team: team, setup: setup, packages: &packages, handsFree: &handsFree, random: &playing[p])
                i += 1
            }
            if i < recipes.upperBound {
                planner.gather(i..<recipes.upperBound, team: team, setup: setup, packages: &packages, handsFree: &handsFree, random: &playing[p])
            }
        } else {
            planner.gather(recipes, team: team, setup: setup, packages: &packages, handsFree: &handsFree, random: &playing[p])
        }
        let (deliverAt, package) = planner.finish(team: team, packages: &packages, handsFree: &handsFree, random: &playing[p])
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
