import Relentless

/// A generated round as the simulator reads it: the same round as ``Round``, its items numbers
/// (``ItemID``) of the round's ``RoundItems`` and its orders and houses held flat
/// (``RoundOrders``) instead of as a tree, in a value meant to be reused round after round
/// (``Pipeline/makeRound(into:_:parameters:seed:game:round:)`` empties it and keeps its buffers;
/// when it throws, the value holds a part of a round and is only fit to be made into again).
///
/// ```swift
/// var flat = FlatRound()
/// try Pipeline.default.makeRound(into: &flat, prepared, parameters: parameters, seed: 1)
/// flat.orders.entries.count   // every player's orders
/// flat.item(flat.inventory[0]) // an item as a value
/// Round(flat)                 // the tree, for a report or a replay
/// ```
///
/// Its parts refer to each other (the orders' positions to `orderItems`, every id to `items`),
/// so they are set only by generation and by ``init(_:design:)``.
public struct FlatRound: Sendable {
    public internal(set) var seed: UInt64 = 0
    public internal(set) var game: UInt64 = 0
    public internal(set) var round: UInt64 = 0
    public internal(set) var difficulty: Double = 0
    public internal(set) var categories: [Int] = []
    /// What the ids below refer to.
    public internal(set) var items = RoundItems()
    public internal(set) var orderItems: [ItemID] = []
    /// Items orders hold that are not among `orderItems`, at position `-1 - i` (see
    /// ``RoundOrders``): only a round made by hand has them, never generation.
    public internal(set) var otherOrderItems: [ItemID] = []
    public internal(set) var inventory: [ItemID] = []
    public internal(set) var groupRepetitions = 0
    public internal(set) var warehouses: [[ItemID]] = []
    public internal(set) var orders = RoundOrders()
    public internal(set) var packageLimit: Int?
    public internal(set) var notes: [GenerationNote] = []

    public init() {}

    /// A round given as a tree (one made by hand, say) held flat, its items numbered for
    /// `design`, which must have every one of them.
    public init(_ round: Round, design: PreparedDesign) {
        seed = round.seed
        game = round.game
        self.round = round.round
        difficulty = round.difficulty
        categories = round.categories
        items = RoundItems(design: design)
        orderItems = round.orderItems.map { items.intern($0) }
        inventory = round.inventory.map { items.intern($0) }
        groupRepetitions = round.groupRepetitions
        warehouses = round.players.map { $0.warehouse.map { items.intern($0) } }
        packageLimit = round.packageLimit
        notes = round.notes
        var position: [ItemID: Int32] = [:]
        for (i, item) in orderItems.enumerated() where position[item] == nil { position[item] = Int32(i) }
        for player in round.players {
            orders.beginPlayer()
            for (h, house) in player.houses.enumerated() {
                orders.appendHouse(factor: house.factor)
                for order in house.orders {
                    let positions = order.items.map { value in
                        let item = items.intern(value)
                        if let known = position[item] { return known }
                        let other = Int32(-1 - otherOrderItems.count)
                        position[item] = other
                        otherOrderItems.append(item)
                        return other
                    }
                    orders.append(positions: positions, baseTimeLimit: order.baseTimeLimit)
                    orders.deal(orders.entries.count - 1, house: h, timeLimit: order.timeLimit)
                }
            }
            orders.endPlayer()
        }
    }

    /// The item `id` as a value.
    public func item(_ id: ItemID) -> Item { items.item(id) }

    /// The id of the item at `position` of an order (see ``RoundOrders``).
    public func orderItemID(at position: Int32) -> ItemID {
        position >= 0 ? orderItems[Int(position)] : otherOrderItems[Int(-1 - position)]
    }

    /// The item at `position` of an order (see ``RoundOrders``).
    public func orderItem(at position: Int32) -> Item { item(orderItemID(at: position)) }

    /// Empties it for the next round of `design`, keeping the orders' and the items' buffers.
    mutating func removeAll(keepingItemsOf design: PreparedDesign) {
        // G1-G4 write over these, keeping their storage (the commands' `into:` forms).
        categories.removeAll(keepingCapacity: true)
        if items.design === design { items.removeAll() } else { items = RoundItems(design: design) }
        orderItems.removeAll(keepingCapacity: true)
        otherOrderItems = []
        inventory.removeAll(keepingCapacity: true)
        // Each warehouse keeps its storage for G5's next allocation (ItemAllocator's `into:`).
        for p in warehouses.indices { warehouses[p].removeAll(keepingCapacity: true) }
        orders.removeAll()
        packageLimit = nil
        notes.removeAll(keepingCapacity: true)
    }
}

extension Round {
    /// The same round as a tree.
    public init(_ flat: FlatRound) {
        // Each assembled item made once: the lists below share its leaves.
        let assembled = (0..<flat.items.assembledCount).map { flat.item(ItemID(assembled: $0)) }
        func value(_ id: ItemID) -> Item {
            if let j = id.assembledIndex { return assembled[j] }
            return flat.item(id)
        }
        let orderItems = flat.orderItems.map(value)
        let otherItems = flat.otherOrderItems.map(value)
        let players = flat.warehouses.indices.map { p in
            PlayerRound(
                warehouse: flat.warehouses[p].map(value),
                houses: p < flat.orders.ordersOfPlayer.count
                    ? flat.orders.houses(ofPlayer: p, orderItems: orderItems, otherItems: otherItems) : [])
        }
        self.init(
            seed: flat.seed, game: flat.game, round: flat.round, difficulty: flat.difficulty, categories: flat.categories,
            orderItems: orderItems, inventory: flat.inventory.map(value), groupRepetitions: flat.groupRepetitions,
            players: players, packageLimit: flat.packageLimit, notes: flat.notes)
    }
}
