import EngineBuffers
import RelentlessGeneration
import Randomness
import Relentless

/// The state of a round being played; see ``RoundEngine``. This file holds the game's clock
/// (P1, P2, P6, P7); satisfaction's drain (P3) is in `RoundState+Drain.swift`, the players' side
/// in `RoundState+Players.swift`, deliveries (P5) in `RoundState+Delivery.swift`.
///
/// The queries the mutating methods ask of the state (``hasPendingOrders``, ``jobAtHand(of:)``,
/// …) are `@inline(__always)`: called out of line from a mutating method, a non-mutating method
/// of a struct this large is handed a copy of all of it (750 bytes, a memcpy per call, tens of
/// millions a run).
struct RoundState {
    enum Status: UInt8 { case pending, active, correct, wrong, timedOut }

    /// What a player is doing now; the job it is on is in `activityJob`. A byte, not an enum
    /// with the job as payload: the engine's scans compare it thousands of times a round.
    enum Activity: UInt8 {
        case idle
        /// An action of its own on one of its jobs (a step of the job's program).
        case working
        /// Serving a teammate's request for the job: identifying, finding, packing, passing back.
        case helping
    }

    var setup: RoundSetup
    // Set by `load`; the C6 fallbacks until then.
    var parameters = Parameters().resolved(difficulty: 1, players: 0)
    var team: [Persona] = []
    /// The team's average times (what players foresee), made once a round.
    var averages = AverageTimes()
    var rules = SatisfactionRules(Parameters())
    var minimum = 0.0
    var maximum = 0.0

    // Per order.
    var status = EngineBuffer<Status>()
    /// The active orders, each player's ascending in its own stretch: player `p`'s are the first
    /// `activeCount[p]` slots from `setup.ordersOfPlayer[p].lowerBound` (``activeSlots(of:)``).
    /// A player's own scans (choosing, delivering) walk only its orders; a scan over all of them
    /// (deadlines, time-outs) walks the players in turn, which is every active order ascending,
    /// since players' orders are numbered one player after the other: ties and sums come out as
    /// they did over one ascending list.
    var active = EngineBuffer<Int>()
    /// Active orders of all players.
    var activeTotal = 0
    /// The earliest deadline of an active order (Int.max when none), valid unless `active`
    /// changed since (``earliestDeadline()``): deadlines stay put while orders are active.
    var knownEarliestDeadline = Int.max
    var activeChanged = false
    /// Orders not yet appeared (P2), of all players.
    var pendingCount = 0
    var start = EngineBuffer<Int>()
    /// A job was started for the order (or the player gave it up): it is not chosen again.
    var taken = EngineBuffer<Bool>()
    /// What the order's player expects the whole order to take (``canFinish(order:player:at:)``); NaN until asked.
    var averageSeconds = EngineBuffer<Double>()
    // Per player.
    var satisfaction = EngineBuffer<Double>()
    /// Each player's satisfaction before the drain under way (``advance(through:)``), for
    /// draining it again to an earlier end.
    var drainBefore = EngineBuffer<Double>()
    /// Satisfaction is drained lazily (a positive unit, all finite; RoundState+Drain.swift).
    var drainsLazily = false
    /// Per player, the tick its satisfaction is drained through (at most `drainedThrough`).
    var playerDrainedThrough = EngineBuffer<Int>()
    /// Per player, the last tick through which it surely stays above the minimum (Int.max with no
    /// active order), and the least of them.
    var safeThrough = EngineBuffer<Int>()
    var leastSafeThrough = Int.max
    var activeCount = EngineBuffer<Int>()
    /// How many of the player's orders have appeared (P2), in `arrivals` order.
    var arrived = EngineBuffer<Int>()
    var playing = EngineBuffer<RandomSource>()
    var activity = EngineBuffer<Activity>()
    /// The job of the current action (meaningless while idle).
    var activityJob = EngineBuffer<Int>()
    /// Bit `p`: something that may give player `p` an action changed since it last found none:
    /// it became free, a request or its own package reached it, or an order of its own appeared.
    /// Only these widen its choice (time and other players' actions only narrow it), so a free
    /// player without the bit would find nothing again and is not asked (``settle(at:)``). Bits,
    /// like `idle`, so that the players to ask are found without a scan (a team has at most six,
    /// C6; ``load(_:design:parameters:team:rules:)`` traps on more than 64, a caller's error).
    var mayAct: UInt64 = 0
    /// Bit `p`: player `p` is idle.
    var idle: UInt64 = 0
    /// When the current action ends; infinity while idle, so that the scans for the next end
    /// need not ask what each player is doing.
    var busyUntil = EngineBuffer<Double>()
    /// The earliest of `busyUntil`, unless `earliestEndIsStale` (an action ended since: it is
    /// found again when asked, ``earliestActionEnd()``).
    var earliestEnd = Double.infinity
    var earliestEndIsStale = false
    /// Breaks ties between actions ending at the same instant, drawn from `contention`.
    var tieKey = EngineBuffer<UInt64>()
    var jobsInHand = EngineBuffer<Int>()
    /// Where each player's time went so far, its current action counted whole.
    var spent = EngineBuffer<TimeBreakdown>()
    /// The current action's parts, to take back what runs past the round's end.
    var current = EngineBuffer<TimeBreakdown>()
    /// When the player last became free, and whether a package of its own was away then.
    var freeSince = EngineBuffer<Double>()
    var freeWaiting = EngineBuffer<Bool>()
    /// Packages of the player's own with a teammate now.
    var packagesAway = EngineBuffer<Int>()
    /// Every action, when a timeline is asked for (``RoundTable/play(_:parameters:team:rules:timeline:)``).
    var timeline: [TimelineEntry]?
    var discarded = EngineBuffer<Int>()
    var gaveUp = EngineBuffer<Int>()
    /// Per player: seconds serving teammates so far (each help counted whole), requests taken up
    /// and requests made (``PlayerRoundOutcome/helping``).
    var helping = EngineBuffer<Double>()
    var served = EngineBuffer<Int>()
    var asked = EngineBuffer<Int>()
    /// Every player's orders in the order they appear: the player's range of `setup.ordersOfPlayer`, shuffled.
    var arrivals = EngineBuffer<Int>()
    var contention = RandomSource(seed: 0)
    var nextArrival = 0
    var drainedThrough = 0

