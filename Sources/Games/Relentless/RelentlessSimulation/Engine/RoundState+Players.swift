import EngineBuffers
import Foundation
import Randomness
import Relentless
import RelentlessGeneration

/// The players' side of a round (P4): what each player does next, its actions and their ends.
///
/// A player that is free serves the oldest request waiting for it first (a teammate's package
/// with a description), then works on one of its own orders whose package it has, then starts a
/// new order if it has fewer than `ordersAtOnce` in hand; otherwise it waits for something to
/// happen. Nothing here depends on a player's seat number: simultaneous ends are ordered by
/// draws from the round's `contention` stream.
extension RoundState {
    /// Ends every action due by `now` and lets every free player choose its next one, until
    /// nothing more happens at `now`. True when a delivery ran a satisfaction out (P7).
    mutating func settle(at now: Double) -> Bool {
        while true {
            if let p = nextToFinish(by: now) {
                if finish(p, at: now) { return true }
                continue
            }
            var started = false
            // The idle players who may act, in seat order, each looked at when the pass reaches it.
            var from: UInt64 = 0
            while from < 64 {
                let candidates = idle & mayAct & (~0 << from)
                guard candidates != 0 else { break }
                let p = candidates.trailingZeroBitCount
                mayAct &= ~Self.bit(p)
                if startNextAction(p, at: now) { started = true }
                from = UInt64(p) + 1
            }
            if !started { return false }
        }
    }

    /// The player whose action ends first by `now` (ties: the smaller draw), if any.
    @inline(__always)
    mutating func nextToFinish(by now: Double) -> Int? {
        guard earliestActionEnd() <= now else { return nil }
        var best = -1
        var p = 0
        while p < busyUntil.count {
            // Infinity while idle.
            if busyUntil[p] <= now, best < 0 || (busyUntil[best], tieKey[best]) > (busyUntil[p], tieKey[p]) { best = p }
            p += 1
        }
        return best < 0 ? nil : best
    }

    // MARK: - Choosing

    /// Starts `p`'s next action if it has one. False leaves it idle.
    mutating func startNextAction(_ p: Int, at now: Double) -> Bool {
        if let w = waiting.firstIndex(where: { jobs[$0].target == p }) {
            help(jobs: waiting.remove(at: w), by: p, at: now)
            return true
        }
        while true {
            if let j = jobAtHand(of: p) {
                if work(on: j, at: now) { return true }
                continue  // the job was closed; look again
            }
            guard jobsInHand[p] < team[p].ordersAtOnce, let o = chooseOrder(for: p, at: now) else { return false }
            open(order: o, player: p)
        }
    }

    /// The player's open job whose package it holds, the most pressing first by its strategy.
    @inline(__always)
    func jobAtHand(of p: Int) -> Int? {
        var best: Int?
        for i in openJobSlots(of: p) where jobs[openJobs[i]].packageAtHand {
            let j = openJobs[i]
            if let b = best, !precedes(jobs[j].order, jobs[b].order, strategy: team[p].strategy) { continue }
            best = j
        }
        return best
    }

    /// The active order `p` starts next by its strategy; a player who cuts its losses prefers
    /// orders it can still finish, and one who drops hopeless orders starts no other.
    mutating func chooseOrder(for p: Int, at now: Double) -> Int? {
        let policy = team[p].hopelessOrders
        var best: Int?
        var bestFinishable: Int?
        for i in activeSlots(of: p) {
            let o = active[i]
            guard !taken[o] && setup.orders[o].fillable else { continue }
            if best.map({ precedes(o, $0, strategy: team[p].strategy) }) ?? true { best = o }
            // Only an order that would come first is worth the estimate.
            if policy != .keepGoing, bestFinishable.map({ precedes(o, $0, strategy: team[p].strategy) }) ?? true,
                canFinish(order: o, player: p, at: now)
            {
                bestFinishable = o
            }
        }
        switch policy {
        case .keepGoing: return best
        case .deliverWhatItHas: return bestFinishable ?? best
        case .dropAndStartAnother: return bestFinishable
        }
    }

    @inline(__always)
    func precedes(_ a: Int, _ b: Int, strategy: OrderStrategy) -> Bool {
        let deadlineA = deadline(of: a)
        let deadlineB = deadline(of: b)
        switch strategy {
        case .earliestDeadline:
            return deadlineA != deadlineB ? deadlineA < deadlineB : start[a] < start[b]
        case .fewestItems:
            let na = setup.orders[a].items.count
            let nb = setup.orders[b].items.count
            return na != nb ? na < nb : deadlineA < deadlineB
        }
    }

