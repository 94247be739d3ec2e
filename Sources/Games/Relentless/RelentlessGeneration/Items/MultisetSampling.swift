import Randomness

/// Uniform multisets of a part category's items (C3), for ``PreparedDesign/sampleItem(of:using:)``.
extension PreparedDesign {
    /// k items of the group's part category (k ≥ 2), uniform over the C(n + k − 1, k) multisets
    /// of its n distinct items, in no particular order.
    ///
    /// - n known exactly (an atomic category, or an assembled one of at most
    ///   ``smallCountLimit`` items): stars and bars. A uniform k-subset b₁ < … < b_k of
    ///   `0..<(n + k − 1)` (Floyd's algorithm, k draws) maps one to one onto the multiset
    ///   a_i = b_i − (i − 1) of ranks in `0..<n`, each decoded with ``item(of:at:)``.
    /// - n larger: the number j of distinct items is drawn first, with probability
    ///   C(n, j) · C(k − 1, j − 1) / C(n + k − 1, k) (``Multisets/distinctCountCumulative(logN:choosing:)``,
    ///   in double precision: see there); then j distinct items, each a uniform item of the part
    ///   category, redrawn when already taken (n > 2^16 ≥ k ≥ j, so each draw is new with
    ///   probability above 1 − j/n, and the j items are a uniform j-subset); then their
    ///   multiplicities, a uniform composition of k into j positive parts (j − 1 distinct cut
    ///   points among the k − 1 gaps). A multiset with j distinct items is exactly one choice of
    ///   items and one composition, so given j every such multiset is equally likely, and the
    ///   distribution of j makes the whole uniform. Exact but for that distribution.
    func drawMultiset(_ group: CategoryTable.PartGroup, using random: inout RandomSource) -> [Item] {
        let part = Int(group.category)
        if let n = tables[part].smallCount {
            return multisetByStarsAndBars(of: part, count: n, choosing: group.k, using: &random)
        }
        return multisetByDistinctCount(of: part, choosing: group.k, cumulative: group.distinctCountCumulative, using: &random)
    }

    /// Stars and bars over a part category of exactly `n` items (see ``drawMultiset(_:using:)``).
    func multisetByStarsAndBars(of part: Int, count n: Int, choosing k: Int, using random: inout RandomSource) -> [Item] {
        guard n > 0 else { return [] }
        let bars = distinctIndices(k, below: n + k - 1, using: &random).sorted()
        return bars.enumerated().map { item(of: part, at: $1 - $0) }
    }

    /// The number of distinct items, the items, their multiplicities (see ``drawMultiset(_:using:)``).
    /// `cumulative` is ``Multisets/distinctCountCumulative(logN:choosing:)`` for the part
    /// category's count n, which must be at least k.
    func multisetByDistinctCount(
        of part: Int, choosing k: Int, cumulative: [Double], using random: inout RandomSource
    ) -> [Item] {
        let j = min(distinctCount(cumulative, using: &random), k)
        var chosen: [Item] = []
        chosen.reserveCapacity(j)
        var seen: Set<Item> = j > 16 ? Set(minimumCapacity: j) : []
        while chosen.count < j {
            let candidate = sampleItem(of: part, using: &random)
            if j > 16 {
                guard seen.insert(candidate).inserted else { continue }
            } else if chosen.contains(candidate) {
                continue
            }
            chosen.append(candidate)
        }
        let cuts = distinctIndices(j - 1, below: k - 1, using: &random).map { $0 + 1 }.sorted() + [k]
        var items: [Item] = []
        items.reserveCapacity(k)
        var previous = 0
        for (item, cut) in zip(chosen, cuts) {
            for _ in previous..<cut { items.append(item) }
            previous = cut
        }
        return items
    }

    /// j in 1…k drawn against cumulative weights (index j − 1; the last is the total).
    private func distinctCount(_ cumulative: [Double], using random: inout RandomSource) -> Int {
        guard let total = cumulative.last, cumulative.count > 1 else { return 1 }
        let u = random.unit() * total
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] > u { high = mid } else { low = mid + 1 }
        }
        return low + 1
    }
}
