import Randomness
import Relentless

/// What G3 and G4 produce: the round's order items (G4 may add to them) and the distinct
/// items the warehouses will hold, as ids of the round's items (``RoundItems``).
public struct Stock: Sendable, Hashable {
    public var orderItems: [ItemID]
    public var inventory: [ItemID]
    /// How many times G2 was repeated.
    public var repetitions: Int

    public init(orderItems: [ItemID], inventory: [ItemID], repetitions: Int) {
        self.orderItems = orderItems
        self.inventory = inventory
        self.repetitions = repetitions
    }
}

/// G3 and G4: from order items to warehouse items, with enough of them for every player.
public protocol InventoryDeriver: GenerationCommand {
    /// `orderItems` are G2's, ids of `items`, in which G4's repetitions intern theirs.
    func deriveInventory(
        categories: [Int], orderItems: [ItemID], groups: any GroupChooser, _ context: RoundContext, items: inout RoundItems,
        using random: inout RandomSource, notes: inout [GenerationNote]
    ) throws(GenerationError) -> Stock

    /// The same stock, written into `stock`: on entry its order items are G2's and its inventory
    /// is empty (storage kept from the last round). By default,
    /// ``deriveInventory(categories:orderItems:groups:_:items:using:notes:)``'s result.
    func deriveInventory(
        categories: [Int], groups: any GroupChooser, _ context: RoundContext, items: inout RoundItems,
        using random: inout RandomSource, notes: inout [GenerationNote], into stock: inout Stock
    ) throws(GenerationError)
}

extension InventoryDeriver {
    public func deriveInventory(
        categories: [Int], groups: any GroupChooser, _ context: RoundContext, items: inout RoundItems,
        using random: inout RandomSource, notes: inout [GenerationNote], into stock: inout Stock
    ) throws(GenerationError) {
        stock = try deriveInventory(
            categories: categories, orderItems: stock.orderItems, groups: groups, context, items: &items, using: &random,
            notes: &notes)
    }
}

/// G3 and G4 as the rules say, bounded.
///
/// G3: an order item that is an inventory item is stocked as it is; an assembled order item that
/// is not is taken apart recursively into its atomic parts, which are stocked (whatever their own
/// category's `isInventoryItem`: the rule stocks "its atomic parts"). Duplicates count once.
///
/// G4: when fewer distinct items than players result, G2 is repeated (continuing its stream) and
/// its items added, at most `maxRepetitions` times. Before repeating, the most the chosen
/// categories can ever stock is computed exactly; when that is short, the round fails at once
/// with ``GenerationError/notEnoughInventory(players:supply:categories:)``, naming the categories.
public struct TakeApartInventoryDeriver: InventoryDeriver {
    public var maxRepetitions: Int
    /// The most atomic items a design may have for G3's deduplication to use flags (16 KB to
    /// clear per round); beyond it a set. The same stock either way (not a setting of G3).
    let bitmapItems: Int

    public init(maxRepetitions: Int = 64) {
        self.maxRepetitions = maxRepetitions
        bitmapItems = 1 << 14
    }

    init(maxRepetitions: Int = 64, bitmapItems: Int) {
        self.maxRepetitions = maxRepetitions
        self.bitmapItems = bitmapItems
    }

    public var name: String { "take-apart" }
    public var rules: String { "G3 G4" }
    public var settings: [CommandSetting] { [CommandSetting("maxRepetitions", String(maxRepetitions))] }
    public var parametersRead: [ParameterKey] { [] }

    /// G3, then G4's bounded repetition of G2.
    public func deriveInventory(
        categories: [Int], orderItems: [ItemID], groups: any GroupChooser, _ context: RoundContext, items: inout RoundItems,
        using random: inout RandomSource, notes: inout [GenerationNote]
    ) throws(GenerationError) -> Stock {
        var stock = Stock(orderItems: orderItems, inventory: [], repetitions: 0)
        try deriveInventory(categories: categories, groups: groups, context, items: &items, using: &random, notes: &notes, into: &stock)
        return stock
    }

