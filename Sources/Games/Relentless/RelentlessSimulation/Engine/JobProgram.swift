import EngineBuffers
import Randomness
import Relentless

/// One player filling one order (P4): the program of steps it works through, where it is in
/// it, and what is in its package.
///
/// The program, made when the player starts the order: find and pack each item it holds
/// itself; then one trip per teammate who holds items it lacks, in an order the player draws
/// (describe those items, pass the package, the teammate serves the request and passes it
/// back); then one Assemble per assembled item built, nested ones included; then hand the
/// package to the house. With a package limit (G8) this is done one assembled item at a time
/// (its parts gathered and assembled before the next), so the package never holds more than the
/// limit allows; without one, everything in one round of trips.
struct Job {
    enum TripPhase: UInt8 {
        /// The player is to describe the trip's items (and decide whom it asks).
        case describe
        /// Described; the player is to pass the package.
        case pass
        /// The package is with a teammate.
        case away
    }

    var player: Int
    var order: Int
    /// The program: a range of `RoundState.steps`.
    var steps: Range<Int>
    /// The step being worked on, an index of `steps`.
    var cursor: Int
    var phase = TripPhase.describe
    /// Whom the current trip's package goes to; -1 before the player has chosen.
    var target = -1
    /// Bit i: teammate i was asked in vain on the current trip.
    var askedInVain: UInt64 = 0
    /// The terms of its program's average time, a range of `RoundState.averageTerms` (empty for a
    /// player who keeps going whatever happens).
    var averageTerms: Range<Int> = 0..<0
    /// What the package holds: `count` entries from the start of a range of `RoundState.contents`.
    var contents: Range<Int>
    var count = 0
    /// The player's actions on this job so far (its judgement of a hopeless order waits for the first).
    var actionsTaken = 0
    /// Delivered, given up or thrown away.
    var isClosed = false

    var packageAtHand: Bool { phase != .away }
}

/// One step of a job's program.
struct JobStep {
    enum Kind: UInt8 {
        /// Find and pack one item of one's own warehouse: `recipe`, `first` is the fetch.
        case findPack
        /// Items of one teammate: `first..<end` of `RoundState.tripItems`.
        case trip
        /// One Assemble action for `recipe`, not its last.
        case assemble
        /// The last Assemble action for `recipe`: its parts become the item.
        case finishAssembly
        /// Hand the package to the order's house (P5).
        case deliver
    }

    var kind: Kind
    var recipe: Int32 = -1
    var first: Int32 = 0
    var end: Int32 = 0
    /// Where the step's terms of the average begin in `RoundState.averageTerms` (see
    /// ``RoundState/appendAverageTerms(ofSteps:player:)``); only for a player who judges hopeless orders.
    var firstTerm: Int32 = 0
}

/// An item a trip asks a teammate for: the recipe it is for and the fetch (item and holder).
struct TripItem {
    var recipe: Int32
    var fetch: Int32
}

/// An item in a package: the recipe it belongs to, and the fetch it answers (-1 once assembled).
struct PackedItem {
    var recipe: Int32
    var fetch: Int32
    /// What is really there: a misunderstanding may have put in another item of the group, and
    /// an assembled item built from a wrong part is ``RoundSetup/strayItem``.
    var item: Int32
}

extension RoundState {
    /// Appends the program of order `o` for player `p` to `steps` and `tripItems`; the trips'
    /// order is drawn from the player's stream. A method of the state rather than a function of
    /// `setup` and the buffers: handed `setup` beside buffers of the same state, the call copied it.
    mutating func appendProgram(order o: Int, player p: Int) {
        let recipes = setup.orders[o].recipes
        var i = recipes.lowerBound
        while let batch = nextBatch(of: recipes, from: &i) { appendBatch(batch, player: p) }
        steps.append(JobStep(kind: .deliver))
    }

    /// The next recipes of an order gathered together, from `i` on: with a package limit (G8), one
    /// assembled item at a time (its parts gathered and assembled before the next; builds come
    /// first), then all items fetched whole; without one, everything at once.
    @inline(__always)
    func nextBatch(of recipes: Range<Int>, from i: inout Int) -> Range<Int>? {
        guard i < recipes.upperBound else { return nil }
        let start = i
        i = setup.packageLimit != nil && setup.recipes[i].assembles > 0 ? i + 1 : recipes.upperBound
        return start..<i
    }

