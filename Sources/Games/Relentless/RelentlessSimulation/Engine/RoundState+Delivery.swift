import EngineBuffers
import Relentless

/// P5: a package handed to a house.
extension RoundState {
    /// True when `package` equals, as a multiset, an active order of `player` at `house`.
    @inline(__always)
    func matchesExactly(_ package: Slice<EngineBuffer<Int32>>, player: Int, house: Int) -> Bool {
        activeSlots(of: player).contains {
            let o = active[$0]
            return setup.orders[o].house == house && differences(package, setup.orderItems[setup.orders[o].items]) == 0
        }
    }

    /// P5: the house's active order with the fewest differences from the package (ties: the least
    /// time left) is removed; correct if equal as multisets. Nothing happens when the house has
    /// no active order.
    mutating func deliver(_ package: Slice<EngineBuffer<Int32>>, player: Int, house: Int, at now: Double) {
        var best = -1
        var bestDifferences = Int.max
        var bestLeft = Int.max
        let tick = Int(now.rounded(.down))
        for i in activeSlots(of: player) {
            let o = active[i]
            guard setup.orders[o].house == house else { continue }
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
    @inline(__always)
    func differences(_ package: Slice<EngineBuffer<Int32>>, _ order: Slice<EngineBuffer<Int32>>) -> Int {
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
}
