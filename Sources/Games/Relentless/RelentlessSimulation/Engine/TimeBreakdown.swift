/// Where one player's time went in a round, in seconds, from the round's start to its end: the
/// parts add up to the round's length.
///
/// Busy time is the player's own actions and its help to teammates (P4): describing items,
/// listening (identifying a teammate's description), finding and packing, passing packages
/// (to a teammate, back, to a house), assembling. Free time is *waiting* when a package of its
/// own is with a teammate, and *idle* otherwise (nothing to start, nobody asking).
public struct TimeBreakdown: Sendable, Hashable, Codable {
    public var describing = 0.0
    public var listening = 0.0
    public var findingAndPacking = 0.0
    public var passing = 0.0
    public var assembling = 0.0
    public var waiting = 0.0
    public var idle = 0.0

    public init() {}

    /// Every part, in the order they are shown, with its name. (Key paths are immutable values.)
    nonisolated(unsafe) public static let parts: [(name: String, path: WritableKeyPath<TimeBreakdown, Double>)] = [
        ("describing", \.describing), ("listening", \.listening), ("findingAndPacking", \.findingAndPacking),
        ("passing", \.passing), ("assembling", \.assembling), ("waiting", \.waiting), ("idle", \.idle),
    ]

    /// The parts as an array, in ``parts`` order (field by field: key paths are slow in a hot loop).
    public var values: [Double] { [describing, listening, findingAndPacking, passing, assembling, waiting, idle] }

    public var total: Double { describing + listening + findingAndPacking + passing + assembling + waiting + idle }

    /// Adds `other`: ``add(_:scale:)`` with a scale of 1 (`x * 1` is `x`, so the sums are the
    /// same doubles), inlined where every action is counted.
    @inline(__always)
    mutating func add(_ other: TimeBreakdown) {
        describing += other.describing
        listening += other.listening
        findingAndPacking += other.findingAndPacking
        passing += other.passing
        assembling += other.assembling
        waiting += other.waiting
        idle += other.idle
    }

    /// Adds `other`, scaled (−1 takes it away again).
    mutating func add(_ other: TimeBreakdown, scale: Double) {
        describing += other.describing * scale
        listening += other.listening * scale
        findingAndPacking += other.findingAndPacking * scale
        passing += other.passing * scale
        assembling += other.assembling * scale
        waiting += other.waiting * scale
        idle += other.idle * scale
    }
}

/// One action of one player, for a round's timeline (`simulate --replay … --timeline`).
public struct TimelineEntry: Sendable, Hashable, Codable {
    /// 0-based seat.
    public var player: Int
    public var start: Double
    public var end: Double
    /// "find and pack", "describe to player 3", "help player 2", "deliver to house 4", …
    public var what: String
}

/// What an action is, cheap to make; put into words only for a timeline.
enum ActionLabel {
    case findPack
    case describe(items: Int, to: Int)
    case pass(to: Int)
    case assemble
    case deliver(house: Int)
    case help(asker: Int)
    case hearOut(asker: Int)

    /// Seats and houses counted from 1, as players see them.
    var text: String {
        switch self {
        case .findPack: "find and pack"
        case .describe(let n, let to): "describe \(n) item\(n == 1 ? "" : "s") to player \(to + 1)"
        case .pass(let to): "pass the package to player \(to + 1)"
        case .assemble: "assemble"
        case .deliver(let house): "deliver to house \(house + 1)"
        case .help(let asker): "help player \(asker + 1)"
        case .hearOut(let asker): "hear player \(asker + 1) out: not mine"
        }
    }
}
