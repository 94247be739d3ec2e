/// Multisets of k items drawn from n (C3: a category whose `parts` name one category k times
/// holds a multiset of k of its items, because the original app sorts an assembled item's parts,
/// `AssembledItem.parts`, so swapping two parts of one category gives the same item).
///
/// ```swift
/// Multisets.count(3, choosing: 2, cap: 1 << 16)   // 6: {00, 01, 02, 11, 12, 22}
/// Multisets.unrank(4, of: 3, choosing: 2)         // [1, 2]: the fifth of them in that order
/// ```
///
/// Plain integers only, never trapping: counts saturate at a cap.
enum Multisets {
    /// min(C(n + k − 1, k), cap) for n, k ≥ 0 and cap ≥ 1: 1 for k = 0, 0 for n = 0 < k.
    ///
    /// Walks the shorter side of C(n + k − 1, k) = C(n + k − 1, n − 1), each step an exact
    /// division of the running binomial (C(m, i) · (m − i) / (i + 1) = C(m, i + 1)) taken in
    /// double width. The running value only grows on that side, so it stops at the first value
    /// past the cap.
    static func count(_ n: Int, choosing k: Int, cap: Int) -> Int {
        guard k > 0 else { return min(1, cap) }
        guard n > 0 else { return 0 }
        let (top, overflow) = n.addingReportingOverflow(k - 1)
        guard !overflow else { return cap }
        let steps = min(k, n - 1)
        var value: UInt = 1
        var i = 0
        while i < steps {
            let (high, low) = value.multipliedFullWidth(by: UInt(top - i))
            let divisor = UInt(i + 1)
            guard high < divisor else { return cap }  // the quotient needs more than 64 bits
            let (quotient, _) = divisor.dividingFullWidth((high, low))
            guard quotient <= UInt(cap) else { return cap }
            value = quotient
            i += 1
        }
        return Int(value)
    }

    /// The multiset of rank `rank` among the multisets of k elements of `0..<n`, as a
    /// non-decreasing array, ranks running over the arrays in lexicographic order (rank 0 is all
    /// zeros). `rank` must be below ``count(_:choosing:cap:)`` with no cap reached; the cost is
    /// at most n + k counts of sub-multisets, each no larger than that count.
    static func unrank(_ rank: Int, of n: Int, choosing k: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(k)
        unrank(rank, of: n, choosing: k) { _, value in result.append(value) }
        return result
    }

    /// ``unrank(_:of:choosing:)`` without the array: `body(position, value)` for each of the k
    /// values in order, so decoding an item's parts allocates nothing.
    @inline(__always)
    static func unrank(_ rank: Int, of n: Int, choosing k: Int, _ body: (Int, Int) -> Void) {
        var rest = rank
        var value = 0
        for position in 0..<k {
            let remaining = k - position - 1
            // Multisets of the remaining positions whose values start at `value`: those that
            // put `value` here. Skip whole blocks until the rank falls inside one.
            switch remaining {
            case 0:
                // Blocks of one: the rank is the step, up to the last value.
                let step = min(rest, max(0, n - 1 - value))
                value += step
                rest -= step
            case 1:
                // A block is C(n − value, 1) = n − value: the count without its divisions.
                while rest >= n - value, value < n - 1 {
                    rest -= n - value
                    value += 1
                }
            default:
                var block = count(n - value, choosing: remaining, cap: .max)
                while rest >= block, value < n - 1 {
                    rest -= block
                    value += 1
                    block = count(n - value, choosing: remaining, cap: .max)
                }
            }
            body(position, value)
        }
    }
}
