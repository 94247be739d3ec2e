import Randomness

/// Drawing items without enumerating their categories (C3).
extension PreparedDesign {
    /// A uniformly random item of `category`, uniform over its distinct items (C3: repeated parts
    /// form a multiset, so a car with wheels Round and Square is one item, not two). The part
    /// groups of an assembled category are independent, and each draws a uniform multiset of
    /// k items of its part category (see ``drawMultiset(_:using:)``). The cost is about one
    /// draw per atomic part; the tree is walked with an explicit stack, not by recursion.
    public func sampleItem(of category: Int, using random: inout RandomSource) -> Item {
        // Tables are read field by field, never bound whole: a copy of a table retains and
        // releases each of its arrays, and an item is sampled per part of a large category.
        if tables[category].isAtomic {
            return Item(category: category, index: random.uniform(below: max(tables[category].groupStarts.last ?? 0, 1)))
        }
        var leaves = [UInt32](repeating: 0, count: tables[category].leafCategories.count)
        var pending = [(category: category, offset: 0)]
        while let (c, offset) = pending.popLast() {
            if tables[c].isAtomic {
                let n = tables[c].groupStarts.last ?? 0
                leaves[offset] = UInt32(truncatingIfNeeded: n > 0 ? random.uniform(below: n) : 0)
                continue
            }
            for group in tables[c].partGroups {
                let starts = group.slots.map { offset + tables[c].parts[$0].leafStart }
                if group.k == 1 {
                    pending.append((Int(group.category), starts[0]))
                    continue
                }
                for (start, part) in zip(starts, drawMultiset(group, using: &random)) {
                    write(part, into: &leaves, at: start)
                }
            }
        }
        canonicalize(&leaves, category: category)
        return Item(category: Int32(category), leaves: leaves)
    }

    /// Item number `index` of a category whose count is small (``smallItemCount(of:)``): a
    /// bijection from `0..<count` onto the category's distinct items. The part groups are the
    /// digits of a mixed-radix number, the last group least significant, each of radix
    /// C(n + k − 1, k); a digit is the rank of the group's multiset of part ranks
    /// (``Multisets/unrank(_:of:choosing:)``), and each part rank is decoded the same way.
    func item(of category: Int, at index: Int) -> Item {
        if tables[category].isAtomic { return Item(category: category, index: index) }
        var leaves = [UInt32](repeating: 0, count: tables[category].leafCategories.count)
        writeItem(of: category, at: index, into: &leaves, offset: 0)
        canonicalize(&leaves, category: category)
        return Item(category: Int32(category), leaves: leaves)
    }

    /// The leaves of item number `index` of a small category, written from `offset` on, not yet
    /// canonical. An explicit stack walks the tree.
    private func writeItem(of category: Int, at index: Int, into leaves: inout [UInt32], offset: Int) {
        var pending = [(category: category, offset: offset, rank: index)]
        while let (c, start, rank) = pending.popLast() {
            let table = tables[c]
            if table.isAtomic {
                leaves[start] = UInt32(truncatingIfNeeded: rank)
                continue
            }
            var rest = rank
            for group in table.partGroups.reversed() {
                let radix = max(group.smallCombinations ?? 1, 1)
                let digit = rest % radix
                rest /= radix
                let n = tables[Int(group.category)].smallCount ?? 0
                let ranks = group.k == 1 ? [digit] : Multisets.unrank(digit, of: n, choosing: group.k)
                for (slot, partRank) in zip(group.slots, ranks) {
                    pending.append((Int(group.category), start + table.parts[slot].leafStart, partRank))
                }
            }
        }
    }

    /// Writes a canonical part item's leaves (or its index, when atomic) at `start`.
    private func write(_ part: Item, into leaves: inout [UInt32], at start: Int) {
        if let index = part.index {
            leaves[start] = UInt32(truncatingIfNeeded: index)
        } else {
            leaves.replaceSubrange(start..<(start + part.leaves.count), with: part.leaves)
        }
    }
}
