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
        Self.canonicalize(&leaves, category: category, offset: offset, tables)
    }

    /// ``canonicalize(_:category:offset:)`` over the tables (for preparing a design).
    static func canonicalize(_ leaves: inout [UInt32], category: Int, offset: Int, _ tables: [CategoryTable]) {
        for sort in tables[category].canonicalSorts {
            // An insertion sort of the slices in place: a sort repeats a part a few times, and
            // this runs for every item a round draws, so it allocates nothing.
            let starts = sort.starts
            let length = sort.length
            for i in starts.indices.dropFirst() {
                var j = i
                while j > 0, Self.slice(at: offset + starts[j], precedes: offset + starts[j - 1], length: length, in: leaves) {
                    for t in 0..<length { leaves.swapAt(offset + starts[j] + t, offset + starts[j - 1] + t) }
                    j -= 1
                }
            }
        }
    }

    /// Whether the `length` leaves at `a` come lexicographically before those at `b`.
    @inline(__always)
    private static func slice(at a: Int, precedes b: Int, length: Int, in leaves: [UInt32]) -> Bool {
        for t in 0..<length where leaves[a + t] != leaves[b + t] { return leaves[a + t] < leaves[b + t] }
        return false
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
