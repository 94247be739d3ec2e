import Relentless

/// A generated round as the simulator reads it: the same round as ``Round``, with its orders
/// and houses held flat (``RoundOrders``) instead of as a tree, in a value meant to be reused
/// round after round (``Pipeline/makeRound(into:_:parameters:seed:game:round:)`` empties it and
/// keeps its buffers; when it throws, the value holds a part of a round and is only fit to be
/// made into again). G1–G5's lists (categories, order items, inventory, warehouses: a few dozen
/// items) stay arrays.
///
/// ```swift
/// var flat = FlatRound()
/// try Pipeline.default.makeRound(into: &flat, prepared, parameters: parameters, seed: 1)
/// flat.orders.entries.count   // every player's orders
/// Round(flat)                 // the tree, for a report or a replay
/// ```
///
/// Its parts refer to each other (the orders' positions to `orderItems`), so they are set only
/// by generation and by ``init(_:)``.
public struct FlatRound: Sendable {
    public internal(set) var seed: UInt64 = 0
    public internal(set) var game: UInt64 = 0
    public internal(set) var round: UInt64 = 0
    public internal(set) var difficulty: Double = 0
    public internal(set) var categories: [Int] = []
    public internal(set) var orderItems: [Item] = []
    /// Items orders hold that are not among `orderItems`, at position `-1 - i` (see
    /// ``RoundOrders``): only a round made by hand has them, never generation.
    public internal(set) var otherOrderItems: [Item] = []
    public internal(set) var inventory: [Item] = []
    public internal(set) var groupRepetitions = 0
    public internal(set) var warehouses: [[Item]] = []
    public internal(set) var orders = RoundOrders()
    public internal(set) var packageLimit: Int?
    public internal(set) var notes: [GenerationNote] = []

    public init() {}

    /// A round given as a tree (one made by hand, say) held flat.
    public init(_ round: Round) {
        seed = round.seed
        game = round.game
        self.round = round.round
        difficulty = round.difficulty
        categories = round.categories
        orderItems = round.orderItems
        inventory = round.inventory
        groupRepetitions = round.groupRepetitions
        warehouses = round.players.map(\.warehouse)
        packageLimit = round.packageLimit
        notes = round.notes
        var position: [Item: Int32] = [:]
        for (i, item) in orderItems.enumerated() where position[item] == nil { position[item] = Int32(i) }
        for player in round.players {
            orders.beginPlayer()
            for (h, house) in player.houses.enumerated() {
                orders.appendHouse(factor: house.factor)
                for order in house.orders {
                    let positions = order.items.map { item in
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

    /// The item at `position` of an order (see ``RoundOrders``).
    public func orderItem(at position: Int32) -> Item {
        RoundOrders.item(at: position, orderItems: orderItems, otherItems: otherOrderItems)
    }

    /// Empties it for the next round, keeping the orders' buffers.
    mutating func removeAll() {
        categories = []
        orderItems = []
        otherOrderItems = []
        inventory = []
        warehouses = []
        orders.removeAll()
        packageLimit = nil
        notes.removeAll(keepingCapacity: true)
    }
}

extension Round {
    /// The same round as a tree.
    public init(_ flat: FlatRound) {
        let players = flat.warehouses.indices.map { p in
            PlayerRound(
                warehouse: flat.warehouses[p],
                houses: p < flat.orders.ordersOfPlayer.count
                    ? flat.orders.houses(ofPlayer: p, orderItems: flat.orderItems, otherItems: flat.otherOrderItems) : [])
        }
        self.init(
            seed: flat.seed, game: flat.game, round: flat.round, difficulty: flat.difficulty, categories: flat.categories,
            orderItems: flat.orderItems, inventory: flat.inventory, groupRepetitions: flat.groupRepetitions, players: players,
            packageLimit: flat.packageLimit, notes: flat.notes)
    }
}