    // The players' work (RoundState+Players.swift, JobProgram.swift).
    var jobs = EngineBuffer<Job>()
    /// The jobs not yet closed, each player's ascending in a stretch of its own, as `active`
    /// holds orders: player `p`'s are the first `jobsInHand[p]` slots from
    /// `setup.ordersOfPlayer[p].lowerBound` (a job is one of its orders). What ``jobAtHand(of:)``
    /// looks through.
    var openJobs = EngineBuffer<Int>()
    var steps = EngineBuffer<JobStep>()
    var tripItems = EngineBuffer<TripItem>()
    /// The terms of the jobs' average times (``appendAverageTerms(ofSteps:player:)``).
    var averageTerms = EngineBuffer<Double>()
    var contents = EngineBuffer<PackedItem>()
    /// Jobs whose package waits with a teammate, in the order the packages arrived.
    var waiting = EngineBuffer<Int>()
    /// A package being handed to a house, sorted: reused.
    var package = EngineBuffer<Int32>()
    /// Scratch for a program's teammates.
    var scratchHelpers = EngineBuffer<Int>()

    init(setup: RoundSetup) { self.setup = setup }

    mutating func load(_ round: FlatRound, design: PreparedDesign, parameters: RoundParameters, team: [Persona], rules: SatisfactionRules) {
        setup.load(round, design: design)
        averages.load(team)
        load(team: team, for: RoundStreams(seed: round.seed, game: round.game, round: round.round), parameters: parameters, rules: rules)
    }

