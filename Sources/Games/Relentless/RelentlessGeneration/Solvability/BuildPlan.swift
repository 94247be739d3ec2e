/// How a team can fill one order (P4): for every item, which player supplies it from their
/// warehouse, or which parts are assembled into it, recursively. A witness that the order is
/// solvable; nil when some item can be neither found nor assembled.
///
/// ```swift
/// if let plan = BuildPlan(order: order, round: round, design: prepared) {
///     print(plan.describe(prepared))   // "player 2 supplies fruit: Apple" …
/// }
/// ```
///
/// For many orders of one round, ``Supply`` finds who holds what once and makes every plan.
public struct BuildPlan: Sendable, Hashable {
    public indirect enum Step: Sendable, Hashable {
        /// `player` (0-based) holds `item` in their warehouse (G5: an unlimited supply).
        case warehouse(item: Item, player: Int)
        /// `item` is assembled from these parts' steps (P4: all parts in one package).
        case assemble(item: Item, parts: [Step])
    }

    public var steps: [Step]

    /// The plan for one order of `round`. (Each call finds the round's holders afresh.)
    public init?(order: Order, round: Round, design: PreparedDesign) {
        guard let plan = Supply(round, design: design).plan(for: order) else { return nil }
        self = plan
    }

    /// The plan with a round's holders already found (``Supply``): a round's orders share them.
    init?(order: Order, holders: RoundHolders) {
        var steps: [Step] = []
        for item in order.items {
            guard let step = Self.step(for: item, holders: holders) else { return nil }
            steps.append(step)
        }
        self.steps = steps
    }

    /// A warehouse beats assembling; an atomic item nobody holds cannot be had. Recursion depth
    /// is the item's nesting depth, which C4 keeps to the number of assembled categories.
    static func step(for item: Item, holders: RoundHolders) -> Step? {
        if let player = holders.holder(of: item) { return .warehouse(item: item, player: player) }
        guard !item.isAtomic else { return nil }
        var parts: [Step] = []
        for part in holders.design.parts(of: item) {
            guard let step = step(for: part, holders: holders) else { return nil }
            parts.append(step)
        }
        return .assemble(item: item, parts: parts)
    }

    /// One line per step, indented by assembly depth.
    public func describe(_ design: PreparedDesign, indent: String = "") -> String {
        var lines: [String] = []
        func walk(_ step: Step, _ prefix: String) {
            switch step {
            case .warehouse(let item, let player):
                lines.append("\(prefix)player \(player + 1) supplies \(design.name(of: item))")
            case .assemble(let item, let parts):
                lines.append("\(prefix)assemble \(design.name(of: item)) from:")
                for part in parts { walk(part, prefix + "  ") }
            }
        }
        for step in steps { walk(step, indent) }
        return lines.joined(separator: "\n")
    }
}
