import EngineBuffers
import Relentless

/// P3, satisfaction draining once a second by one unit per active order, and P7's end on the
/// tick a satisfaction reaches the minimum.
///
/// With a positive unit (the usual case) a player is drained lazily: only when something is
/// about to read or change its satisfaction or its count of active orders (``catchUp(_:)``,
/// before a time-out, a delivery, an arrival, the round's outcome), or when the clock passes the
/// last tick on which it surely stays above the minimum (`safeThrough`, ``safeTicks(_:orders:unit:minimum:)``),
/// when it is drained exactly, tick by tick, to find the tick on which it runs out. Between
/// those, its satisfaction is what it was at `playerDrainedThrough[p]`: above the minimum then
/// and still, so ``satisfactionRanOut`` reads the same of it. Otherwise (a zero unit, the only
/// other one `check` accepts, or values outside its limits) every player is drained on every
/// tick (``drainOneTick()``).
extension RoundState {
    /// Moves the round's clock to `tick` (every tick after `drainedThrough` drained); true when a
    /// satisfaction reached the minimum (P7), `drainedThrough` then the first tick on which one did.
    mutating func advance(through tick: Int) -> Bool {
        guard drainsLazily else {
            while drainedThrough < tick {
                drainedThrough += 1
                if drainOneTick() { return true }
            }
            return false
        }
        guard drainedThrough < tick else { return false }
        guard leastSafeThrough < tick else {
            drainedThrough = tick
            return false
        }
        // The players who may run out by `tick`, drained exactly from where each was.
        let unit = parameters.satisfactionUnitDecrease
        var end = tick
        var ranOut = false
        for p in safeThrough.indices where safeThrough[p] < tick {
            let from = playerDrainedThrough[p]
            drainBefore[p] = satisfaction[p]
            let (s, ranOutAt) = drained(satisfaction[p], orders: activeCount[p], ticks: end - from, unit: unit)
            if let t = ranOutAt {
                if from + t < end {
                    // An earlier end: those drained before this player went too far. Rare (a
                    // round ends once): they are drained again from what they had.
                    end = from + t
                    for q in 0..<p where safeThrough[q] < tick {
                        let again = drained(drainBefore[q], orders: activeCount[q], ticks: end - playerDrainedThrough[q], unit: unit)
                        satisfaction[q] = clamp(again.0)
                    }
                }
                ranOut = true
            }
            satisfaction[p] = clamp(s)
        }
        drainedThrough = end
        for p in safeThrough.indices where safeThrough[p] < tick {
            playerDrainedThrough[p] = end
            if !ranOut { safeThrough[p] = safeBound(of: p) }  // no bound needed when the round ends
        }
        if !ranOut { leastSafeThrough = leastOfSafeThrough() }
        return ranOut
    }

    /// Drains player `p` through `drainedThrough`, before its satisfaction or its active orders
    /// are read or changed. It cannot run out on the way: it was drained exactly through every
    /// tick past `safeThrough[p]` (``advance(through:)``).
    @inline(__always)
    mutating func catchUp(_ p: Int) {
        guard drainsLazily else { return }
        let behind = drainedThrough - playerDrainedThrough[p]
        if behind > 0 && activeCount[p] > 0 {
            let (s, ranOutAt) = drained(satisfaction[p], orders: activeCount[p], ticks: behind, unit: parameters.satisfactionUnitDecrease)
            assert(ranOutAt == nil, "player \(p) ran out while drained lazily")
            satisfaction[p] = clamp(s)
        }
        playerDrainedThrough[p] = drainedThrough
    }

    /// After player `p`'s satisfaction or active orders changed (it was caught up first).
    @inline(__always)
    mutating func satisfactionChanged(_ p: Int) {
        guard drainsLazily else { return }
        let was = safeThrough[p]
        let bound = safeBound(of: p)
        safeThrough[p] = bound
        if bound <= leastSafeThrough {
            leastSafeThrough = bound
        } else if was == leastSafeThrough {
            leastSafeThrough = leastOfSafeThrough()  // it was the least and is no longer
        }
    }

