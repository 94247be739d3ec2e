import Randomness

/// Drawing items without enumerating their categories (C3).
extension PreparedDesign {
    /// A uniformly random item of `category`. For an assembled category every leaf is drawn
    /// uniformly and independently, which is uniform over the Cartesian product of the parts'
    /// items (C3); the cost is one draw per atomic part.
    public func sampleItem(of category: Int, using random: inout RandomSource) -> Item {
        let table = tables[category]
        if table.isAtomic {
            return Item(category: category, index: random.uniform(below: max(table.groupStarts.last ?? 0, 1)))
        }
        var leaves = [UInt32](repeating: 0, count: table.leafSizes.count)
        for i in leaves.indices { leaves[i] = UInt32(truncatingIfNeeded: random.uniform(below: table.leafSizes[i])) }
        return Item(category: Int32(category), leaves: leaves)
    }

    /// Item number `index` of a category whose count is small (``smallItemCount(of:)``): the
    /// leaves read as a mixed-radix number, the last leaf least significant, so indices run
    /// over items in lexicographic order of their leaves.
    func item(of category: Int, at index: Int) -> Item {
        let table = tables[category]
        if table.isAtomic { return Item(category: category, index: index) }
        var rest = index
        var leaves = [UInt32](repeating: 0, count: table.leafSizes.count)
        var i = leaves.count - 1
        while i >= 0 {
            let size = table.leafSizes[i]
            leaves[i] = UInt32(truncatingIfNeeded: rest % size)
            rest /= size
            i -= 1
        }
        return Item(category: Int32(category), leaves: leaves)
    }

    /// G2 for one category: appends the items of `k` distinct groups chosen uniformly among the
    /// category's groups, or of all of them when it has `k` or fewer (C3: an assembled
    /// category has one group per item, so its distinct groups are distinct items; all of them
    /// are listed only when the count is small, which is known without big integers).
    ///
    /// Returns how many groups it could not find: distinct items of a large assembled category are
    /// drawn by rejection with at most `64 × k + 64` draws, which in practice is never short
    /// (a large category has more than 2^16 items and k is at most 10,000).
    func appendItemsOfDistinctGroups(
        of category: Int, count k: Int, into items: inout [Item], using random: inout RandomSource
    ) -> Int {
        let table = tables[category]
        if table.isAtomic {
            let groups = table.groupCount
            for g in distinctIndices(k, below: groups, using: &random) {
                for index in table.groupStarts[g]..<table.groupStarts[g + 1] {
                    items.append(Item(category: category, index: index))
                }
            }
            return 0
        }
        if let count = table.smallCount {
            for index in distinctIndices(k, below: count, using: &random) {
                items.append(item(of: category, at: index))
            }
            return 0
        }
        let start = items.count
        var attempts = 0
        let maxAttempts = 64 * k + 64
        var seen: Set<Item> = k > 16 ? Set(minimumCapacity: k) : []
        while items.count - start < k, attempts < maxAttempts {
            attempts += 1
            let candidate = sampleItem(of: category, using: &random)
            if k > 16 {
                guard seen.insert(candidate).inserted else { continue }
            } else if items[start...].contains(candidate) {
                continue
            }
            items.append(candidate)
        }
        return k - (items.count - start)
    }
}

extension PreparedDesign {
    /// A uniformly random `k`-subset of `0..<n` (all of `0..<n`, in order, when k ≥ n), by
    /// Floyd's algorithm: exactly k draws, whatever n.
    func distinctIndices(_ k: Int, below n: Int, using random: inout RandomSource) -> [Int] {
        guard k < n else { return Array(0..<max(n, 0)) }
        guard k > 0 else { return [] }
        var chosen: [Int] = []
        chosen.reserveCapacity(k)
        var set: Set<Int> = k > 64 ? Set(minimumCapacity: k) : []
        for j in (n - k)..<n {
            let t = random.uniform(below: j + 1)
            let taken = k > 64 ? set.contains(t) : chosen.contains(t)
            let pick = taken ? j : t
            chosen.append(pick)
            if k > 64 { set.insert(pick) }
        }
        return chosen
    }
}
