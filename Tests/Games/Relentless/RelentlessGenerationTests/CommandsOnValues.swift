import Randomness
import Relentless
@testable import RelentlessGeneration

// The generation commands trade ids of a round's items (`RoundItems`); the tests state their
// cases as `Item` values. These run a command on values: intern the items given into a fresh
// round's items, call the command, and give back what it made as values.

extension GroupChooser {
    func chooseOrderItems(
        categories: [Int], _ context: RoundContext, using random: inout RandomSource, notes: inout [GenerationNote]
    ) -> [Item] {
        var items = RoundItems(design: context.design)
        return chooseOrderItems(categories: categories, context, items: &items, using: &random, notes: &notes).map(items.item)
    }
}

/// ``Stock`` as values.
struct StockValues: Equatable {
    var orderItems: [Item]
    var inventory: [Item]
    var repetitions: Int
}

extension InventoryDeriver {
    func deriveInventory(
        categories: [Int], orderItems: [Item], groups: any GroupChooser, _ context: RoundContext,
        using random: inout RandomSource, notes: inout [GenerationNote]
    ) throws(GenerationError) -> StockValues {
        var items = RoundItems(design: context.design)
        let ids = orderItems.map { items.intern($0) }
        let stock = try deriveInventory(
            categories: categories, orderItems: ids, groups: groups, context, items: &items, using: &random, notes: &notes)
        return StockValues(
            orderItems: stock.orderItems.map(items.item), inventory: stock.inventory.map(items.item), repetitions: stock.repetitions)
    }
}

extension ItemAllocator {
    func allocate(_ inventory: [Item], _ context: RoundContext, using random: inout RandomSource) -> [[Item]] {
        var items = RoundItems(design: context.design)
        let ids = inventory.map { items.intern($0) }
        return allocate(ids, context, items: items, using: &random).map { $0.map(items.item) }
    }
}

extension PreparedDesign {
    func appendItemsOfDistinctGroups(of category: Int, count k: Int, into values: inout [Item], using random: inout RandomSource) -> Int {
        var items = RoundItems(design: self)
        var ids: [ItemID] = []
        let missing = appendItemsOfDistinctGroups(of: category, count: k, into: &ids, items: &items, using: &random)
        values += ids.map(items.item)
        return missing
    }
}