    /// The team's part of ``load(_:design:parameters:team:rules:)`` for the round whose setup is
    /// loaded, its streams `streams` and ``averages`` the team's: the setup is the round's alone
    /// and play only reads it, so teams that play the same round one after another share it.
    mutating func load(team: [Persona], for streams: RoundStreams, parameters: RoundParameters, rules: SatisfactionRules) {
        assert(averages.team == team, "the averages of another team")
        self.parameters = parameters
        self.team = team
        self.rules = rules
        minimum = parameters.minSatisfaction
        maximum = parameters.maxSatisfaction
        nextArrival = 0
        drainedThrough = 0
        let players = team.count
        precondition(players <= 64, "a team of \(players): the engine's player sets are 64-bit masks")
        let orders = setup.orders.count
        // Every buffer starts over with storage of its own: a copy of this state (a RoundTable
        // copied between rounds) shares its buffers until then (``EngineBuffer``).
        func reset<T>(_ buffer: inout EngineBuffer<T>, _ value: T, _ count: Int) {
            buffer.startOver(repeating: value, count: count)
        }
        reset(&status, .pending, orders)
        reset(&active, -1, orders)
        activeTotal = 0
        knownEarliestDeadline = Int.max
        activeChanged = false
        pendingCount = orders
        reset(&start, 0, orders)
        reset(&taken, false, orders)
        reset(&averageSeconds, .nan, orders)
        reset(&satisfaction, parameters.maxSatisfaction, players)  // P1
        reset(&drainBefore, 0, players)
        let unit = parameters.satisfactionUnitDecrease
        drainsLazily = unit > 0 && unit.isFinite && minimum.isFinite && maximum.isFinite
        reset(&playerDrainedThrough, 0, players)
        reset(&safeThrough, .max, players)
        leastSafeThrough = .max
        reset(&activeCount, 0, players)
        reset(&arrived, 0, players)
        reset(&activity, .idle, players)
        reset(&activityJob, -1, players)
        mayAct = players == 64 ? ~0 : (1 << UInt64(players)) - 1
        idle = mayAct
        earliestEnd = .infinity
        earliestEndIsStale = false
        reset(&busyUntil, .infinity, players)
        reset(&tieKey, 0, players)
        reset(&jobsInHand, 0, players)
        reset(&spent, TimeBreakdown(), players)
        reset(&current, TimeBreakdown(), players)
        reset(&freeSince, 0, players)
        reset(&freeWaiting, false, players)
        reset(&packagesAway, 0, players)
        reset(&discarded, 0, players)
        reset(&gaveUp, 0, players)
        reset(&helping, 0, players)
        reset(&served, 0, players)
        reset(&asked, 0, players)
        jobs.startOver()
        reset(&openJobs, -1, orders)
        steps.startOver()
        tripItems.startOver()
        averageTerms.startOver()
        contents.startOver()
        waiting.startOver()
        package.startOver()
        scratchHelpers.startOver()
        arrivals.startOver()
        arrivals.append(contentsOf: 0..<orders)
        playing.startOver()
        for p in 0..<players {
            // P2: "one random not-yet-started order" at a time is a random order of appearance.
            var stream = streams.source(player: p, .arrivals)
            stream.shuffle(&arrivals[setup.ordersOfPlayer[p]])
            playing.append(streams.source(player: p, .playing))
        }
        contention = streams.source(.contention)
    }

