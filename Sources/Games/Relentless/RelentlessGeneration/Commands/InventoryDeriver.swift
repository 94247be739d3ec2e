import Randomness
import Relentless

/// What G3 and G4 produce: the round's order items (G4 may add to them) and the distinct
/// items the warehouses will hold.
public struct Stock: Sendable, Hashable {
    public var orderItems: [Item]
    public var inventory: [Item]
    /// How many times G2 was repeated.
    public var repetitions: Int

    public init(orderItems: [Item], inventory: [Item], repetitions: Int) {
        self.orderItems = orderItems
        self.inventory = inventory
        self.repetitions = repetitions
    }
}

/// G3 and G4: from order items to warehouse items, with enough of them for every player.
public protocol InventoryDeriver: GenerationCommand {
    func deriveInventory(
        categories: [Int], orderItems: [Item], groups: any GroupChooser, _ context: RoundContext,
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
        categories: [Int], orderItems: [Item], groups: any GroupChooser, _ context: RoundContext,
        using random: inout RandomSource, notes: inout [GenerationNote]
    ) throws(GenerationError) -> Stock {
        let design = context.design
        var stocker = Stocker(design: design, bitmapItems: bitmapItems)
        stocker.inventory.reserveCapacity(orderItems.count * 2)
        for item in orderItems { stocker.add(item) }
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
            for item in groups.chooseOrderItems(categories: categories, context, using: &random, notes: &notes)
            where known.insert(item).inserted {
                allOrderItems.append(item)
                stocker.add(item)
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
    var inventory: [Item] = []
    private var stocked: [Bool]
    private var stockedNumbers: Set<Int> = []
    private let usesBitmap: Bool

    init(design: PreparedDesign, bitmapItems: Int) {
        self.design = design
        usesBitmap = design.atomicItemTotal <= bitmapItems
        stocked = usesBitmap ? [Bool](repeating: false, count: design.atomicItemTotal) : []
    }

    /// G3 for one order item.
    mutating func add(_ item: Item) {
        // The table's fields are read in place: a copy of the whole table costs a retain and a
        // release of each of its arrays, per order item.
        let c = item.category
        if design.tables[c].isInventoryItem {
            if let index = item.index {
                addAtomic(item.categoryIndex, index)
            } else {
                inventory.append(item)
            }
        } else if !design.tables[c].isAtomic {
            for (leafCategory, leaf) in zip(design.tables[c].leafCategories, item.leaves) { addAtomic(leafCategory, Int(leaf)) }
        }
    }

    private mutating func addAtomic(_ category: Int32, _ index: Int) {
        let dense = design.denseIndex(category: category, index: index)
        if usesBitmap {
            guard !stocked[dense] else { return }
            stocked[dense] = true
        } else {
            guard stockedNumbers.insert(dense).inserted else { return }
        }
        inventory.append(Item(category: Int(category), index: index))
    }
}
