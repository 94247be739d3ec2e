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
    ///
    /// The items are written into the leaves of an item drawn from `offset` on, the i-th in the
    /// group's i-th slot (`parts`: the drawn item's category's parts), each canonical.
    func drawMultiset(
        _ group: CategoryTable.PartGroup, into leaves: inout [UInt32], offset: Int, parts: [CategoryTable.Part],
        using random: inout RandomSource
    ) {
        let part = Int(group.category)
        if let n = tables[part].smallCount {
            starsAndBars(count: n, choosing: group.k, using: &random) { position, rank in
                writeCanonicalItem(of: part, at: rank, into: &leaves, offset: offset + parts[group.slots[position]].leafStart)
            }
            return
        }
        let items = multisetByDistinctCount(of: part, choosing: group.k, cumulative: group.distinctCountCumulative, using: &random)
        for (slot, item) in zip(group.slots, items) { write(item, into: &leaves, at: offset + parts[slot].leafStart) }
    }

    /// Stars and bars over a part category of exactly `n` items (see
    /// ``drawMultiset(_:into:offset:parts:using:)``): each of the k ranks, ascending, with its
    /// position, handed to `body`; none when n is 0.
    func starsAndBars(count n: Int, choosing k: Int, using random: inout RandomSource, _ body: (_ position: Int, _ rank: Int) -> Void) {
        guard n > 0 else { return }
        withDistinctIndices(k, below: n + k - 1, sorted: true, using: &random) { bars in
            for (position, bar) in bars.enumerated() { body(position, bar - position) }
        }
    }

    /// ``starsAndBars(count:choosing:using:_:)``'s multiset as items of `part`.
    func multisetByStarsAndBars(of part: Int, count n: Int, choosing k: Int, using random: inout RandomSource) -> [Item] {
        var items: [Item] = []
        starsAndBars(count: n, choosing: k, using: &random) { _, rank in items.append(item(of: part, at: rank)) }
        return items
    }

    /// The number of distinct items, the items, their multiplicities (see ``drawMultiset(_:into:offset:parts:using:)``).
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