    mutating func run() -> RoundOutcome {
        let roundTime = Double(parameters.roundTime)
        var now = 0.0
        if let end = endAfterChanges() { return outcome(end, at: now) }
        if arriveAndTimeOut(atTick: 0) { return outcome(.satisfactionRanOut, at: now) }
        while true {
            if settle(at: now) { return outcome(.satisfactionRanOut, at: now) }
            if let end = endAfterChanges() { return outcome(end, at: now) }

            // The next event.
            var next = roundTime
            if hasPendingOrders { next = min(next, Double(nextArrival)) }
            next = min(next, Double(earliestDeadline()))  // Double(min) is the min of the Doubles: rounding is monotone
            next = min(next, earliestActionEnd())
            next = max(next, now)

            // P3: drain each tick up to the event; P7: the round ends on the tick a satisfaction
            // reaches the minimum.
            let tick = Int(next.rounded(.down))
            if advance(through: tick) { return outcome(.satisfactionRanOut, at: Double(drainedThrough)) }
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

    @inline(__always)
    var hasPendingOrders: Bool { pendingCount > 0 }

    /// Player `p`'s bit in a set of players.
    @inline(__always)
    static func bit(_ p: Int) -> UInt64 { 1 &<< UInt64(p) }  // p < 64 (load): no overshift to check

    /// The earliest end of an action under way; infinity when every player is idle.
    @inline(__always)
    mutating func earliestActionEnd() -> Double {
        if earliestEndIsStale {
            // A fold of `min` in seat order, as the scans it replaces: a NaN end is passed over.
            var end = Double.infinity
            var p = 0
            while p < busyUntil.count {
                end = min(end, busyUntil[p])
                p += 1
            }
            earliestEnd = end
            earliestEndIsStale = false
        }
        return earliestEnd
    }

    @inline(__always)
    var satisfactionRanOut: Bool {
        // A loop of its own: `contains` over the buffer went through an iterator, at every event.
        var p = 0
        while p < satisfaction.count {
            if reachedMinimum(satisfaction[p]) { return true }
            p += 1
        }
        return false
    }

    /// P7: a satisfaction at the minimum ends the round, not only one below it.
    @inline(__always)
    func reachedMinimum(_ s: Double) -> Bool { s <= minimum }

    /// P7's other two endings, checked after anything changed satisfaction or orders.
    @inline(__always)
    func endAfterChanges() -> RoundOutcome.End? {
        if satisfactionRanOut { return .satisfactionRanOut }
        if !hasPendingOrders && activeTotal == 0 { return .allOrdersDone }
        return nil
    }

    /// Within the satisfaction range.
    @inline(__always)
    func clamp(_ x: Double) -> Double { min(maximum, max(minimum, x)) }

    /// P2: each player's next order appears.
    mutating func arrive(atTick tick: Int) {
        for p in arrived.indices where arrived[p] < setup.ordersOfPlayer[p].count {
            let o = arrivals[setup.ordersOfPlayer[p].lowerBound + arrived[p]]
            arrived[p] += 1
            mayAct |= Self.bit(p)
            pendingCount -= 1
            status[o] = .active
            insertActive(o)
            start[o] = tick
        }
        nextArrival = tick + RoundEngine.appearanceInterval
    }

    /// Adds `o` to its player's active orders, kept ascending; orders appear a few at a time,
    /// near its end.
    mutating func insertActive(_ o: Int) {
        let p = setup.orders[o].player
        catchUp(p)
        let first = activeSlots(of: p).lowerBound
        var i = activeSlots(of: p).upperBound
        while i > first && active[i - 1] > o {
            active[i] = active[i - 1]
            i -= 1
        }
        active[i] = o
        activeCount[p] += 1
        activeTotal += 1
        activeChanged = true
        satisfactionChanged(p)
    }

    /// The tick on which the first active order runs out; Int.max when none is active.
    @inline(__always)
    mutating func earliestDeadline() -> Int {
        if activeChanged {
            knownEarliestDeadline = Int.max
            for p in activeCount.indices {
                for i in activeSlots(of: p) { knownEarliestDeadline = min(knownEarliestDeadline, deadline(of: active[i])) }
            }
            activeChanged = false
        }
        return knownEarliestDeadline
    }

    /// P6: orders whose countdown reached 0, in ascending order (a player's satisfaction changes
    /// one order after another).
    mutating func timeOut(atTick tick: Int) {
        guard earliestDeadline() <= tick else { return }
        for p in activeCount.indices { timeOut(atTick: tick, player: p) }
    }

    /// P6 for player `p`'s orders.
    private mutating func timeOut(atTick tick: Int, player p: Int) {
        var i = activeSlots(of: p).lowerBound
        while i < activeSlots(of: p).upperBound {
            let o = active[i]
            guard Self.deadline(start[o], setup.orders[o].timeLimit) <= tick else {
                i += 1
                continue
            }
            let order = setup.orders[o]
            let change = rules.change(
                correct: false, difficulty: parameters.difficulty, totalTime: order.timeLimit, timeLeft: 0, differences: 0,
                items: order.items.count)
            remove(o, as: .timedOut, change: change)
        }
    }

    mutating func remove(_ o: Int, as outcome: Status, change: Double) {
        let p = setup.orders[o].player
        catchUp(p)
        status[o] = outcome
        let removed = active.remove(o, fromStretch: activeSlots(of: p))
        assert(removed, "order \(o) removed but not active")
        activeChanged = true
        activeCount[p] -= 1
        activeTotal -= 1
        satisfaction[p] = clamp(satisfaction[p] + change)
        satisfactionChanged(p)
    }

    /// The tick on which order `o` runs out (P6). Saturating: `check` keeps time limits far
    /// inside Int (C6), but a round made from unchecked values (a limit G7 floored to Int.max)
    /// must not trap; such an order simply never runs out.
    @inline(__always)
    func deadline(of o: Int) -> Int { Self.deadline(start[o], setup.orders[o].timeLimit) }

    /// `start + limit`, saturating (see ``deadline(of:)``).
    @inline(__always)
    static func deadline(_ start: Int, _ limit: Int) -> Int {
        let (tick, overflow) = start.addingReportingOverflow(limit)
        return overflow ? (limit > 0 ? Int.max : Int.min) : tick
    }

    mutating func outcome(_ end: RoundOutcome.End, at time: Double) -> RoundOutcome {
        for p in satisfaction.indices { catchUp(p) }
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
        for p in players.indices {
            players[p].discarded = discarded[p]
            players[p].gaveUp = gaveUp[p]
            players[p].requestsServed = served[p]
            players[p].requestsAsked = asked[p]
            var t = spent[p]
            var helped = helping[p]
            if activity[p] == .idle {
                if freeWaiting[p] { t.waiting += max(0, time - freeSince[p]) } else { t.idle += max(0, time - freeSince[p]) }
            } else if busyUntil[p] > time, current[p].total > 0 {
                // The action the round's end cut short counts up to the end.
                let scale = -(busyUntil[p] - time) / current[p].total
                t.add(current[p], scale: scale)
                if activity[p] == .helping { helped += current[p].total * scale }
            }
            players[p].time = t
            players[p].helping = max(0, helped)
        }
        return RoundOutcome(players: players, end: end, endTime: time, timeline: timeline)
    }
}
