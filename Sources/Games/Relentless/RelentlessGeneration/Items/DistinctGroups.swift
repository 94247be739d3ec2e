import Randomness

/// G2 over items: distinct groups of a category, never enumerating a large one (C3).
extension PreparedDesign {
    /// G2 for one category: appends the items of `k` distinct groups chosen uniformly among the
    /// category's groups, or of all of them when it has `k` or fewer (C3: an assembled
    /// category has one group per item, so its distinct groups are distinct items; all of them
    /// are listed only when the count is small, which is known without big integers).
    ///
    /// The k items are a uniform k-subset of the category's distinct items (C3: a multiset of
    /// repeated parts is one item): for a small category, k distinct indices decoded by the
    /// bijection ``item(of:at:)``; for a large one, items drawn by ``sampleItem(of:using:)``,
    /// uniform over the distinct items, and redrawn when already taken.
    ///
    /// Returns how many groups it could not find: distinct items of a large assembled category are
    /// drawn by rejection with at most `64 × k + 64` draws, which in practice is never short
    /// (a large category has more than 2^16 items and k is at most 10,000).
    func appendItemsOfDistinctGroups(
        of category: Int, count k: Int, into ids: inout [ItemID], items: inout RoundItems, using random: inout RandomSource
    ) -> Int {
        // The table's fields are read in place: a copy of the table would retain each of its arrays.
        if tables[category].isAtomic {
            let groups = tables[category].groupCount
            let groupStarts = tables[category].groupStarts
            let offset = atomicOffsets[category]
            withDistinctIndices(k, below: groups, using: &random) { chosen in
                for g in chosen {
                    for index in groupStarts[g]..<groupStarts[g + 1] { ids.append(ItemID(atomicKey: offset + index)) }
                }
            }
            return 0
        }
        if let count = tables[category].smallCount {
            withDistinctIndices(k, below: count, using: &random) { chosen in
                for index in chosen { ids.append(item(of: category, at: index, into: &items)) }
            }
            return 0
        }
        // Interned ids are equal exactly when the items are (C3), so ids are what is compared.
        let start = ids.count
        var attempts = 0
        let maxAttempts = 64 * k + 64
        var seen: Set<ItemID> = k > 16 ? Set(minimumCapacity: k) : []
        while ids.count - start < k, attempts < maxAttempts {
            attempts += 1
            let candidate = sampleItem(of: category, into: &items, using: &random)
            if k > 16 {
                guard seen.insert(candidate).inserted else { continue }
            } else if ids[start...].contains(candidate) {
                continue
            }
            ids.append(candidate)
        }
        return k - (ids.count - start)
    }
}

extension PreparedDesign {
    /// ``distinctIndices(_:below:using:)``'s indices, the same draws, handed to `body` in a
    /// buffer of the stack's (no allocation: G2 asks for a few every round); sorted ascending
    /// first when `sorted`.
    func withDistinctIndices<R>(
        _ k: Int, below n: Int, sorted: Bool = false, using random: inout RandomSource, _ body: (UnsafeBufferPointer<Int>) -> R
    ) -> R {
        guard k <= 64 || k >= n else {
            let indices = distinctIndices(k, below: n, using: &random)
            return (sorted ? indices.sorted() : indices).withUnsafeBufferPointer(body)
        }
        let count = k < n ? max(k, 0) : max(n, 0)
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: max(count, 1)) { buffer in
            var chosen = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
            if k >= n {
                for i in 0..<count { chosen[i] = i }
            } else if k > 0 {
                // Floyd's algorithm; with k ≤ 64, membership is a scan of the picks so far.
                var made = 0
                for j in (n - k)..<n {
                    let t = random.uniform(below: j + 1)
                    chosen[made] = chosen[0..<made].contains(t) ? j : t
                    made += 1
                }
            }
            if sorted { chosen.insertionSort(from: 0, by: <) }
            return body(UnsafeBufferPointer(chosen))
        }
    }

    /// A uniformly random `k`-subset of `0..<n` (all of `0..<n`, in order, when k ≥ n), by
    /// Floyd's algorithm: exactly k draws, whatever n. Up to 64 it is
    /// ``withDistinctIndices(_:below:sorted:using:_:)``'s; above, membership is a set.
    func distinctIndices(_ k: Int, below n: Int, using random: inout RandomSource) -> [Int] {
        guard k > 64, k < n else { return withDistinctIndices(k, below: n, using: &random) { Array($0) } }
        var chosen: [Int] = []
        chosen.reserveCapacity(k)
        var set = Set<Int>(minimumCapacity: k)
        for j in (n - k)..<n {
            let t = random.uniform(below: j + 1)
            let pick = set.contains(t) ? j : t
            chosen.append(pick)
            set.insert(pick)
        }
        return chosen
    }
}
