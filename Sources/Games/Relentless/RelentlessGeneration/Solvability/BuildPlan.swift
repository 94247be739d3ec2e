/// How a team can fill one order (P4): for every item, which player supplies it from their
/// warehouse, or which parts are assembled into it, recursively. A witness that the order is
/// solvable; nil when some item can be neither found nor assembled.
///
/// ```swift
/// if let plan = BuildPlan(order: order, round: round, design: prepared) {
///     print(plan.describe(prepared))   // "player 2 supplies fruit: Apple" …
/// }
/// ```
public struct BuildPlan: Sendable, Hashable {
    public indirect enum Step: Sendable, Hashable {
        /// `player` (0-based) holds `item` in their warehouse (G5: an unlimited supply).
        case warehouse(item: Item, player: Int)
        /// `item` is assembled from these parts' steps (P4: all parts in one package).
        case assemble(item: Item, parts: [Step])
    }

    public var steps: [Step]

    public init?(order: Order, round: Round, design: PreparedDesign) {
        self.init(order: order, holders: Self.holders(round), design: design)
    }

    /// The plan with the round's holders already found (``Supply``): a round's orders share them.
    init?(order: Order, holders: [Item: Int], design: PreparedDesign) {
        var steps: [Step] = []
        for item in order.items {
            guard let step = Self.step(for: item, holders: holders, design: design) else { return nil }
            steps.append(step)
        }
        self.steps = steps
    }

    /// The first player holding each item.
    static func holders(_ round: Round) -> [Item: Int] {
        var holders: [Item: Int] = [:]
        for (p, player) in round.players.enumerated() {
            for item in player.warehouse where holders[item] == nil { holders[item] = p }
        }
        return holders
    }

    /// A warehouse beats assembling; an atomic item nobody holds cannot be had. Recursion depth
    /// is the item's nesting depth, which C4 keeps to the number of assembled categories.
    static func step(for item: Item, holders: [Item: Int], design: PreparedDesign) -> Step? {
        if let player = holders[item] { return .warehouse(item: item, player: player) }
        guard !item.isAtomic else { return nil }
        var parts: [Step] = []
        for part in design.parts(of: item) {
            guard let step = step(for: part, holders: holders, design: design) else { return nil }
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

extension BuildPlan {
    /// What one round's team can supply (P4), found once per round and asked per order: who
    /// holds each item, and for each distinct item asked about whether it can be had. A round's
    /// orders repeat its few order items, so asking every order costs a lookup per item, not a
    /// plan per item and a pass over every warehouse per order.
    ///
    /// ```swift
    /// var supply = BuildPlan.Supply(round)
    /// round.allOrders.allSatisfy { supply.canFill($0, design: prepared) }  // == every BuildPlan(…) != nil
    /// ```
    public struct Supply {
        let holders: [Item: Int]
        private var obtainable: [Item: Bool] = [:]

        public init(_ round: Round) { holders = BuildPlan.holders(round) }

        /// Whether ``BuildPlan/init(order:round:design:)`` finds a plan for `order`.
        public mutating func canFill(_ order: Order, design: PreparedDesign) -> Bool {
            var previous: Item?
            for item in order.items where item != previous {  // items are sorted: repeats are adjacent
                guard canHave(item, design) else { return false }
                previous = item
            }
            return true
        }

        /// The plan for `order`, as ``BuildPlan/init(order:round:design:)`` makes it.
        public func plan(for order: Order, design: PreparedDesign) -> BuildPlan? {
            BuildPlan(order: order, holders: holders, design: design)
        }

        /// ``BuildPlan/step(for:holders:design:)`` is non-nil, remembered per item. Recursion is
        /// as deep as the item's nesting (C4).
        private mutating func canHave(_ item: Item, _ design: PreparedDesign) -> Bool {
            if let known = obtainable[item] { return known }
            let result: Bool
            if holders[item] != nil {
                result = true
            } else if item.isAtomic {
                result = false
            } else {
                result = design.parts(of: item).allSatisfy { canHave($0, design) }
            }
            obtainable[item] = result
            return result
        }
    }
}
