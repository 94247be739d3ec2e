import EngineBuffers

/// Per-player lists held in one flat buffer: player `p`'s stretch starts at
/// `setup.ordersOfPlayer[p].lowerBound` and holds at most its orders, each ascending. `active`
/// holds active orders this way (`activeCount[p]` of them), `openJobs` open jobs (`jobsInHand[p]`:
/// a job is one of the player's orders). Players' orders are numbered one player after the other,
/// so the stretches in player order are every entry ascending, as one sorted list was.
extension RoundState {
    /// The slots of `active` that hold player `p`'s active orders, ascending.
    @inline(__always)
    func activeSlots(of p: Int) -> Range<Int> {
        let first = setup.ordersOfPlayer[p].lowerBound
        return first..<(first + activeCount[p])
    }

    /// The slots of `openJobs` that hold player `p`'s open jobs, ascending.
    @inline(__always)
    func openJobSlots(of p: Int) -> Range<Int> {
        let first = setup.ordersOfPlayer[p].lowerBound
        return first..<(first + jobsInHand[p])
    }
}

extension EngineBuffer where Element == Int {
    /// Removes `value` from `stretch`, the entries after it moving down one slot (the caller
    /// shortens the stretch); false when the stretch does not hold it.
    @inline(__always)
    mutating func remove(_ value: Int, fromStretch stretch: Range<Int>) -> Bool {
        var i = stretch.lowerBound
        while i < stretch.upperBound && self[i] != value { i += 1 }
        guard i < stretch.upperBound else { return false }
        while i + 1 < stretch.upperBound {
            self[i] = self[i + 1]
            i += 1
        }
        return true
    }
}
