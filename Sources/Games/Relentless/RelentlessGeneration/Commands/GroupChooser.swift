import Randomness
import Relentless

/// G2: which groups of the chosen categories give the round's order items. G4 calls it again
/// when the warehouses would be short.
public protocol GroupChooser: GenerationCommand {
    /// One run of G2: the union of the chosen groups' items, and notes (if any). Assembled items
    /// are interned in `items`, the round's items, which the ids refer to.
    func chooseOrderItems(
        categories: [Int], _ context: RoundContext, items: inout RoundItems, using random: inout RandomSource,
        notes: inout [GenerationNote]
    ) -> [ItemID]

    /// The same run, its items appended to `orderItems` (whose storage may be the last round's),
    /// whose elements before them it must leave as they are (G4 appends repetitions after the
    /// items it has). By default, ``chooseOrderItems(categories:_:items:using:notes:)``'s result
    /// appended.
    func chooseOrderItems(
        categories: [Int], _ context: RoundContext, items: inout RoundItems, using random: inout RandomSource,
        notes: inout [GenerationNote], appendingTo orderItems: inout [ItemID])
}

extension GroupChooser {
    public func chooseOrderItems(
        categories: [Int], _ context: RoundContext, items: inout RoundItems, using random: inout RandomSource,
        notes: inout [GenerationNote], appendingTo orderItems: inout [ItemID]
    ) {
        orderItems += chooseOrderItems(categories: categories, context, items: &items, using: &random, notes: &notes)
    }
}

/// G2 as the rules say: in every chosen category, numOfGroupsPerCategory distinct groups
/// uniformly among its groups (all of them when fewer). The groups whose items are all order
/// items are all groups of an order category, since `isOrderItem` is set per category; G1 only
/// chooses order categories. An assembled category has one group per item (C3).
public struct UniformGroupChooser: GroupChooser {
    public init() {}
    public var name: String { "uniform" }
    public var rules: String { "G2" }
    public var parametersRead: [ParameterKey] { [.numOfGroupsPerCategory] }

    /// G2: Floyd's algorithm over group indices (or item indices of a small assembled category),
    /// rejection over sampled items for a large one. Never enumerates a large category.
    public func chooseOrderItems(
        categories: [Int], _ context: RoundContext, items: inout RoundItems, using random: inout RandomSource,
        notes: inout [GenerationNote]
    ) -> [ItemID] {
        var ids: [ItemID] = []
        ids.reserveCapacity(categories.count * context.parameters.numOfGroupsPerCategory * 2)
        chooseOrderItems(categories: categories, context, items: &items, using: &random, notes: &notes, appendingTo: &ids)
        return ids
    }

    public func chooseOrderItems(
        categories: [Int], _ context: RoundContext, items: inout RoundItems, using random: inout RandomSource,
        notes: inout [GenerationNote], appendingTo ids: inout [ItemID]
    ) {
        let k = context.parameters.numOfGroupsPerCategory
        for c in categories where context.design.tables[c].isOrderItem {
            let missing = context.design.appendItemsOfDistinctGroups(of: c, count: k, into: &ids, items: &items, using: &random)
            if missing > 0 {
                notes.append(GenerationNote(
                    rule: "G2", message: "\(context.design.categoryName(c)): found \(k - missing) of \(k) distinct items by sampling"))
            }
        }
    }
}
