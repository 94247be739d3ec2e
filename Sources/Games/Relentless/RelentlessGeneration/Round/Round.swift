import Relentless

/// One generated round (G1–G8): what the host sends every player before the clock starts.
///
/// ```swift
/// let round = try Pipeline.default.makeRound(prepared, parameters: parameters, seed: 1)
/// round.players[0].warehouse        // [Item], the player's unlimited supplies (G5)
/// round.players[0].houses[2].orders // [Order], with time limits after the house factor (G7)
/// round.packageLimit                // nil, or the most items a package may hold (G8)
/// ```
public struct Round: Sendable, Hashable {
    /// Where the round's randomness came from (see ``StreamPath``).
    public var seed: UInt64
    public var game: UInt64
    public var round: UInt64
    public var difficulty: Double
    /// G1: the chosen categories (catalogue indices), in the order they were drawn.
    public var categories: [Int]
    /// G2 (with G4's repetitions): the distinct items orders are drawn from.
    public var orderItems: [Item]
    /// G3: the distinct items the warehouses hold between them.
    public var inventory: [Item]
    /// How many times G4 repeated G2 (0 when the first draw stocked every player).
    public var groupRepetitions: Int
    public var players: [PlayerRound]
    /// G8: nil when packages are unlimited this round.
    public var packageLimit: Int?
    /// Things a designer should know: fewer orders than asked, a rule that could not apply.
    public var notes: [GenerationNote]

    public init(
        seed: UInt64, game: UInt64, round: UInt64, difficulty: Double, categories: [Int], orderItems: [Item],
        inventory: [Item], groupRepetitions: Int, players: [PlayerRound], packageLimit: Int?, notes: [GenerationNote]
    ) {
        self.seed = seed
        self.game = game
        self.round = round
        self.difficulty = difficulty
        self.categories = categories
        self.orderItems = orderItems
        self.inventory = inventory
        self.groupRepetitions = groupRepetitions
        self.players = players
        self.packageLimit = packageLimit
        self.notes = notes
    }

    /// Every order of the round, player by player, house by house.
    public var allOrders: [Order] { players.flatMap { $0.houses.flatMap(\.orders) } }
}

/// One player's part of a round.
public struct PlayerRound: Sendable, Hashable {
    /// G5: distinct items, each an unlimited supply.
    public var warehouse: [Item]
    /// G7: `numOfHouses` houses, the player's orders dealt round-robin among them.
    public var houses: [House]

    public init(warehouse: [Item], houses: [House]) {
        self.warehouse = warehouse
        self.houses = houses
    }
}

/// A house and the orders it will place (G7).
public struct House: Sendable, Hashable {
    /// Drawn uniformly in [minHouseSatisfactionFactor, maxHouseSatisfactionFactor].
    public var factor: Double
    public var orders: [Order]

    public init(factor: Double, orders: [Order]) {
        self.factor = factor
        self.orders = orders
    }
}

/// An order: a multiset of items and its time limit (G6, G7).
public struct Order: Sendable, Hashable {
    /// Sorted (``Item`` order), so equal multisets are equal arrays.
    public var items: [Item]
    /// k × timeForEachItem (G6).
    public var baseTimeLimit: Int
    /// floor(baseTimeLimit × house factor) once dealt (G7); the base limit before.
    public var timeLimit: Int

    public init(items: [Item], baseTimeLimit: Int, timeLimit: Int? = nil) {
        self.items = items
        self.baseTimeLimit = baseTimeLimit
        self.timeLimit = timeLimit ?? baseTimeLimit
    }
}

/// A remark about how a round was made, with the rule it concerns.
///
/// A note's text is written only when read: a simulation makes notes by the thousand (G4 repeats
/// G2 in most of a small round's draws) and reads none of them. Two notes are equal when their
/// rules and texts are.
public struct GenerationNote: Sendable, Hashable, CustomStringConvertible {
    public var rule: String
    private var text: Text

    private enum Text: Sendable {
        case written(String)
        case repeatedG2(times: Int, players: Int)
    }

    public init(rule: String, message: String) {
        self.rule = rule
        text = .written(message)
    }

    /// G4's note that G2 was repeated `times` times to stock `players` players.
    static func repeatedG2(times: Int, players: Int) -> GenerationNote {
        var note = GenerationNote(rule: "G4", message: "")
        note.text = .repeatedG2(times: times, players: players)
        return note
    }

    public var message: String {
        get {
            switch text {
            case .written(let message): message
            case .repeatedG2(let times, let players):
                "G2 was repeated \(times) time\(times == 1 ? "" : "s") to stock \(players) players"
            }
        }
        set { text = .written(newValue) }
    }

    public static func == (a: GenerationNote, b: GenerationNote) -> Bool {
        a.rule == b.rule && a.message == b.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rule)
        hasher.combine(message)
    }

    public var description: String { "\(message) [\(rule)]" }
}
