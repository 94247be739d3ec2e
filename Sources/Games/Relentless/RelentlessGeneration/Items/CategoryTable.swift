/// What generation needs to know about one category, computed once per design so that making a
/// round touches only arrays of integers: no strings, no dictionaries, no big integers.
struct CategoryTable: Sendable {
    /// A direct part of an assembled category: its category and the slice of the item's
    /// leaves that belong to it.
    struct Part: Sendable {
        var category: Int32
        var leafStart: Int
        var leafCount: Int
    }

    /// C3: the direct parts of one category in an assembled category's `parts`. Its `k` items
    /// form a multiset: the original sorts an assembled item's parts, so their order is no part
    /// of the item, and the category contributes C(n + k − 1, k) combinations, not n^k.
    struct PartGroup: Sendable {
        var category: Int32
        /// The indices in ``CategoryTable/parts`` of the parts of this category, increasing.
        var slots: [Int]
        /// C(n + k − 1, k) for the part category's n items when at most
        /// ``PreparedDesign/smallCountLimit``; nil above.
        var smallCombinations: Int?
        /// Only for k ≥ 2 parts of a category of more than ``PreparedDesign/smallCountLimit``
        /// items: the cumulative weights of the number of distinct items in a uniform multiset
        /// (``Multisets/distinctCountCumulative(logN:choosing:)``).
        var distinctCountCumulative: [Double] = []

        var k: Int { slots.count }
    }

    /// C3: one sort that puts an assembled item in canonical order: the leaf slices starting at
    /// `starts` (offsets in the item's leaves), each `length` long and each one part of a
    /// repeated category, are sorted lexicographically among themselves.
    struct CanonicalSort: Sendable {
        var starts: [Int]
        var length: Int
    }

    var isAtomic: Bool
    var isInventoryItem: Bool
    var isOrderItem: Bool

    /// Atomic: where each group starts in the category's item indices, plus the item count at
    /// the end (C3: one group per state for stateful categories, the designer's groups otherwise).
    var groupStarts: [Int] = []

    /// Assembled: the atomic category of every leaf, depth first in `parts` order, and how many
    /// items that category has. (A canonical item sorts the leaves of repeated parts among their
    /// slots, never across categories, so the category of each leaf position is fixed.)
    var leafCategories: [Int32] = []
    var leafSizes: [Int] = []
    /// Assembled: the direct parts, in `parts` order.
    var parts: [Part] = []
    /// Assembled: the direct parts grouped by category, in the order `parts` first names them.
    var partGroups: [PartGroup] = []
    /// Assembled: the sorts that make an item canonical (C3), inner parts' sorts before their
    /// parent's, so applying them in order sorts every repeated part, at every depth, by its
    /// already canonical leaves. Empty when no category repeats anywhere in the tree.
    var canonicalSorts: [CanonicalSort] = []
    /// Assembled: Assemble actions to build an item from atomic parts (itself and every
    /// assembled part, recursively).
    var assembleCount = 0
    /// Assembled: whether some assembled part, at any depth, is an inventory item (so a warehouse
    /// may hold it whole and it need not be built).
    var hasInventoryAssembledPart = false

    /// The exact item count when it is at most ``PreparedDesign/smallCountLimit``; nil above.
    /// Atomic categories always have one.
    var smallCount: Int?
    /// The item count, saturated at ``PreparedDesign/saturatedCount`` (for supply sums).
    var saturatedCount: Int
    /// The natural logarithm of the item count (−∞ for none), for drawing multisets of a huge
    /// category's items.
    var logCount: Double = 0

    /// G3: the categories whose items this category puts into warehouses when it is chosen: itself
    /// if it is an inventory item; its atomic part categories if it is assembled and not; none
    /// for an atomic category that is not an inventory item.
    var supplySources: [Int32] = []

    var groupCount: Int { isAtomic ? groupStarts.count - 1 : 0 }
}
