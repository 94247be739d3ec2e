import Randomness

/// Drawing items without enumerating their categories (C3).
extension PreparedDesign {
    /// A uniformly random item of `category`, uniform over its distinct items (C3: repeated parts
    /// form a multiset, so a car with wheels Round and Square is one item, not two). The part
    /// groups of an assembled category are independent, and each draws a uniform multiset of
    /// k items of its part category (see ``drawMultiset(_:into:offset:parts:using:)``). The cost is about one
    /// draw per atomic part.
    public func sampleItem(of category: Int, using random: inout RandomSource) -> Item {
        if tables[category].isAtomic {
            return Item(category: category, index: random.uniform(below: max(tables[category].groupStarts.last ?? 0, 1)))
        }
        var leaves = [UInt32](repeating: 0, count: tables[category].leafCategories.count)
        drawLeaves(of: category, into: &leaves, offset: 0, using: &random)
        canonicalize(&leaves, category: category)
        return Item(category: Int32(category), leaves: leaves)
    }

    /// ``sampleItem(of:using:)`` into a round's items: the same draws, the item's leaves written
    /// straight into `items` and interned, so nothing is allocated.
    func sampleItem(of category: Int, into items: inout RoundItems, using random: inout RandomSource) -> ItemID {
        if tables[category].isAtomic {
            return ItemID(atomicKey: atomicOffsets[category] + random.uniform(below: max(tables[category].groupStarts.last ?? 0, 1)))
        }
        let start = items.beginAssembled(category: category)
        drawLeaves(of: category, into: &items.leaves, offset: start, using: &random)
        canonicalize(&items.leaves, category: category, offset: start)
        return items.endAssembled(category: category, start: start)
    }

    /// Draws the leaves of a `category` item from `offset` on, not yet canonical: first the
    /// multisets of the groups of several parts, in order; then each single part, the last
    /// first, depth first. The order of draws is part of what a seed means: another order would
    /// draw other items from every seed. Recursion is as deep as the item's nesting (C4).
    private func drawLeaves(of category: Int, into leaves: inout [UInt32], offset: Int, using random: inout RandomSource) {
        if tables[category].isAtomic {
            let n = tables[category].groupStarts.last ?? 0
            leaves[offset] = UInt32(truncatingIfNeeded: n > 0 ? random.uniform(below: n) : 0)
            return
        }
        let groups = tables[category].partGroups
        let parts = tables[category].parts
        for group in groups where group.k > 1 {
            drawMultiset(group, into: &leaves, offset: offset, parts: parts, using: &random)
        }
        for group in groups.reversed() where group.k == 1 {
            drawLeaves(of: Int(group.category), into: &leaves, offset: offset + parts[group.slots[0]].leafStart, using: &random)
        }
    }

    /// Item number `index` of a category whose count is small (``smallItemCount(of:)``): a
    /// bijection from `0..<count` onto the category's distinct items. The part groups are the
    /// digits of a mixed-radix number, the last group least significant, each of radix
    /// C(n + k − 1, k); a digit is the rank of the group's multiset of part ranks
    /// (``Multisets/unrank(_:of:choosing:)``), and each part rank is decoded the same way.
    func item(of category: Int, at index: Int) -> Item {
        if tables[category].isAtomic { return Item(category: category, index: index) }
        var leaves = [UInt32](repeating: 0, count: tables[category].leafCategories.count)
        writeCanonicalItem(of: category, at: index, into: &leaves, offset: 0)
        return Item(category: Int32(category), leaves: leaves)
    }

    /// ``item(of:at:)`` into a round's items, interned.
    func item(of category: Int, at index: Int, into items: inout RoundItems) -> ItemID {
        if tables[category].isAtomic { return ItemID(atomicKey: atomicOffsets[category] + index) }
        let start = items.beginAssembled(category: category)
        writeCanonicalItem(of: category, at: index, into: &items.leaves, offset: start)
        return items.endAssembled(category: category, start: start)
    }

    /// The canonical leaves of ``item(of:at:)`` (its index, for an atomic category) written from
    /// `offset` on: copied from ``decodedItems`` when the category's items were decoded at
    /// preparation, decoded and sorted here otherwise.
    @inline(__always)
    func writeCanonicalItem(of category: Int, at index: Int, into leaves: inout [UInt32], offset: Int) {
        if decodedItems.starts[category] >= 0 {
            decodedItems.copy(category: category, item: index, width: Int(leafCounts[category]), into: &leaves, at: offset)
            return
        }
        Self.writeItem(of: category, at: index, into: &leaves, offset: offset, tables, decoded: decodedItems)
        Self.canonicalize(&leaves, category: category, offset: offset, tables)
    }

    /// The leaves of item number `index` of a small category, written from `offset` on, not yet
    /// canonical. Recursion is as deep as the item's nesting (C4); the parts' slices of the
    /// leaves are disjoint, so the order they are written in does not matter. Nothing is
    /// allocated. A part whose category is among `decoded` (``decodedItems``) is copied from
    /// there, canonical, which the canonical sort then leaves as it is. Static, over the tables, so
    /// that preparing a design can decode its small categories before it is whole.
    static func writeItem(
        of category: Int, at index: Int, into leaves: inout [UInt32], offset: Int, _ tables: [CategoryTable], decoded: DecodedItems
    ) {
        if tables[category].isAtomic {
            leaves[offset] = UInt32(truncatingIfNeeded: index)
            return
        }
        if decoded.starts[category] >= 0 {
            decoded.copy(category: category, item: index, width: tables[category].leafCategories.count, into: &leaves, at: offset)
            return
        }
        let groups = tables[category].partGroups
        let parts = tables[category].parts
        var rest = index
        for group in groups.reversed() {
            let radix = max(group.smallCombinations ?? 1, 1)
            let digit = rest % radix
            rest /= radix
            let part = Int(group.category)
            if group.k == 1 {
                writeItem(of: part, at: digit, into: &leaves, offset: offset + parts[group.slots[0]].leafStart, tables, decoded: decoded)
                continue
            }
            let n = tables[part].smallCount ?? 0
            Multisets.unrank(digit, of: n, choosing: group.k) { position, partRank in
                writeItem(
                    of: part, at: partRank, into: &leaves, offset: offset + parts[group.slots[position]].leafStart, tables,
                    decoded: decoded)
            }
        }
    }

    /// Writes a canonical part item's leaves (or its index, when atomic) at `start`.
    func write(_ part: Item, into leaves: inout [UInt32], at start: Int) {
        if let index = part.index {
            leaves[start] = UInt32(truncatingIfNeeded: index)
        } else {
            leaves.replaceSubrange(start..<(start + part.leaves.count), with: part.leaves)
        }
    }
}
