/// Every order of a round and the houses they are dealt to (G6, G7), held flat: one array of
/// orders, player by player and, once a player's are dealt, house by house (the order the
/// tree ``Round`` lists them in); an order's items as positions in one shared buffer.
///
/// A round's orders as a tree (``Order`` arrays in ``House`` arrays, each order its own array of
/// items) cost an allocation per order and per house, and releasing them all again: a third of
/// what making a round cost the simulator. Here a value reused round after round (see
/// ``removeAll()``) holds them with no allocation once its buffers have grown.
///
/// ```swift
/// var orders = RoundOrders()
/// orders.beginPlayer()
/// orders.append(positions: [0, 2, 2], baseTimeLimit: 210)   // order items 0, 2 and 2 again
/// orders.appendHouse(factor: 0.8)
/// orders.deal(orders.currentOrders.lowerBound, house: 0, timeLimit: 168)
/// orders.endPlayer()
/// ```
///
/// A position is an index into the round's order items (G2), or `-1 - i` for the i-th of the
/// round's other order items: items an order holds that are not among the order items, which
/// only a round made by hand has (see ``FlatRound``).
public struct RoundOrders: Sendable {
    public struct Entry: Sendable, Hashable {
        /// Among the player's houses (G7); -1 until dealt.
        public var house: Int
        /// Where the order's item positions are in ``RoundOrders/positions``: in item order
        /// (``Item/<``) as generation makes them, so that equal multisets are equal runs; as
        /// given, for orders given as values.
        public var items: Range<Int>
        /// k × timeForEachItem (G6).
        public var baseTimeLimit: Int
        /// floor(baseTimeLimit × house factor) once dealt (G7); the base limit before.
        public var timeLimit: Int
    }

    public private(set) var entries: [Entry] = []
    public private(set) var positions: [Int32] = []
    /// G7's factors, player by player, house by house.
    public private(set) var houseFactors: [Double] = []
    /// Each player's run of ``entries``.
    public private(set) var ordersOfPlayer: [Range<Int>] = []
    /// Each player's run of ``houseFactors``.
    public private(set) var housesOfPlayer: [Range<Int>] = []
    /// Scratch for ``endPlayer()``.
    private var regrouped: [Entry] = []

    public init() {}

