import Randomness
import Relentless

/// The seven steps of round generation (G1–G8) as interchangeable commands, composed into a round.
///
/// ```swift
/// let prepared = try PreparedDesign(design)
/// let parameters = design.parameters.resolved(difficulty: 4, players: 5)
/// let round = try Pipeline.default.makeRound(prepared, parameters: parameters, seed: 1)
///
/// var mine = Pipeline.default
/// mine.orders = OwnItemOrderMaker()     // C8: probOfSelectingOwnItem takes effect
/// print(mine.steps.map(\.description))  // exactly what made the round
/// ```
///
/// Every step draws from its own stream of the seed (``StreamPath``), so a round depends on the
/// seed, the game and round indices and the commands alone: never on threads or on other rounds.
public struct Pipeline: Sendable {
    public var categories: any CategoryChooser { didSet { choice = nil } }
    public var groups: any GroupChooser { didSet { choice = nil } }
    public var inventory: any InventoryDeriver { didSet { choice = nil } }
    public var allocation: any ItemAllocator { didSet { choice = nil } }
    public var orders: any OrderMaker { didSet { choice = nil } }
    public var houses: any HouseDealer { didSet { choice = nil } }
    public var packageLimit: any PackageLimitDecider { didSet { choice = nil } }
    /// The named alternatives this pipeline is (``with(orders:items:)``, ``default``) while no
    /// command is replaced; nil for one composed otherwise. Two pipelines of one choice make the
    /// same rounds, which is what lets simulators share them (commands are not comparable).
    public internal(set) var choice: PipelineChoice?

    public init(
        categories: any CategoryChooser = UniformCategoryChooser(), groups: any GroupChooser = UniformGroupChooser(),
        inventory: any InventoryDeriver = TakeApartInventoryDeriver(), allocation: any ItemAllocator = ShuffleItemAllocator(),
        orders: any OrderMaker = UniformOrderMaker(), houses: any HouseDealer = RoundRobinHouseDealer(),
        packageLimit: any PackageLimitDecider = FormulaPackageLimitDecider()
    ) {
        self.categories = categories
        self.groups = groups
        self.inventory = inventory
        self.allocation = allocation
        self.orders = orders
        self.houses = houses
        self.packageLimit = packageLimit
    }

    /// The rules as RULES.md states them, bounded where the original could loop.
    public static let `default` = Pipeline.with()

    /// The steps in order, with what each is for (`categories`, `groups`, …).
    public var steps: [(step: String, command: any GenerationCommand)] {
        [("categories", categories), ("groups", groups), ("inventory", inventory), ("allocation", allocation),
         ("orders", orders), ("houses", houses), ("packageLimit", packageLimit)]
    }

    /// One round: G1 → G2 → G3/G4 → G5 → per player G6 and G7 → G8.
    ///
    /// - Parameters:
    ///   - seed: the user's seed.
    ///   - game, round: which round of a batch this is (streams differ per pair; see ``StreamPath``).
    public func makeRound(
        _ design: PreparedDesign, parameters: RoundParameters, seed: UInt64, game: UInt64 = 0, round: UInt64 = 0
    ) throws(GenerationError) -> Round {
        var flat = FlatRound()
        try makeRound(into: &flat, design, parameters: parameters, seed: seed, game: game, round: round)
        return Round(flat)
    }

    /// The same round held flat, made into `flat` and reusing its buffers: for a caller that
    /// makes many rounds and reads them flat, as the simulator does.
    public func makeRound(
        into flat: inout FlatRound, _ design: PreparedDesign, parameters: RoundParameters, seed: UInt64, game: UInt64 = 0,
        round: UInt64 = 0
    ) throws(GenerationError) {
        try ParameterBounds.check(parameters)
        try makeRound(into: &flat, boundsChecked: design, parameters: parameters, seed: seed, game: game, round: round)
    }

    /// ``makeRound(into:_:parameters:seed:game:round:)`` for parameters `ParameterBounds.check`
    /// accepted: for a simulator that plays the same rounds' parameters game after game and
    /// checks them once.
    package func makeRound(
        into flat: inout FlatRound, boundsChecked design: PreparedDesign, parameters: RoundParameters, seed: UInt64,
        game: UInt64, round: UInt64
    ) throws(GenerationError) {
        flat.removeAll(keepingItemsOf: design)
        flat.seed = seed
        flat.game = game
        flat.round = round
        flat.difficulty = parameters.difficulty
        let context = RoundContext(design: design, parameters: parameters)
        let streams = RoundStreams(seed: seed, game: game, round: round)
        func stream(_ purpose: StreamPath.Purpose, player: Int? = nil) -> RandomSource { streams.source(player: player, purpose) }

        var random = stream(.categories)
        try categories.chooseCategories(context, using: &random, into: &flat.categories)

        // G2 and G3/G4 write into the last round's storage, lent to them as a stock.
        random = stream(.groups)
        do {
            var stock = Stock(orderItems: [], inventory: [], repetitions: 0)
            swap(&stock.orderItems, &flat.orderItems)
            swap(&stock.inventory, &flat.inventory)
            // Handed back even when G4 fails, so that the next round still reuses them.
            defer {
                swap(&stock.orderItems, &flat.orderItems)
                swap(&stock.inventory, &flat.inventory)
                flat.groupRepetitions = stock.repetitions
            }
            groups.chooseOrderItems(
                categories: flat.categories, context, items: &flat.items, using: &random, notes: &flat.notes,
                appendingTo: &stock.orderItems)
            try inventory.deriveInventory(
                categories: flat.categories, groups: groups, context, items: &flat.items, using: &random, notes: &flat.notes,
                into: &stock)
        }

        random = stream(.allocation)
        allocation.allocate(flat.inventory, context, items: flat.items, using: &random, into: &flat.warehouses)

        flat.orders.reserve(
            players: flat.warehouses.count, orders: parameters.numOfOrdersPerPlayer, items: parameters.maxNumOfItemsPerOrder,
            houses: parameters.numOfHouses)

        for p in flat.warehouses.indices {
            flat.orders.beginPlayer()
            var orderStream = stream(.orders, player: p)
            orders.makeOrders(
                player: p, orderItems: flat.orderItems, warehouses: flat.warehouses, context, items: flat.items,
                using: &orderStream, notes: &flat.notes, into: &flat.orders)
            var houseStream = stream(.houses, player: p)
            houses.deal(player: p, context, using: &houseStream, orders: &flat.orders)
            flat.orders.endPlayer()
        }

        random = stream(.packageLimit)
        flat.packageLimit = packageLimit.packageLimit(
            orders: flat.orders, orderItems: flat.orderItems, context, items: flat.items, using: &random)
    }
}
