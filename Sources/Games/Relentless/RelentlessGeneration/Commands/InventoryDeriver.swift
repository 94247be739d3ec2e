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
    /// The most atomic items a design may have for G3's deduplication to use a bitmap (16 KB to
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
        let design = context.design
        var stocker = Stocker(design: design, bitmapItems: bitmapItems)
        stocker.inventory.reserveCapacity(orderItems.count * 2)
        for item in orderItems { stocker.add(item, of: items) }
        let players = context.players
        if stocker.inventory.count >= players {
            return Stock(orderItems: orderItems, inventory: stocker.inventory, repetitions: 0)
        }
        let supply = design.supply(of: categories)
        guard supply >= players else {
            throw .notEnoughInventory(players: players, supply: supply, categories: context.names(categories))
        }
        var allOrderItems = orderItems
        var known = Set(orderItems)
        for repetition in 1...max(maxRepetitions, 1) {
            for item in groups.chooseOrderItems(categories: categories, context, items: &items, using: &random, notes: &notes)
            where known.insert(item).inserted {
                allOrderItems.append(item)
                stocker.add(item, of: items)
            }
            if stocker.inventory.count >= players {
                notes.append(GenerationNote(
                    rule: "G4", message: "G2 was repeated \(repetition) time\(repetition == 1 ? "" : "s") to stock \(players) players"))
                return Stock(orderItems: allOrderItems, inventory: stocker.inventory, repetitions: repetition)
            }
        }
        throw .inventoryStillShort(
            players: players, found: stocker.inventory.count, supply: supply, repetitions: max(maxRepetitions, 1),
            categories: context.names(categories))
    }
}

/// G3 for one order item at a time, with atomic items deduplicated through a bitmap over the
/// design's dense atomic numbering (a set of their numbers when the design has so many that
/// clearing a bitmap for each round would cost more than the round). Assembled inventory items
/// come only from distinct order items, so they need no check.
struct Stocker {
    let design: PreparedDesign
    var inventory: [ItemID] = []
    private var stocked: [Bool]
    private var stockedNumbers: Set<Int> = []
    private let usesBitmap: Bool

    init(design: PreparedDesign, bitmapItems: Int) {
        self.design = design
        usesBitmap = design.atomicItemTotal <= bitmapItems
        stocked = usesBitmap ? [Bool](repeating: false, count: design.atomicItemTotal) : []
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

    private mutating func addAtomic(_ key: Int) {
        if usesBitmap {
            guard !stocked[key] else { return }
            stocked[key] = true
        } else {
            guard stockedNumbers.insert(key).inserted else { return }
        }
        inventory.append(ItemID(atomicKey: key))
    }
}
