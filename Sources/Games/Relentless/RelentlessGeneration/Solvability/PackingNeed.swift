/// The fewest items a package must hold at once to fill an order (P4): parts are assembled in
/// the package, so an assembled item needs all its direct parts together, and whatever is
/// already finished waits beside the next item being built. Building the most demanding item
/// first is optimal, so with needs sorted in decreasing order the peak is max over j of
/// (j finished items + need of the j-th).
///
/// G8's limit (items − 1 + the atomic parts of the largest assembled item) is never below this;
/// an alternative package-limit command could be, which is what sampling checks.
public enum PackingNeed {
    public static func peak(of order: Order, in design: PreparedDesign) -> Int {
        sequentialPeak(order.items.map { peak(of: $0, in: design) })
    }

    /// The same, from each category's peak found once per design (``categoryPeaks(in:)``): no
    /// item is taken apart, so a round's orders cost a lookup per item.
    public static func peak(of order: Order, categoryPeaks: [Int]) -> Int {
        sequentialPeak(order.items.map { categoryPeaks[$0.category] })
    }

    /// The peak of an item of each category, by catalogue index. An item's peak depends only on
    /// its category's shape (which categories its parts are, recursively), never on which items
    /// fill the parts, so one number per category serves every item.
    public static func categoryPeaks(in design: PreparedDesign) -> [Int] {
        var peaks = [Int?](repeating: nil, count: design.tables.count)
        // Parts first: C4 makes a part's depth less than its whole's, so the recursion ends.
        func peak(_ category: Int) -> Int {
            if let known = peaks[category] { return known }
            let table = design.tables[category]
            let found = table.isAtomic ? 1 : max(table.parts.count, sequentialPeak(table.parts.map { peak(Int($0.category)) }))
            peaks[category] = found
            return found
        }
        return design.tables.indices.map(peak)
    }

    /// An atomic item is one slot; an assembled one needs its parts built one after another and
    /// then all present at once. Recursion is as deep as the item's nesting (C4).
    public static func peak(of item: Item, in design: PreparedDesign) -> Int {
        guard !item.isAtomic else { return 1 }
        let parts = design.parts(of: item)
        return max(parts.count, sequentialPeak(parts.map { peak(of: $0, in: design) }))
    }

    private static func sequentialPeak(_ needs: [Int]) -> Int {
        var peak = 0
        for (finished, need) in needs.sorted(by: >).enumerated() { peak = max(peak, finished + need) }
        return peak
    }
}
