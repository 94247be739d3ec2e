import Foundation
import Generation
import Randomness

/// How long one player takes to fill one order (P4), and what ends up in the package.
///
/// The player packs the items from its own warehouse (find + pack each), then, teammate by
/// teammate, describes the items that teammate holds (describe, by kind), passes the package
/// over, waits while the teammate finds and packs them, and gets it back (pass each way); then
/// assembles what must be assembled (one Assemble per assembled item built, nested ones
/// included) and hands the package to the house (pass). With a package limit (G8) this is done
/// one assembled item at a time, costing extra trips; without, all at once.
///
/// A teammate helps when its hands are free: help queues behind the work it has already
/// reserved. A player's own hands are reserved for the time it actually works on the order, not
/// for the waits, so a persona with `ordersAtOnce` > 1 starts its next order while a package is
/// away. Each description may be misunderstood by the listener (its persona's chance for the
/// item's kind and group size): if the listener holds another item of the group it packs that
/// one, unnoticed, and the delivery will be wrong (an assembled item built from it is wrong
/// too); if not, the description is simply given again.
struct JobPlanner {
    let player: Int
    let start: Double
    /// Where this order's package begins in the round's package buffer.
    let packageStart: Int
    /// When the player's hands are next free for this order.
    var clock: Double
    /// When the package is back with the player.
    var packageBack: Double
    var handsWork = 0.0

    init(player: Int, start: Double, packageStart: Int) {
        self.player = player
        self.start = start
        self.packageStart = packageStart
        clock = start
        packageBack = start
    }

    /// Gets the items of `recipes` (a range of `setup.recipes`) into the package: own items, one
    /// trip per teammate, assembly.
    mutating func gather(
        _ recipes: Range<Int>, team: [Persona], setup: RoundSetup, packages: inout [Int32], handsFree: inout [Double],
        random: inout RandomSource
    ) {
        let me = team[player]
        clock = max(clock, packageBack)
        // What each recipe puts in the package, until a misunderstanding changes it.
        let base = packages.count - recipes.lowerBound
        for r in recipes { packages.append(setup.recipes[r].item) }
        for r in recipes {
            for f in setup.recipes[r].fetches where setup.fetches[f].holder == player { work(me.findSeconds + me.packSeconds, me, &random) }
        }
        for helper in team.indices where helper != player {
            var count = 0
            for r in recipes {
                for f in setup.recipes[r].fetches where setup.fetches[f].holder == helper {
                    count += 1
                    let item = setup.fetches[f].item
                    let kind = setup.items[Int(item)].kind
                    let describe = me.describeSeconds[kind]
                    work(describe, me, &random)
                    guard random.chance(team[helper].misunderstanding(kind, groupSize: setup.groupSize(of: item))) else { continue }
                    if let wrong = Self.confusable(with: item, heldBy: helper, setup, &random) {
                        packages[base + r] = setup.recipes[r].assembles > 0 ? RoundSetup.strayItem : wrong
                    } else {
                        work(describe, me, &random)  // "no, the other one": said again
                    }
                }
            }
            guard count > 0 else { continue }
            let other = team[helper]
            let arrives = clock + me.passSeconds * Self.noise(me, &random)
            let helpStarts = max(arrives, handsFree[helper])
            let helpEnds = helpStarts + Double(count) * (other.findSeconds + other.packSeconds) * Self.noise(other, &random)
            handsFree[helper] = helpEnds
            packageBack = helpEnds + other.passSeconds * Self.noise(other, &random)
            clock = packageBack
        }
        var assembles = 0
        for r in recipes { assembles += setup.recipes[r].assembles }
        if assembles > 0 {
            clock = max(clock, packageBack)
            work(Double(assembles) * me.assembleSeconds, me, &random)
        }
    }

    /// When the package reaches the house, and where it is in `packages` (sorted there).
    mutating func finish(
        team: [Persona], packages: inout [Int32], handsFree: inout [Double], random: inout RandomSource
    ) -> (deliverAt: Double, package: Range<Int>) {
        let me = team[player]
        let deliverAt = max(clock, packageBack) + me.passSeconds * Self.noise(me, &random)
        handsFree[player] = max(handsFree[player], start + handsWork)
        RoundSetup.insertionSort(&packages, from: packageStart) { $0 < $1 }
        return (deliverAt, packageStart..<packages.count)
    }

    /// Another item of `item`'s group that `holder` has, drawn uniformly; nil when there is none.
    private static func confusable(with item: Int32, heldBy holder: Int, _ setup: RoundSetup, _ random: inout RandomSource) -> Int32? {
        let group = setup.items[Int(item)].group
        guard group >= 0 else { return nil }
        var candidates = 0
        for (m, info) in setup.items.enumerated() where info.group == group && info.holder == holder && m != Int(item) { candidates += 1 }
        guard candidates > 0 else { return nil }
        var pick = random.uniform(below: candidates)
        for (m, info) in setup.items.enumerated() where info.group == group && info.holder == holder && m != Int(item) {
            if pick == 0 { return Int32(m) }
            pick -= 1
        }
        return nil
    }

    private mutating func work(_ seconds: Double, _ persona: Persona, _ random: inout RandomSource) {
        let t = seconds * Self.noise(persona, &random)
        clock += t
        handsWork += t
    }

    /// A log-normal factor with mean 1: exp(σZ − σ²/2), Z standard normal (Box–Muller).
    private static func noise(_ persona: Persona, _ random: inout RandomSource) -> Double {
        let sigma = persona.timeSpread
        guard sigma > 0 else { return 1 }
        let u1 = 1 - random.unit()  // (0, 1]
        let u2 = random.unit()
        let z = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
        return exp(sigma * z - sigma * sigma / 2)
    }
}
