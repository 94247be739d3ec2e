import RelentlessGeneration
import Relentless

/// A generated round as a designer and a tool read it: names instead of indices, the pipeline
/// that made it with every setting and parameter it read, and the command that reproduces it.
/// Text, JSON and plist output are all rendered from this one value, so they always agree.
public struct RoundReport: Encodable, Sendable {
    public struct ItemReport: Encodable, Sendable {
        public var category: String
        public var name: String
        /// Atomic items: the index within the category (groups' items in order).
        public var index: Int?
        /// Assembled items: the direct parts, in the category's `parts` order.
        public var parts: [ItemReport]?
    }

    public struct OrderReport: Encodable, Sendable {
        public var items: [ItemReport]
        public var baseTimeLimit: Int
        public var timeLimit: Int
    }

    public struct HouseReport: Encodable, Sendable {
        public var house: Int
        public var factor: Double
        public var orders: [OrderReport]
    }

    public struct PlayerReport: Encodable, Sendable {
        public var player: Int
        public var warehouse: [ItemReport]
        public var houses: [HouseReport]
    }

    public struct StepReport: Encodable, Sendable {
        public var rules: String
        public var step: String
        public var command: String
        public var settings: [String: String]
        public var parameters: [String: Double]
        /// `uniform(attemptsPerOrder: 64)`, as the text output prints it.
        public var description: String
    }

    public struct NoteReport: Encodable, Sendable {
        public var rule: String
        public var message: String
    }

    public var design: String
    public var seed: UInt64
    public var game: UInt64
    public var round: UInt64
    public var players: Int
    public var difficulty: Double
    public var categories: [String]
    public var orderItems: [ItemReport]
    public var inventory: [ItemReport]
    public var groupRepetitions: Int
    public var team: [PlayerReport]
    public var packageLimit: Int?
    public var packageLimitProbability: Double
    public var pipeline: [StepReport]
    public var notes: [NoteReport]
    public var reproduce: String

    public init(round: Round, design: PreparedDesign, parameters: RoundParameters, pipeline: Pipeline, label: String, reproduce: String) {
        func report(_ item: Item) -> ItemReport {
            ItemReport(
                category: design.categoryName(item.category), name: design.name(of: item), index: item.index,
                parts: item.isAtomic ? nil : design.parts(of: item).map(report))
        }
        self.design = label
        seed = round.seed
        game = round.game
        self.round = round.round
        players = round.players.count
        difficulty = round.difficulty
        categories = round.categories.map { design.categoryName($0) }
        orderItems = round.orderItems.map(report)
        inventory = round.inventory.sorted().map(report)
        groupRepetitions = round.groupRepetitions
        team = round.players.enumerated().map { p, player in
            PlayerReport(
                player: p + 1, warehouse: player.warehouse.sorted().map(report),
                houses: player.houses.enumerated().map { h, house in
                    HouseReport(house: h + 1, factor: house.factor, orders: house.orders.map {
                        OrderReport(items: $0.items.map(report), baseTimeLimit: $0.baseTimeLimit, timeLimit: $0.timeLimit)
                    })
                })
        }
        packageLimit = round.packageLimit
        packageLimitProbability = parameters.probOfHavingPackageLimit
        self.pipeline = pipeline.steps.map { step, command in
            var read: [String: Double] = [:]
            for key in command.parametersRead { read[key.rawValue] = parameters.number(key) }
            return StepReport(
                rules: command.rules, step: step, command: command.name,
                settings: Dictionary(command.settings.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a }),
                parameters: read, description: command.description)
        }
        notes = round.notes.map { NoteReport(rule: $0.rule, message: $0.message) }
        self.reproduce = reproduce
    }

    enum CodingKeys: String, CodingKey {
        case design, seed, game, round, players, difficulty, categories, orderItems, inventory, groupRepetitions
        case team, packageLimit, packageLimitProbability, pipeline, notes, reproduce
    }

    /// Every key always present (`packageLimit` is null when packages are unlimited), so tools
    /// can rely on the shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(design, forKey: .design)
        try c.encode(seed, forKey: .seed)
        try c.encode(game, forKey: .game)
        try c.encode(round, forKey: .round)
        try c.encode(players, forKey: .players)
        try c.encode(difficulty, forKey: .difficulty)
        try c.encode(categories, forKey: .categories)
        try c.encode(orderItems, forKey: .orderItems)
        try c.encode(inventory, forKey: .inventory)
        try c.encode(groupRepetitions, forKey: .groupRepetitions)
        try c.encode(team, forKey: .team)
        try c.encode(packageLimit, forKey: .packageLimit)
        try c.encode(packageLimitProbability, forKey: .packageLimitProbability)
        try c.encode(pipeline, forKey: .pipeline)
        try c.encode(notes, forKey: .notes)
        try c.encode(reproduce, forKey: .reproduce)
    }
}