    /// Whether `p` expects to hand order `o` over before it runs out, doing all of it from `now`.
    /// The whole order's average time depends on the order and its player alone: made once.
    mutating func canFinish(order o: Int, player p: Int, at now: Double) -> Bool {
        if averageSeconds[o].isNaN { averageSeconds[o] = averageSeconds(ofOrder: o, player: p) }
        return now + averageSeconds[o] < Double(deadline(of: o))
    }

    /// Player `p` takes order `o` in hand: its program, and room for its package.
    mutating func open(order o: Int, player p: Int) {
        taken[o] = true
        let stepStart = steps.count
        appendProgram(order: o, player: p)
        var room = 0
        for r in setup.orders[o].recipes { room += setup.recipes[r].fetches.count }
        let contentStart = contents.count
        contents.append(repeating: PackedItem(recipe: -1, fetch: -1, item: -1), count: room)
        var job = Job(player: p, order: o, steps: stepStart..<steps.count, cursor: stepStart, contents: contentStart..<contents.count)
        if team[p].hopelessOrders != .keepGoing {
            // Only a player who judges an order hopeless asks what the rest of it takes.
            let termStart = averageTerms.count
            appendAverageTerms(ofSteps: job.steps, player: p)
            job.averageTerms = termStart..<averageTerms.count
        }
        jobs.append(job)
        openJobs[openJobSlots(of: p).upperBound] = jobs.count - 1  // the player's newest
        jobsInHand[p] += 1
    }

    mutating func close(_ j: Int) {
        jobs[j].isClosed = true
        let p = jobs[j].player
        let removed = openJobs.remove(j, fromStretch: openJobSlots(of: p))
        assert(removed, "job \(j) closed twice")
        guard removed else { return }
        jobsInHand[p] -= 1
    }

    // MARK: - Own work

    /// Starts the next action of job `j`, whose package its player holds; false when the job was
    /// closed instead (its order is gone, or the player gave it up).
    mutating func work(on j: Int, at now: Double) -> Bool {
        let p = jobs[j].player
        let o = jobs[j].order
        let step = steps[jobs[j].cursor]
        if status[o] != .active {
            // The order timed out or another package took it: the package is thrown away, unless
            // it is finished and exactly matches another order of that house.
            guard step.kind == .deliver, matchesExactly(packed(j), player: p, house: setup.orders[o].house) else {
                discarded[p] += 1
                close(j)
                return false
            }
        } else if step.kind != .deliver, jobs[j].actionsTaken > 0, team[p].hopelessOrders != .keepGoing,
            now + averageSeconds(remainingIn: j) >= Double(deadline(of: o))
        {
            gaveUp[p] += 1
            if team[p].hopelessOrders == .dropAndStartAnother {
                close(j)
                return false
            }
            jobs[j].cursor = jobs[j].steps.upperBound - 1  // the deliver step
            jobs[j].phase = .describe
        }
        var time = TimeBreakdown()
        let current = steps[jobs[j].cursor]
        let what: ActionLabel
        switch current.kind {
        case .findPack:
            time.findingAndPacking = (team[p].findSeconds + team[p].packSeconds) * noise(p)
            what = .findPack
        case .trip where jobs[j].phase == .describe:
            if jobs[j].target < 0 { jobs[j].target = chooseTarget(for: j, step: current) }
            for t in Int(current.first)..<Int(current.end) { time.describing += team[p].describeSeconds[kind(of: t)] * noise(p) }
            what = .describe(items: Int(current.end - current.first), to: jobs[j].target)
        case .trip:
            time.passing = team[p].passSeconds * noise(p)
            what = .pass(to: jobs[j].target)
        case .assemble, .finishAssembly:
            time.assembling = team[p].assembleSeconds * noise(p)
            what = .assemble
        case .deliver:
            time.passing = team[p].passSeconds * noise(p)
            what = .deliver(house: setup.orders[o].house)
        }
        jobs[j].actionsTaken += 1
        begin(.working, job: j, player: p, time: time, at: now, what: what)
        return true
    }

