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

    /// The same, with each item's peak remembered in `known` (one per round: a round's orders
    /// repeat its few order items).
    public static func peak(of order: Order, in design: PreparedDesign, known: inout [Item: Int]) -> Int {
        sequentialPeak(order.items.map { item in
            if let peak = known[item] { return peak }
            let peak = peak(of: item, in: design)
            known[item] = peak
            return peak
        })
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
