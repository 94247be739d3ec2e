/// Taking items apart and putting them together, through the category's shape (C3, G3).
extension PreparedDesign {
    /// The direct parts of an item, in the order of its category's `parts`, repeated parts of one
    /// category sorted among their slots (C3, the canonical order); empty for atomic items.
    public func parts(of item: Item) -> [Item] {
        guard !item.isAtomic else { return [] }
        return tables[item.category].parts.map { part in
            let slice = item.leaves[part.leafStart..<(part.leafStart + part.leafCount)]
            if tables[Int(part.category)].isAtomic {
                return Item(category: Int(part.category), index: Int(slice.first ?? 0))
            }
            return Item(category: part.category, leaves: Array(slice))
        }
    }

    /// G3: the atomic items an item is made of, taken apart recursively (repeats kept, depth
    /// first); the item itself when atomic. One step per atomic part.
    public func atomicParts(of item: Item) -> [Item] {
        guard !item.isAtomic else { return [item] }
        let categories = tables[item.category].leafCategories
        return item.leaves.indices.map { Item(category: Int(categories[$0]), index: Int(item.leaves[$0])) }
    }

    /// The assembled item of `category` made of `parts` (direct parts, in `parts` order, the
    /// parts of a repeated category in any order among their slots); nil when the category is
    /// atomic or a part is of the wrong category or not an item of this design. The result is
    /// canonical (C3): `[apple, round, square]` and `[apple, square, round]` give the same car.
    public func assemble(category: Int, parts: [Item]) -> Item? {
        guard tables.indices.contains(category), !tables[category].isAtomic else { return nil }
        let shape = tables[category].parts
        guard shape.count == parts.count else { return nil }
        var leaves: [UInt32] = []
        leaves.reserveCapacity(tables[category].leafCategories.count)
        for (slot, part) in zip(shape, parts) {
            guard part.category == Int(slot.category), isValid(part) else { return nil }
            if let index = part.index { leaves.append(UInt32(index)) } else { leaves += part.leaves }
        }
        canonicalize(&leaves, category: category)
        return Item(category: Int32(category), leaves: leaves)
    }

    /// Whether `item` is an item of this design: its category exists, every index is in range,
    /// and an assembled item is canonical (C3: repeated parts sorted, at every depth).
    public func isValid(_ item: Item) -> Bool {
        guard tables.indices.contains(item.category) else { return false }
        let table = tables[item.category]
        if let index = item.index { return table.isAtomic && index < (table.groupStarts.last ?? 0) }
        guard !table.isAtomic, item.leaves.count == table.leafSizes.count else { return false }
        return zip(item.leaves, table.leafSizes).allSatisfy { Int($0) < $1 } && isCanonical(item.leaves, category: item.category)
    }
}

/// What a player needs to know about an item to describe, find and build it (P4).
extension PreparedDesign {
    /// The group of an atomic item within its category (C3): items of one group are meant to be
    /// confused. Nil for assembled items, each of which is a group of its own.
    public func group(of item: Item) -> Int? {
        guard let index = item.index else { return nil }
        let starts = tables[item.category].groupStarts
        // Binary search for the last start <= index.
        var low = 0
        var high = starts.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= index { low = mid } else { high = mid }
        }
        return low
    }

    /// A number for each atomic item of the design, dense from 0: for keying atomic items
    /// cheaply. Nil for an assembled item.
    @inlinable
    public func atomicKey(of item: Item) -> Int? {
        guard let index = item.index else { return nil }
        return atomicOffsets[item.category] + index
    }

    /// The atomic key (``atomicKey(of:)``) of leaf `i` of an assembled item: its leaves are its
    /// atomic parts, depth first (G3).
    @inline(__always)
    public func leafKey(of item: Item, leaf i: Int) -> Int {
        leafKey(category: item.category, leaf: i, index: item.leaves[i])
    }

    /// ``leafKey(of:leaf:)`` of an item of `category` whose leaf `i` is `index`.
    @inlinable @inline(__always)
    public func leafKey(category: Int, leaf i: Int, index: UInt32) -> Int {
        leafKeyOffsets[leafKeyStarts[category] + i] + Int(index)
    }

    /// `atomicKey(of:)` of item `index` of atomic category `category`.
    @inlinable
    public func atomicKey(category: Int, index: Int) -> Int { atomicOffsets[category] + index }

    public func isAtomic(category: Int) -> Bool { tables[category].isAtomic }

    /// How many direct parts an item of `category` has (0 for an atomic category).
    public func partCount(ofCategory category: Int) -> Int { tables[category].parts.count }

    /// Direct part `k` of an item of assembled `category`, as `parts(of:)` gives it: its category
    /// and which of the item's leaves are its own (a single leaf, its index, for an atomic part).
    /// What walks an item's parts without making them.
    @inline(__always)
    public func part(_ k: Int, ofCategory category: Int) -> (category: Int, leaves: Range<Int>) {
        let part = tables[category].parts[k]
        return (Int(part.category), part.leafStart..<(part.leafStart + part.leafCount))
    }

    /// Assemble actions that build an item of an assembled category from atomic parts (one for it
    /// and one for every assembled part at any depth); 0 for an atomic category.
    public func assembleCount(of category: Int) -> Int { tables[category].assembleCount }

    /// Whether an assembled category has, at some depth, a part whose items warehouses can hold
    /// whole (so building it may take a shortcut).
    public func hasInventoryAssembledPart(_ category: Int) -> Bool { tables[category].hasInventoryAssembledPart }
}