    /// The least of `safeThrough` (a loop of its own: `min()` went through an iterator).
    @inline(__always)
    func leastOfSafeThrough() -> Int {
        var least = Int.max
        var p = 0
        while p < safeThrough.count {
            least = min(least, safeThrough[p])
            p += 1
        }
        return least
    }

    /// The last tick through which player `p`, drained through `playerDrainedThrough[p]`, surely
    /// stays above the minimum with its active orders; Int.max with none.
    @inline(__always)
    func safeBound(of p: Int) -> Int {
        guard activeCount[p] > 0 else { return .max }
        return playerDrainedThrough[p]
            + Self.safeTicks(satisfaction[p], orders: activeCount[p], unit: parameters.satisfactionUnitDecrease, minimum: minimum)
    }

    /// Ticks through which a satisfaction `s` losing `k` units of `unit` (positive) a tick surely
    /// stays above `minimum`, counted the way the engine subtracts: each subtraction rounds by at
    /// most 2^-53 of the largest value on the way (at most max(|s|, |minimum|) + k·unit), so after
    /// n ticks the value is at least s − n·k·(unit + 2^-53·largest). Twice that rounding, a margin
    /// of 2^-40 on the quotient and a tick less keep the bound below the true one; a bound beyond
    /// 2^50 ticks (a unit small beside the gap) is 2^50. No promise (0) where a value on the way
    /// is not a finite double: a range wider than the largest double, a loss that overflows.
    static func safeTicks(_ s: Double, orders k: Int, unit: Double, minimum: Double) -> Int {
        let gap = s - minimum
        guard gap > 0, gap.isFinite else { return 0 }
        let largest = max(abs(s), abs(minimum)) + Double(k) * unit
        let perTick = Double(k) * (unit + largest * 0x1p-52)
        let ticks = gap / perTick * (1 - 0x1p-40)
        guard ticks.isFinite else { return 0 }
        guard ticks < 0x1p50 else { return 1 << 50 }
        return max(0, Int(ticks) - 1)
    }

    /// `s` after `ticks` ticks of `orders` subtractions of `unit`, stopping after the first tick
    /// that leaves it at most the minimum (that tick's number, from 1, beside it).
    /// The usual counts of active orders have a loop each, their subtractions written out: a
    /// loop within the loop cost three times the subtractions.
    @inline(__always)
    func drained(_ start: Double, orders k: Int, ticks: Int, unit: Double) -> (Double, Int?) {
        var s = start
        var t = 0
        switch k {
        case 1:
            while t < ticks {
                s -= unit
                t += 1
                if reachedMinimum(s) { return (s, t) }
            }
        case 2:
            while t < ticks {
                s -= unit
                s -= unit
                t += 1
                if reachedMinimum(s) { return (s, t) }
            }
        case 3:
            while t < ticks {
                s -= unit
                s -= unit
                s -= unit
                t += 1
                if reachedMinimum(s) { return (s, t) }
            }
        default:
            while t < ticks {
                var i = k
                repeat {
                    s -= unit
                    i -= 1
                } while i > 0
                t += 1
                if reachedMinimum(s) { return (s, t) }
            }
        }
        return (s, nil)
    }

    /// Every player's satisfaction drops by `satisfactionUnitDecrease` for each of its active
    /// orders, one order after another as the rules say it (P3), so that the result is the
    /// same double as ticking. True when a satisfaction reached the minimum (P7): only the
    /// players drained are looked at, since the round would have ended before the tick had
    /// any other reached it.
    mutating func drainOneTick() -> Bool {
        let unit = parameters.satisfactionUnitDecrease
        var ranOut = false
        var p = 0
        while p < satisfaction.count {
            if activeCount[p] > 0 {
                // One tick's subtractions, one per active order (P3), then the clamp.
                let s = clamp(drained(satisfaction[p], orders: activeCount[p], ticks: 1, unit: unit).0)
                satisfaction[p] = s
                if reachedMinimum(s) { ranOut = true }
            }
            p += 1
        }
        return ranOut
    }

}