    private mutating func appendBatch(_ recipes: Range<Int>, player p: Int) {
        var helpers: UInt64 = 0
        for r in recipes {
            for f in setup.recipes[r].fetches {
                let holder = setup.fetches[f].holder
                if holder == p {
                    steps.append(JobStep(kind: .findPack, recipe: Int32(r), first: Int32(f)))
                } else {
                    helpers |= 1 << UInt64(holder)
                }
            }
        }
        // Teammates in the order the player visits them: drawn, so that no seat is asked first by its number.
        scratchHelpers.removeAll()
        var remaining = helpers
        while remaining != 0 {  // the set bits, lowest first
            scratchHelpers.append(remaining.trailingZeroBitCount)
            remaining &= remaining - 1
        }
        if scratchHelpers.count > 1 { playing[p].shuffle(&scratchHelpers) }
        for h in scratchHelpers {
            let first = tripItems.count
            for r in recipes {
                for f in setup.recipes[r].fetches where setup.fetches[f].holder == h {
                    tripItems.append(TripItem(recipe: Int32(r), fetch: Int32(f)))
                }
            }
            steps.append(JobStep(kind: .trip, first: Int32(first), end: Int32(tripItems.count)))
        }
        for r in recipes where setup.recipes[r].assembles > 0 {
            for k in 1...setup.recipes[r].assembles {
                steps.append(JobStep(kind: k == setup.recipes[r].assembles ? .finishAssembly : .assemble, recipe: Int32(r)))
            }
        }
    }

    /// The terms of the average time steps `range` of `steps` take player `p`, appended to
    /// `averageTerms`, each step's first one noted in it: its own actions and its teammates'
    /// service at their personas' average times, with no waiting, no misunderstanding and no wrong
    /// teammate (what a player can foresee). A step of several terms adds them one by one, so the
    /// sum of a program's suffix (``averageSeconds(remainingIn:)``) is the same double as adding
    /// its steps up afresh.
    mutating func appendAverageTerms(ofSteps range: Range<Int>, player p: Int) {
        for s in range {
            steps[s].firstTerm = Int32(averageTerms.count)
            let step = steps[s]
            switch step.kind {
            case .findPack: averageTerms.append(averages.ownItem[p])
            case .trip:
                let holder = setup.fetches[Int(tripItems[Int(step.first)].fetch)].holder
                for t in Int(step.first)..<Int(step.end) {
                    let kind = setup.items[Int(setup.fetches[Int(tripItems[t].fetch)].item)].kind
                    averageTerms.append(averages.askedItem(by: p, of: holder, kind: kind))
                }
                averageTerms.append(averages.trip(by: p, to: holder))
            case .assemble, .finishAssembly: averageTerms.append(averages.assemble[p])
            case .deliver: averageTerms.append(averages.pass[p])
            }
        }
    }

    /// What the rest of job `j`'s program, from its current step, takes its player on average.
    @inline(__always)
    func averageSeconds(remainingIn j: Int) -> Double {
        var total = 0.0
        for t in Int(steps[jobs[j].cursor].firstTerm)..<jobs[j].averageTerms.upperBound { total += averageTerms[t] }
        return total
    }

    /// What order `o`'s whole program takes `p` on average (the sum of its terms, as
    /// ``appendAverageTerms(ofSteps:player:)`` makes them), without making it: its steps in the
    /// program's order with the trips by ascending teammate, the order a player knows before it
    /// draws whom to visit first. Mutating though it changes nothing: called from a mutating
    /// method, a non-mutating one is handed a copy of the whole state (a memcpy per call).
    mutating func averageSeconds(ofOrder o: Int, player p: Int) -> Double {
        let recipes = setup.orders[o].recipes
        var total = 0.0
        var i = recipes.lowerBound
        while let batch = nextBatch(of: recipes, from: &i) { addAverageSeconds(ofBatch: batch, player: p, to: &total) }
        return total + averages.pass[p]  // the deliver step
    }

    /// The steps `appendBatch` makes, in its order: own items, trips by ascending teammate, assembles.
    private mutating func addAverageSeconds(ofBatch recipes: Range<Int>, player p: Int, to total: inout Double) {
        var helpers: UInt64 = 0
        for r in recipes {
            for f in setup.recipes[r].fetches {
                let holder = setup.fetches[f].holder
                if holder == p { total += averages.ownItem[p] } else { helpers |= 1 << UInt64(holder) }
            }
        }
        while helpers != 0 {
            let h = helpers.trailingZeroBitCount
            helpers &= helpers - 1
            for r in recipes {
                for f in setup.recipes[r].fetches where setup.fetches[f].holder == h {
                    let kind = setup.items[Int(setup.fetches[f].item)].kind
                    total += averages.askedItem(by: p, of: h, kind: kind)
                }
            }
            total += averages.trip(by: p, to: h)
        }
        for r in recipes where setup.recipes[r].assembles > 0 {
            for _ in 0..<setup.recipes[r].assembles { total += averages.assemble[p] }
        }
    }
}
