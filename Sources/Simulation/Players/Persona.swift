import Relentless

/// One kind of player, as a designer describes it in `Players.plist`: how long each action of
/// P4 takes and how often a description goes wrong. Times are seconds; each action's time is
/// multiplied by a random factor with mean 1 and spread `timeSpread` (log-normal), drawn from
/// the player's own stream (``Generation/StreamPath/Purpose/playing``).
///
/// The bounding personas: `perfect` has every time 0 and never misunderstands (every order is
/// delivered the moment it appears); `idle` has `ordersAtOnce` 0 (it never starts an order, so
/// every order of its own times out; it still helps teammates who ask).
public struct Persona: Sendable, Hashable {
    public var name: String
    /// Telling a teammate which item to add, by the item's kind (titled and rhythmic items are
    /// harder to put into words than a state).
    public var describeSeconds: KindTable
    /// Finding an item in one's own warehouse.
    public var findSeconds: Double
    /// Adding a found item to the package.
    public var packSeconds: Double
    /// One Assemble action (P4): one per assembled item built, nested ones included.
    public var assembleSeconds: Double
    /// Passing a package to a teammate, or back, or to a house.
    public var passSeconds: Double
    /// The chance that this player, listening, takes a described item for another, by kind,
    /// for an item alone in its group.
    public var misunderstandChance: KindTable
    /// Added to that chance for every other item of the item's group in the round (C3: items of
    /// one group are meant to be confused).
    public var confusionPerGroupItem: Double
    /// Orders the player works on at once; 0 never starts one.
    public var ordersAtOnce: Int
    public var strategy: OrderStrategy
    /// Standard deviation of the log of an action's time factor (0: every action takes exactly
    /// its time).
    public var timeSpread: Double

    public init(
        name: String, describeSeconds: KindTable, findSeconds: Double, packSeconds: Double, assembleSeconds: Double,
        passSeconds: Double, misunderstandChance: KindTable, confusionPerGroupItem: Double, ordersAtOnce: Int,
        strategy: OrderStrategy, timeSpread: Double
    ) {
        self.name = name
        self.describeSeconds = describeSeconds
        self.findSeconds = findSeconds
        self.packSeconds = packSeconds
        self.assembleSeconds = assembleSeconds
        self.passSeconds = passSeconds
        self.misunderstandChance = misunderstandChance
        self.confusionPerGroupItem = confusionPerGroupItem
        self.ordersAtOnce = ordersAtOnce
        self.strategy = strategy
        self.timeSpread = timeSpread
    }

    /// A bound for tests rather than a kind of player: one that never starts an order, or one
    /// whose every action is instant and never wrong.
    public var isBound: Bool {
        if ordersAtOnce == 0 { return true }
        let times = [findSeconds, packSeconds, assembleSeconds, passSeconds] + CategoryKind.allCases.map { describeSeconds[$0] }
        let chances = CategoryKind.allCases.map { misunderstandChance[$0] } + [confusionPerGroupItem]
        return times.allSatisfy { $0 == 0 } && chances.allSatisfy { $0 == 0 }
    }

    /// The chance that a description of an item of `kind` with `groupSize` items of its group
    /// in the round (itself included) is misunderstood, at most 0.95.
    public func misunderstanding(_ kind: CategoryKind, groupSize: Int) -> Double {
        min(0.95, misunderstandChance[kind] + confusionPerGroupItem * Double(max(0, groupSize - 1)))
    }
}

/// Which of its active orders a player starts next.
public enum OrderStrategy: String, Sendable, Hashable, CaseIterable {
    /// The order with the least time left (ties: the one that appeared first).
    case earliestDeadline
    /// The order with the fewest items (ties: least time left): quick wins first.
    case fewestItems
}

/// A number for each kind of item (C2).
public struct KindTable: Sendable, Hashable {
    public var stateful: Double
    public var titled: Double
    public var rhythmic: Double
    public var assembled: Double

    public init(stateful: Double, titled: Double, rhythmic: Double, assembled: Double) {
        self.stateful = stateful
        self.titled = titled
        self.rhythmic = rhythmic
        self.assembled = assembled
    }

    public init(all value: Double) { self.init(stateful: value, titled: value, rhythmic: value, assembled: value) }

    public subscript(kind: CategoryKind) -> Double {
        get {
            switch kind {
            case .stateful: stateful
            case .titled: titled
            case .rhythmic: rhythmic
            case .assembled: assembled
            }
        }
        set {
            switch kind {
            case .stateful: stateful = newValue
            case .titled: titled = newValue
            case .rhythmic: rhythmic = newValue
            case .assembled: assembled = newValue
            }
        }
    }
}