    /// Whom the asker hands the trip's package to: the holder, or, with the asker's
    /// `wrongTeammateChance`, a teammate not yet asked who holds none of the trip's items.
    mutating func chooseTarget(for j: Int, step: JobStep) -> Int {
        let p = jobs[j].player
        let holder = setup.fetches[Int(tripItems[Int(step.first)].fetch)].holder
        var others = 0
        for q in team.indices where q != p && q != holder && jobs[j].askedInVain & (1 << UInt64(q)) == 0 { others += 1 }
        guard others > 0, playing[p].chance(team[p].wrongTeammateChance) else { return holder }
        var pick = playing[p].uniform(below: others)
        for q in team.indices where q != p && q != holder && jobs[j].askedInVain & (1 << UInt64(q)) == 0 {
            if pick == 0 { return q }
            pick -= 1
        }
        return holder
    }

    // MARK: - Helping

    /// Player `p` serves the request of job `j`: identifies each item described and, if it holds
    /// them, finds and packs each (a misunderstanding may put in another item of the group, or
    /// cost a second hearing), then passes the package back. One uninterrupted action.
    mutating func help(jobs j: Int, by p: Int, at now: Double) {
        let step = steps[jobs[j].cursor]
        let holder = setup.fetches[Int(tripItems[Int(step.first)].fetch)].holder
        var time = TimeBreakdown()
        for t in Int(step.first)..<Int(step.end) {
            let fetch = Int(tripItems[t].fetch)
            let item = setup.fetches[fetch].item
            let itemKind = kind(of: t)
            time.listening += team[p].identifySeconds[itemKind] * noise(p)
            guard p == holder else { continue }  // "not mine": nothing to pack
            var packed = item
            if playing[p].chance(team[p].misunderstanding(itemKind, groupSize: setup.groupSize(of: item))) {
                if let other = confusable(with: item, heldBy: p) {
                    packed = other  // unnoticed: the delivery will be wrong
                } else {
                    time.listening += team[p].identifySeconds[itemKind] * noise(p)  // "which one?": heard again
                }
            }
            time.findingAndPacking += (team[p].findSeconds + team[p].packSeconds) * noise(p)
            put(PackedItem(recipe: tripItems[t].recipe, fetch: Int32(fetch), item: packed), into: j)
        }
        time.passing += team[p].passSeconds * noise(p)
        served[p] += 1
        helping[p] += time.total
        begin(.helping, job: j, player: p, time: time, at: now, what: p == holder ? .help(asker: jobs[j].player) : .hearOut(asker: jobs[j].player))
    }

    /// Another item of `item`'s group that `holder` has, drawn uniformly from the holder's
    /// stream; nil when there is none.
    mutating func confusable(with item: Int32, heldBy holder: Int) -> Int32? {
        let group = setup.items[Int(item)].group
        guard group >= 0 else { return nil }
        var candidates = 0
        for (m, info) in setup.items.enumerated() where info.group == group && info.holder == holder && m != Int(item) { candidates += 1 }
        guard candidates > 0 else { return nil }
        var pick = playing[holder].uniform(below: candidates)
        for (m, info) in setup.items.enumerated() where info.group == group && info.holder == holder && m != Int(item) {
            if pick == 0 { return Int32(m) }
            pick -= 1
        }
        return nil
    }

    // MARK: - Actions

    /// Starts an action of `p` made of the parts of `time`; the free time before it is waiting
    /// or idle, as it was when the player became free.
    mutating func begin(_ what: Activity, job j: Int, player p: Int, time: TimeBreakdown, at now: Double, what label: ActionLabel) {
        if freeWaiting[p] { spent[p].waiting += now - freeSince[p] } else { spent[p].idle += now - freeSince[p] }
        spent[p].add(time)
        current[p] = time
        activity[p] = what
        activityJob[p] = j
        idle &= ~Self.bit(p)
        let seconds = time.total
        busyUntil[p] = now + seconds
        earliestEnd = min(earliestEnd, busyUntil[p])
        tieKey[p] = contention.next()
        if timeline != nil { timeline?.append(TimelineEntry(player: p, start: now, end: now + seconds, what: label.text)) }
    }

