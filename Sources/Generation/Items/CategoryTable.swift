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

    var isAtomic: Bool
    var isInventoryItem: Bool
    var isOrderItem: Bool

    /// Atomic: where each group starts in the category's item indices, plus the item count at
    /// the end (C3: one group per state for stateful categories, the designer's groups otherwise).
    var groupStarts: [Int] = []

    /// Assembled: the atomic category of every leaf, depth first in `parts` order, and how many
    /// items that category has.
    var leafCategories: [Int32] = []
    var leafSizes: [Int] = []
    /// Assembled: the direct parts, in `parts` order.
    var parts: [Part] = []
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

    /// G3: the categories whose items this category puts into warehouses when it is chosen: itself
    /// if it is an inventory item; its atomic part categories if it is assembled and not; none
    /// for an atomic category that is not an inventory item.
    var supplySources: [Int32] = []

    var groupCount: Int { isAtomic ? groupStarts.count - 1 : 0 }
}