    /// Empties every buffer, keeping its memory for the next round.
    public mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
        houseFactors.removeAll(keepingCapacity: true)
        ordersOfPlayer.removeAll(keepingCapacity: true)
        housesOfPlayer.removeAll(keepingCapacity: true)
    }

    /// Room for `players` players' `orders` orders of `items` items each and `houses` houses,
    /// so that a fresh value does not grow step by step (a reused one has it already). Bounded:
    /// the counts are a design's, which can ask for far more than a round makes.
    public mutating func reserve(players: Int, orders: Int, items: Int, houses: Int) {
        // Each product is of two numbers at most `bound`, then bounded again: no overflow on any width.
        let bound = 1 << 12
        let players = min(max(players, 0), bound), orders = min(max(orders, 0), bound)
        let allOrders = min(players * orders, bound)
        entries.reserveCapacity(allOrders)
        positions.reserveCapacity(min(allOrders * min(max(items, 1), bound), bound))
        houseFactors.reserveCapacity(min(players * min(max(houses, 1), bound), bound))
        ordersOfPlayer.reserveCapacity(players)
        housesOfPlayer.reserveCapacity(players)
    }

    /// Starts the next player: orders and houses appended from now on are its own.
    public mutating func beginPlayer() {
        ordersOfPlayer.append(entries.count..<entries.count)
        housesOfPlayer.append(houseFactors.count..<houseFactors.count)
    }

    /// The current player's order of `positions` (already in item order).
    public mutating func append(positions items: some Sequence<Int32>, baseTimeLimit: Int) {
        let start = positions.count
        positions.append(contentsOf: items)
        appendEntry(items: start..<positions.count, baseTimeLimit: baseTimeLimit)
    }

    /// The current player's order of the last `count` positions of ``positions``, appended
    /// there by ``appendPosition(_:)``.
    public mutating func appendOrder(ofLast count: Int, baseTimeLimit: Int) {
        appendEntry(items: (positions.count - count)..<positions.count, baseTimeLimit: baseTimeLimit)
    }

    /// A position for an order being drafted: an order once ``appendOrder(ofLast:baseTimeLimit:)``
    /// takes it, gone with ``dropPositions(_:)`` if not.
    public mutating func appendPosition(_ position: Int32) { positions.append(position) }

    /// Forgets the last `count` positions (a draft that did not become an order).
    public mutating func dropPositions(_ count: Int) { positions.removeLast(count) }

    /// Reorders the last `count` positions with `precedes` (an order's few items).
    public mutating func sortLastPositions(_ count: Int, by precedes: (Int32, Int32) -> Bool) {
        positions.insertionSort(from: positions.count - count, by: precedes)
    }

    private mutating func appendEntry(items: Range<Int>, baseTimeLimit: Int) {
        let player = ordersOfPlayer.count - 1
        precondition(player >= 0, "beginPlayer() first")
        entries.append(Entry(house: -1, items: items, baseTimeLimit: baseTimeLimit, timeLimit: baseTimeLimit))
        ordersOfPlayer[player] = ordersOfPlayer[player].lowerBound..<entries.count
    }

    /// The positions of order `order`'s items.
    @inlinable
    public func positions(of order: Int) -> ArraySlice<Int32> { positions[entries[order].items] }

    /// Order `order` as a value, its positions read in `orderItems` (and `otherItems`).
    public func order(_ order: Int, orderItems: [Item], otherItems: [Item]) -> Order {
        let entry = entries[order]
        let items = positions[entry.items].map { Self.item(at: $0, orderItems: orderItems, otherItems: otherItems) }
        return Order(items: items, baseTimeLimit: entry.baseTimeLimit, timeLimit: entry.timeLimit)
    }

    /// The item at `position`: `orderItems[position]`, or `otherItems[-1 - position]`.
    @inline(__always)
    static func item(at position: Int32, orderItems: [Item], otherItems: [Item]) -> Item {
        position >= 0 ? orderItems[Int(position)] : otherItems[Int(-1 - position)]
    }

    /// The current player's next house (G7).
    public mutating func appendHouse(factor: Double) {
        appendHouses(factors: CollectionOfOne(factor))
    }

    /// The current player's next houses, one per factor in order (G7): for a dealer that draws
    /// them all first, one append instead of one per house.
    public mutating func appendHouses(factors: some Collection<Double>) {
        let player = housesOfPlayer.count - 1
        precondition(player >= 0, "beginPlayer() first")
        houseFactors.append(contentsOf: factors)
        housesOfPlayer[player] = housesOfPlayer[player].lowerBound..<houseFactors.count
    }

    /// G7: `order`, one of the current player's, goes to its house `house` with `timeLimit`.
    public mutating func deal(_ order: Int, house: Int, timeLimit: Int) {
        precondition(currentOrders.contains(order), "a house dealer deals the current player's orders only")
        // One access to the entry: two would check the storage's uniqueness twice.
        Self.deal(&entries[order], house: house, timeLimit: timeLimit)
    }

    private static func deal(_ entry: inout Entry, house: Int, timeLimit: Int) {
        entry.house = house
        entry.timeLimit = timeLimit
    }

    /// The current player's orders (the last begun), for its house dealer.
    public var currentOrders: Range<Int> { ordersOfPlayer.last ?? 0..<0 }

    /// Ends the current player: stores its orders house by house, each house's in the order they
    /// were made (a stable sort by house), which is how the engine numbers them and the tree
    /// lists them. Every order must have been dealt to one of the player's houses (a dealer's
    /// contract, G7).
    public mutating func endPlayer() {
        guard let range = ordersOfPlayer.last, let houses = housesOfPlayer.last?.count else { return }
        var grouped = true
        var previous = 0
        for i in range {
            let house = entries[i].house
            precondition((0..<houses).contains(house), "a house dealer left an order without one of the player's houses")
            if house < previous { grouped = false }
            previous = house
        }
        guard !grouped else { return }
        regrouped.removeAll(keepingCapacity: true)
        for h in 0..<houses {
            for i in range where entries[i].house == h { regrouped.append(entries[i]) }
        }
        for (i, entry) in zip(range, regrouped) { entries[i] = entry }
    }

    /// `player`'s houses as values, its orders' positions read in `orderItems` (and `otherItems`).
    public func houses(ofPlayer player: Int, orderItems: [Item], otherItems: [Item]) -> [House] {
        var houses = housesOfPlayer[player].map { House(factor: houseFactors[$0], orders: []) }
        for i in ordersOfPlayer[player] {
            houses[entries[i].house].orders.append(order(i, orderItems: orderItems, otherItems: otherItems))
        }
        return houses
    }

    /// `orders`, given as values, as one player's (undealt): their items as positions in the
    /// distinct items they hold, in order of first appearance. For commands called outside a round.
    public static func ofOnePlayer(_ orders: [Order]) -> (orders: RoundOrders, items: [Item]) {
        var flat = RoundOrders()
        var items: [Item] = []
        var position: [Item: Int32] = [:]
        flat.beginPlayer()
        for order in orders {
            let positions = order.items.map { item in
                if let known = position[item] { return known }
                let next = Int32(items.count)
                position[item] = next
                items.append(item)
                return next
            }
            flat.append(positions: positions, baseTimeLimit: order.baseTimeLimit)
            flat.entries[flat.entries.count - 1].timeLimit = order.timeLimit
        }
        return (flat, items)
    }
}