    /// Ends `p`'s action at `now` and applies what it did. True when a delivery ran a
    /// satisfaction out (P7).
    mutating func finish(_ p: Int, at now: Double) -> Bool {
        let what = activity[p]
        let j = activityJob[p]
        activity[p] = .idle
        busyUntil[p] = .infinity
        earliestEndIsStale = true
        idle |= Self.bit(p)
        mayAct |= Self.bit(p)
        freeSince[p] = now
        // Free from now: waiting if a package of its own is with a teammate (after this action's effect).
        defer { freeWaiting[p] = packagesAway[p] > 0 }
        switch what {
        case .idle: return false
        case .helping:
            // The package is back with the asker.
            let step = steps[jobs[j].cursor]
            let holder = setup.fetches[Int(tripItems[Int(step.first)].fetch)].holder
            if jobs[j].target == holder {
                jobs[j].cursor += 1
                jobs[j].askedInVain = 0
            } else {
                jobs[j].askedInVain |= 1 << UInt64(jobs[j].target)
            }
            jobs[j].target = -1
            jobs[j].phase = .describe
            let asker = jobs[j].player
            packagesAway[asker] -= 1
            mayAct |= Self.bit(asker)
            if activity[asker] == .idle {
                // The asker's wait ends here, whether or not it acts at once.
                if freeWaiting[asker] { spent[asker].waiting += now - freeSince[asker] } else { spent[asker].idle += now - freeSince[asker] }
                freeSince[asker] = now
                freeWaiting[asker] = packagesAway[asker] > 0
            }
            return false
        case .working:
            let step = steps[jobs[j].cursor]
            switch step.kind {
            case .findPack:
                let fetch = Int(step.first)
                put(PackedItem(recipe: step.recipe, fetch: step.first, item: setup.fetches[fetch].item), into: j)
                jobs[j].cursor += 1
            case .trip:
                if jobs[j].phase == .describe {
                    jobs[j].phase = .pass
                } else {
                    jobs[j].phase = .away
                    packagesAway[p] += 1
                    asked[p] += 1
                    waiting.append(j)  // the package reaches the teammate now
                    mayAct |= Self.bit(jobs[j].target)
                }
            case .assemble:
                jobs[j].cursor += 1
            case .finishAssembly:
                assemble(recipe: Int(step.recipe), in: j)
                jobs[j].cursor += 1
            case .deliver:
                let house = setup.orders[jobs[j].order].house
                let package = packed(j)
                close(j)
                deliver(package, player: p, house: house, at: now)
                return satisfactionRanOut
            }
            return false
        }
    }

    // MARK: - The package

    mutating func put(_ item: PackedItem, into j: Int) {
        contents[jobs[j].contents.lowerBound + jobs[j].count] = item
        jobs[j].count += 1
    }

    /// The parts of `recipe` in the package become the assembled item, or a stray one if any
    /// part was wrong.
    mutating func assemble(recipe r: Int, in j: Int) {
        let base = jobs[j].contents.lowerBound
        var kept = 0
        var wrong = false
        for i in base..<(base + jobs[j].count) {
            let entry = contents[i]
            if entry.recipe == Int32(r) {
                if entry.fetch >= 0 && entry.item != setup.fetches[Int(entry.fetch)].item { wrong = true }
                continue
            }
            contents[base + kept] = entry
            kept += 1
        }
        jobs[j].count = kept
        put(PackedItem(recipe: Int32(r), fetch: -1, item: wrong ? RoundSetup.strayItem : setup.recipes[r].item), into: j)
    }

    /// The package's items, sorted (a multiset, as orders are).
    mutating func packed(_ j: Int) -> Slice<EngineBuffer<Int32>> {
        package.removeAll()
        let base = jobs[j].contents.lowerBound
        for i in base..<(base + jobs[j].count) { package.append(contents[i].item) }
        package.insertionSort(from: 0) { $0 < $1 }
        return package[...]
    }

    @inline(__always)
    func kind(of tripItem: Int) -> CategoryKind {
        setup.items[Int(setup.fetches[Int(tripItems[tripItem].fetch)].item)].kind
    }

    /// A log-normal factor with mean 1 on an action of `p`: exp(σZ − σ²/2), Z standard normal
    /// (Box–Muller), drawn from `p`'s stream.
    mutating func noise(_ p: Int) -> Double {
        let sigma = team[p].timeSpread
        guard sigma > 0 else { return 1 }
        let u1 = 1 - playing[p].unit()  // (0, 1]
        let u2 = playing[p].unit()
        let z = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
        return exp(sigma * z - sigma * sigma / 2)
    }
}
