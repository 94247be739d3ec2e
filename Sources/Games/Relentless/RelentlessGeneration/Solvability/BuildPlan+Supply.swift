extension BuildPlan {
    /// What one round's team can supply (P4), found once per round and asked per order: who
    /// holds each item (``RoundHolders``), and whether an order's items can be had, answered by
    /// walking each item's leaves against that numbering, never hashing a whole item. One value
    /// serves round after round, so sampling allocates next to nothing per round.
    ///
    /// ```swift
    /// var supply = BuildPlan.Supply(design: prepared)
    /// supply.load(round)
    /// round.allOrders.allSatisfy { supply.canFill($0) }  // == every BuildPlan(…) != nil
    /// ```
    public struct Supply {
        private var holders: RoundHolders

        /// Ready for rounds of `design`; ``load(_:)`` one before asking.
        public init(design: PreparedDesign) {
            holders = RoundHolders(design: design)
        }

        /// The supply of one round.
        public init(_ round: Round, design: PreparedDesign) {
            self.init(design: design)
            load(round)
        }

        /// Forgets the previous round and finds who holds what in `round` (of this design).
        public mutating func load(_ round: Round) {
            holders.load(round)
        }

        /// Whether ``BuildPlan/init(order:round:design:)`` finds a plan for `order`: every item
        /// is held, or assembled from parts that can be had, recursively. Linear in the order's
        /// atomic parts.
        public func canFill(_ order: Order) -> Bool { firstMissing(in: order) == nil }

        /// The first item of `order` that can be neither had from a warehouse nor assembled from
        /// parts that can (what a check names as the cause); nil when the order can be filled.
        public func firstMissing(in order: Order) -> Item? {
            var previous: Item?
            for item in order.items where item != previous {  // items are sorted: repeats are adjacent
                guard canHave(item) else { return item }
                previous = item
            }
            return nil
        }

        /// The plan for `order`, as ``BuildPlan/init(order:round:design:)`` makes it.
        public func plan(for order: Order) -> BuildPlan? {
            BuildPlan(order: order, holders: holders)
        }

        /// ``BuildPlan/step(for:holders:)`` is non-nil.
        private func canHave(_ item: Item) -> Bool {
            if let key = holders.design.atomicKey(of: item) { return holders.holder(ofAtomicKey: key) != nil }
            return canHave(assembled: item.category, leaves: item.leaves[...])
        }

        /// The assembled item of `category` made of `leaves` (a slice of an order item's leaves):
        /// held whole, or every part can be had. Recursion is as deep as the item's nesting (C4).
        private func canHave(assembled category: Int, leaves: ArraySlice<UInt32>) -> Bool {
            let design = holders.design
            guard holders.holdsAssembled else {
                // Nothing assembled is held whole this round: only the leaves can be had.
                for (leaf, leafCategory) in zip(leaves, design.tables[category].leafCategories) {
                    guard holders.holder(ofAtomicKey: design.atomicOffsets[Int(leafCategory)] + Int(leaf)) != nil else { return false }
                }
                return true
            }
            if holders.holder(ofAssembled: Int32(category), leaves: leaves) != nil { return true }
            for part in design.tables[category].parts {
                let start = leaves.startIndex + part.leafStart
                if design.tables[Int(part.category)].isAtomic {
                    guard holders.holder(ofAtomicKey: design.atomicOffsets[Int(part.category)] + Int(leaves[start])) != nil else { return false }
                } else {
                    guard canHave(assembled: Int(part.category), leaves: leaves[start..<(start + part.leafCount)]) else { return false }
                }
            }
            return true
        }
    }
}