    /// G4's repetitions of G2 append to `stock`'s order items, keeping the new ones only.
    public func deriveInventory(
        categories: [Int], groups: any GroupChooser, _ context: RoundContext, items: inout RoundItems,
        using random: inout RandomSource, notes: inout [GenerationNote], into stock: inout Stock
    ) throws(GenerationError) {
        let design = context.design
        var stocker = Stocker(design: design, bitmapItems: bitmapItems, marks: &items.atomicMarks, inventory: &stock.inventory)
        // Whatever happens, the marks go back cleared and the inventory into the stock.
        defer { stocker.finish(marks: &items.atomicMarks, inventory: &stock.inventory, orderItems: stock.orderItems) }
        stock.repetitions = 0
        stocker.inventory.reserveCapacity(stock.orderItems.count * 2)
        for item in stock.orderItems { stocker.add(item, of: items) }
        let players = context.players
        if stocker.inventory.count >= players { return }
        let supply = design.supply(of: categories)
        guard supply >= players else {
            throw .notEnoughInventory(players: players, supply: supply, categories: context.names(categories))
        }
        for item in stock.orderItems { _ = stocker.isNewOrderItem(item) }
        for repetition in 1...max(maxRepetitions, 1) {
            var kept = stock.orderItems.count
            groups.chooseOrderItems(
                categories: categories, context, items: &items, using: &random, notes: &notes, appendingTo: &stock.orderItems)
            for i in kept..<stock.orderItems.count {
                let item = stock.orderItems[i]
                guard stocker.isNewOrderItem(item) else { continue }
                stock.orderItems[kept] = item
                kept += 1
                stocker.add(item, of: items)
            }
            stock.orderItems.removeSubrange(kept...)
            if stocker.inventory.count >= players {
                notes.append(.repeatedG2(times: repetition, players: players))
                stock.repetitions = repetition
                return
            }
        }
        throw .inventoryStillShort(
            players: players, found: stocker.inventory.count, supply: supply, repetitions: max(maxRepetitions, 1),
            categories: context.names(categories))
    }
}

/// G3 for one order item at a time, with atomic items deduplicated through flags over the
/// design's dense atomic numbering (a set of their numbers when the design has so many that
/// clearing the flags for each round would cost more than the round). Assembled inventory items
/// come only from distinct order items, so they need no check. The same flags tell G4 which of a
/// repeated G2's items are new.
struct Stocker {
    let design: PreparedDesign
    var inventory: [ItemID] = []
    /// Per atomic key: ``stockedFlag``, ``orderedFlag``; the round's ``RoundItems/atomicMarks``.
    private var flags: [UInt8] = []
    private var stockedNumbers: Set<Int> = []
    private var orderedNumbers: Set<Int> = []
    /// Per assembled item of the round: whether it is an order item already.
    private var orderedAssembled: [Bool] = []
    private let usesFlags: Bool
    private static let stockedFlag: UInt8 = 1, orderedFlag: UInt8 = 2

    /// Takes the round's marks (all zero) and the inventory's storage; ``finish(marks:inventory:orderItems:)``
    /// hands them back.
    init(design: PreparedDesign, bitmapItems: Int, marks: inout [UInt8], inventory: inout [ItemID]) {
        self.design = design
        usesFlags = design.atomicItemTotal <= bitmapItems
        if usesFlags {
            swap(&flags, &marks)
            if flags.count != design.atomicItemTotal { flags = [UInt8](repeating: 0, count: design.atomicItemTotal) }
        }
        swap(&self.inventory, &inventory)
        self.inventory.removeAll(keepingCapacity: true)
    }

    /// Clears every mark set (only items of the inventory and of `orderItems` were marked) and
    /// hands back the marks and the inventory.
    mutating func finish(marks: inout [UInt8], inventory: inout [ItemID], orderItems: [ItemID]) {
        if usesFlags {
            for item in self.inventory { if let key = item.atomicKey { flags[key] = 0 } }
            for item in orderItems { if let key = item.atomicKey { flags[key] = 0 } }
            swap(&flags, &marks)
        }
        swap(&self.inventory, &inventory)
    }

    /// G3 for one order item, an id of `items`.
    mutating func add(_ item: ItemID, of items: RoundItems) {
        // The table's fields are read in place: a copy of the whole table costs a retain and a
        // release of each of its arrays, per order item.
        let c = items.category(of: item)
        if design.tables[c].isInventoryItem {
            if let key = item.atomicKey {
                addAtomic(key)
            } else {
                inventory.append(item)
            }
        } else if let j = item.assembledIndex {
            // Leaves read by index where they are: a slice or the table's leaf list would be retained.
            let start = Int(items.leafStarts[j])
            for i in 0..<Int(design.leafCounts[c]) { addAtomic(design.leafKey(category: c, leaf: i, index: items.leaves[start + i])) }
        }
    }

    /// G4: whether `item` is not yet among the order items (it is from now on).
    mutating func isNewOrderItem(_ item: ItemID) -> Bool {
        if let j = item.assembledIndex {
            if j >= orderedAssembled.count { orderedAssembled.append(contentsOf: repeatElement(false, count: j + 1 - orderedAssembled.count)) }
            guard !orderedAssembled[j] else { return false }
            orderedAssembled[j] = true
            return true
        }
        let key = Int(item.rawValue)
        guard usesFlags else { return orderedNumbers.insert(key).inserted }
        guard flags[key] & Self.orderedFlag == 0 else { return false }
        flags[key] |= Self.orderedFlag
        return true
    }

    private mutating func addAtomic(_ key: Int) {
        if usesFlags {
            guard flags[key] & Self.stockedFlag == 0 else { return }
            flags[key] |= Self.stockedFlag
        } else {
            guard stockedNumbers.insert(key).inserted else { return }
        }
        inventory.append(ItemID(atomicKey: key))
    }
}
