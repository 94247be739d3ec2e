/// The draws every game uses. Each consumes the generator in a way fixed by this file, so a
/// seed gives the same draws on every platform and Swift version.
extension RandomSource {
    /// Uniform in `0..<n`, without bias, by Lemire's multiply-and-reject method ("Fast random
    /// integer generation in an interval", 2019): one multiplication per draw, and a division
    /// only in the rare case the draw falls in the biased zone.
    ///
    /// - Precondition: `n > 0` (callers check their inputs; an empty range is a programming error).
    @inlinable @inline(__always)
    public mutating func uniform(below n: Int) -> Int {
        precondition(n > 0, "uniform(below:) needs a positive bound")
        let bound = UInt64(n)
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return Int(product.high)
    }

    /// Uniform in [0, 1): the top 53 bits of a draw, so every value is a multiple of 2^-53.
    @inlinable @inline(__always)
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// Uniform in `range`, as `lower + unit() × (upper − lower)`. The upper bound itself has
    /// probability zero (as with any continuous draw); a range of one point returns that point.
    @inlinable
    public mutating func uniform(in range: ClosedRange<Double>) -> Double {
        let width = range.upperBound - range.lowerBound
        guard width > 0 else { return range.lowerBound }
        return min(range.lowerBound + unit() * width, range.upperBound)
    }

    /// True with probability `p` (false for p ≤ 0 or NaN, true for p ≥ 1). Always consumes one
    /// draw, so later draws do not depend on `p`.
    @inlinable
    public mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// Fisher–Yates from the back, each swap partner drawn with ``uniform(below:)``.
    @inlinable
    public mutating func shuffle<C: MutableCollection & RandomAccessCollection>(_ elements: inout C) where C.Index == Int {
        var i = elements.endIndex - 1
        while i > elements.startIndex {
            let j = elements.startIndex + uniform(below: i - elements.startIndex + 1)
            elements.swapAt(i, j)
            i -= 1
        }
    }

    /// ``shuffle(_:)`` of `array[range]` in place: the same draws and the same permutation as
    /// shuffling those elements as an array of their own.
    @inlinable
    public mutating func shuffle<T>(_ array: inout [T], in range: Range<Int>) {
        var i = range.upperBound - 1
        while i > range.lowerBound {
            let j = range.lowerBound + uniform(below: i - range.lowerBound + 1)
            array.swapAt(i, j)
            i -= 1
        }
    }

    /// Moves a uniformly random `k`-subset of `elements` to its front, in random order (a
    /// partial Fisher–Yates from the front): `k` draws, whatever the count. All of them when
    /// `k ≥ count`, still in random order.
    @inlinable
    public mutating func choosePrefix<C: MutableCollection & RandomAccessCollection>(_ k: Int, of elements: inout C) where C.Index == Int {
        let count = elements.count
        let start = elements.startIndex
        let take = min(max(k, 0), count)
        var i = 0
        while i < take {
            let j = i + uniform(below: count - i)
            if j != i { elements.swapAt(start + i, start + j) }
            i += 1
        }
    }

    /// The positions ``choosePrefix(_:of:)`` would move to the front of a collection of `count`
    /// elements, in order: the same draws and the same subset, in time and memory proportional to
    /// `k` rather than `count` (the swaps are remembered, not made), so a few draws from a
    /// list of a million cost a few steps.
    public mutating func choosePrefixPositions(_ k: Int, ofCount count: Int) -> [Int] {
        let take = min(max(k, 0), max(count, 0))
        var chosen: [Int] = []
        chosen.reserveCapacity(take)
        // Position p holds moved[p] after the swaps so far, or p itself when it never moved.
        var moved: [Int: Int] = [:]
        var i = 0
        while i < take {
            let j = i + uniform(below: count - i)
            let atJ = moved[j] ?? j
            if j != i { moved[j] = moved[i] ?? i }
            chosen.append(atJ)
            i += 1
        }
        return chosen
    }
}
