/// C3 in the tables: repeated parts grouped, the sorts that make items canonical, and counts
/// that multiply C(n + k − 1, k) over the part groups instead of n over the leaves.
extension TableBuilder {
    /// C3: the direct parts grouped by category, in the order `parts` first names them.
    static func partGroups(of parts: [CategoryTable.Part], tables: [CategoryTable]) -> [CategoryTable.PartGroup] {
        var groups: [CategoryTable.PartGroup] = []
        var position: [Int32: Int] = [:]
        for (slot, part) in parts.enumerated() {
            if let g = position[part.category] {
                groups[g].slots.append(slot)
            } else {
                position[part.category] = groups.count
                groups.append(.init(category: part.category, slots: [slot]))
            }
        }
        for g in groups.indices {
            let part = tables[Int(groups[g].category)]
            let k = groups[g].k
            if let n = part.smallCount {
                let combinations = Multisets.count(n, choosing: k, cap: PreparedDesign.smallCountLimit + 1)
                groups[g].smallCombinations = combinations > PreparedDesign.smallCountLimit ? nil : combinations
            } else if k > 1 {
                groups[g].distinctCountCumulative = Multisets.distinctCountCumulative(logN: part.logCount, choosing: k)
            }
        }
        return groups
    }

    /// C3: the sorts that make an item canonical: every assembled part's own sorts (shifted to
    /// where its leaves start), then one per repeated part category of this one.
    static func canonicalSorts(of table: CategoryTable, tables: [CategoryTable]) -> [CategoryTable.CanonicalSort] {
        var sorts: [CategoryTable.CanonicalSort] = []
        for part in table.parts {
            for inner in tables[Int(part.category)].canonicalSorts {
                sorts.append(.init(starts: inner.starts.map { $0 + part.leafStart }, length: inner.length))
            }
        }
        for group in table.partGroups where group.k > 1 {
            let slots = group.slots.map { table.parts[$0] }
            sorts.append(.init(starts: slots.map(\.leafStart), length: slots.first?.leafCount ?? 1))
        }
        return sorts
    }

    /// C3: the item count is the product over the part groups of C(n + k − 1, k), exact up to
    /// ``PreparedDesign/smallCountLimit``, saturated at ``PreparedDesign/saturatedCount``, and as
    /// a logarithm. Saturating n before the binomial gives the same saturated product, since
    /// C(n + k − 1, k) ≥ n for n ≥ 1. A part category with no items makes the count 0.
    static func count(_ table: inout CategoryTable, tables: [CategoryTable]) {
        var small: Int? = 1
        var saturated = 1
        var logCount = 0.0
        var empty = false
        for group in table.partGroups {
            let part = tables[Int(group.category)]
            if part.saturatedCount == 0 { empty = true }
            if let s = small, let combinations = group.smallCombinations {
                let (product, overflow) = s.multipliedReportingOverflow(by: combinations)
                small = overflow || product > PreparedDesign.smallCountLimit ? nil : product
            } else {
                small = nil
            }
            let combinations = Multisets.count(part.saturatedCount, choosing: group.k, cap: PreparedDesign.saturatedCount)
            let (product, overflow) = saturated.multipliedReportingOverflow(by: combinations)
            saturated = overflow ? PreparedDesign.saturatedCount : min(product, PreparedDesign.saturatedCount)
            logCount += Multisets.logCount(logN: part.logCount, choosing: group.k)
        }
        table.smallCount = empty ? 0 : small
        table.saturatedCount = empty ? 0 : saturated
        table.logCount = empty ? -.infinity : logCount
    }
}
