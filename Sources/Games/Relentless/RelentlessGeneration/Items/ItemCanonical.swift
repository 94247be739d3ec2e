/// The canonical form of an assembled item (C3).
///
/// The original app sorts an assembled item's parts (`AssembledItem.parts` returns
/// `unsortedParts.sorted()`, and two assembled items are equal when their sorted parts are), so
/// two parts of one category form a multiset: a car with wheels Round and Square is the car
/// with Square and Round. Here an item keeps its parts in the slots of its category's `parts`,
/// and the parts that share a category are sorted among their own slots by ``Item/<`` (for an
/// assembled part: its canonical leaves, lexicographically), at every depth. Equal multisets
/// then have equal leaves, so `==`, hashing and ordering of ``Item`` need nothing more, and
/// names print the parts in that order.
extension PreparedDesign {
    /// Sorts the repeated parts of an item of `category` whose leaves start at `offset`, inner
    /// parts first (``CategoryTable/canonicalSorts``). Leaves an item already canonical as it is.
    func canonicalize(_ leaves: inout [UInt32], category: Int, offset: Int = 0) {
        for sort in tables[category].canonicalSorts {
            if sort.length == 1 {
                var values = sort.starts.map { leaves[offset + $0] }
                values.sort()
                for (start, value) in zip(sort.starts, values) { leaves[offset + start] = value }
            } else {
                var slices = sort.starts.map { Array(leaves[(offset + $0)..<(offset + $0 + sort.length)]) }
                slices.sort { $0.lexicographicallyPrecedes($1) }
                for (start, slice) in zip(sort.starts, slices) {
                    leaves.replaceSubrange((offset + start)..<(offset + start + sort.length), with: slice)
                }
            }
        }
    }

    /// Whether the leaves of an assembled item are in canonical order: every sort of
    /// ``canonicalize(_:category:offset:)`` would find its slices already sorted.
    func isCanonical(_ leaves: [UInt32], category: Int) -> Bool {
        for sort in tables[category].canonicalSorts {
            for (a, b) in zip(sort.starts, sort.starts.dropFirst())
            where leaves[b..<(b + sort.length)].lexicographicallyPrecedes(leaves[a..<(a + sort.length)]) {
                return false
            }
        }
        return true
    }
}
