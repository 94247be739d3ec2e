import Relentless

/// A generated round as the simulator reads it: the same round as ``Round``, with its orders
/// and houses held flat (``RoundOrders``) instead of as a tree, in a value meant to be reused
/// round after round (``Pipeline/makeRound(into:boundsChecked:parameters:seed:game:round:)``
/// empties it and keeps its buffers). G1–G5's lists (categories, order items, inventory,
/// warehouses: a few dozen items) stay arrays.
///
/// ```swift
/// var flat = FlatRound()
/// try Pipeline.default.makeRound(into: &flat, boundsChecked: prepared, parameters: parameters, seed: 1, game: 0, round: 0)
/// flat.orders.entries.count   // every player's orders
/// Round(flat)                 // the tree, for a report or a replay
/// ```
public struct FlatRound: Sendable {
    public var seed: UInt64 = 0
    public var game: UInt64 = 0
    public var round: UInt64 = 0
    public var difficulty: Double = 0
    public var categories: [Int] = []
    public var orderItems: [Item] = []
    /// Items orders hold that are not among `orderItems`, at position `-1 - i` (see
    /// ``RoundOrders``): only a round made by hand has them, never generation.
    public var otherOrderItems: [Item] = []
    public var inventory: [Item] = []
    public var groupRepetitions = 0
    public var warehouses: [[Item]] = []
    public var orders = RoundOrders()
    public var packageLimit: Int?
    public var notes: [GenerationNote] = []

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
    @inlinable
    public func orderItem(at position: Int32) -> Item {
        position >= 0 ? orderItems[Int(position)] : otherOrderItems[Int(-1 - position)]
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
