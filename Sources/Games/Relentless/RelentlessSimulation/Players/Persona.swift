import Relentless

/// One kind of player, as a designer describes it in `Players.plist`: how long each action of
/// P4 takes, on both sides of a request (the asker describes, the teammate asked identifies,
/// finds, packs and passes back), how often a description goes wrong or reaches the wrong
/// teammate, and what the player does with an order it cannot finish in time. Times are
/// seconds; each action's time is multiplied by a random factor with mean 1 and spread
/// `timeSpread` (log-normal), drawn from the player's own stream
/// (``Generation/StreamPath/Purpose/playing``).
///
/// The bounding personas: `perfect` has every time 0 and never misunderstands (every order is
/// delivered the moment it appears); `idle` has `ordersAtOnce` 0 (it never starts an order, so
/// every order of its own times out; it still helps teammates who ask).
public struct Persona: Sendable, Hashable {
    public var name: String
    /// Telling a teammate which item to add, by the item's kind (titled and rhythmic items are
    /// harder to put into words than a state).
    public var describeSeconds: KindTable
    /// Listening, as the teammate asked: making out which item of one's warehouse a description
    /// means (or that one holds none), by kind. Spent by the listener, not the asker (P4).
    public var identifySeconds: KindTable
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
    /// A player does not know which teammate holds an item it lacks (P4): the chance that,
    /// asking around, it hands the package to a teammate who holds none of the items asked for
    /// (that teammate listens, finds nothing and passes it back). Drawn again for each further
    /// try, among teammates not yet asked.
    public var wrongTeammateChance: Double
    /// Orders the player works on at once; 0 never starts one.
    public var ordersAtOnce: Int
    public var strategy: OrderStrategy
    /// What the player does with an order it sees it cannot finish before its time runs out
    /// (under P5/P6 such an order costs more the longer it runs).
    public var hopelessOrders: HopelessOrderPolicy
    /// Standard deviation of the log of an action's time factor (0: every action takes exactly
    /// its time).
    public var timeSpread: Double

    public init(
        name: String, describeSeconds: KindTable, identifySeconds: KindTable? = nil, findSeconds: Double, packSeconds: Double,
        assembleSeconds: Double, passSeconds: Double, misunderstandChance: KindTable, confusionPerGroupItem: Double,
        wrongTeammateChance: Double = Self.defaultWrongTeammateChance, ordersAtOnce: Int, strategy: OrderStrategy,
        hopelessOrders: HopelessOrderPolicy = .keepGoing, timeSpread: Double
    ) {
        self.name = name
        self.describeSeconds = describeSeconds
        self.identifySeconds = identifySeconds ?? Self.defaultIdentifySeconds(describing: describeSeconds)
        self.findSeconds = findSeconds
        self.packSeconds = packSeconds
        self.assembleSeconds = assembleSeconds
        self.passSeconds = passSeconds
        self.misunderstandChance = misunderstandChance
        self.confusionPerGroupItem = confusionPerGroupItem
        self.wrongTeammateChance = wrongTeammateChance
        self.ordersAtOnce = ordersAtOnce
        self.strategy = strategy
        self.hopelessOrders = hopelessOrders
        self.timeSpread = timeSpread
    }

    /// The floor of play: a player who never starts an order (all its orders time out, P6).
    /// Built in, so every design's reports have it whatever its Players.plist holds.
    public static let idleBound = Persona(
        name: "idle (bound)", describeSeconds: KindTable(all: 0), identifySeconds: KindTable(all: 0), findSeconds: 0, packSeconds: 0,
        assembleSeconds: 0, passSeconds: 0, misunderstandChance: KindTable(all: 0), confusionPerGroupItem: 0, wrongTeammateChance: 0,
        ordersAtOnce: 0, strategy: .earliestDeadline, hopelessOrders: .keepGoing, timeSpread: 0)

    /// The ceiling of play: every action takes no time and nothing goes wrong, so every order is
    /// delivered the moment it appears (P2, P5).
    public static let perfectBound = Persona(
        name: "perfect (bound)", describeSeconds: KindTable(all: 0), identifySeconds: KindTable(all: 0), findSeconds: 0, packSeconds: 0,
        assembleSeconds: 0, passSeconds: 0, misunderstandChance: KindTable(all: 0), confusionPerGroupItem: 0, wrongTeammateChance: 0,
        ordersAtOnce: 1, strategy: .earliestDeadline, hopelessOrders: .keepGoing, timeSpread: 0)

    /// When `Players.plist` leaves it out: the chance a player hands a package to the wrong
    /// teammate. This project's assumption, not the game's: one ask in ten goes astray.
    public static let defaultWrongTeammateChance = 0.1

    /// When `Players.plist` leaves it out: identifying takes half as long as describing (the
    /// listener hears the description as it is given and only has to match it to a warehouse
    /// it knows). This project's assumption, not the game's.
    public static func defaultIdentifySeconds(describing describe: KindTable) -> KindTable {
        KindTable(stateful: describe.stateful / 2, titled: describe.titled / 2, rhythmic: describe.rhythmic / 2, assembled: describe.assembled / 2)
    }

    /// A bound for tests rather than a kind of player: one that never starts an order, or one
    /// whose every action is instant and never wrong.
    public var isBound: Bool {
        if ordersAtOnce == 0 { return true }
        let times = [findSeconds, packSeconds, assembleSeconds, passSeconds] + CategoryKind.allCases.flatMap { [describeSeconds[$0], identifySeconds[$0]] }
        let chances = CategoryKind.allCases.map { misunderstandChance[$0] } + [confusionPerGroupItem, wrongTeammateChance]
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

/// What a player does once it sees that it cannot finish an order before the order's time runs
/// out: it judges from the average times of what is left to do (its own actions and its
/// teammates'), before each of its actions on the order after the first.
public enum HopelessOrderPolicy: String, Sendable, Hashable, CaseIterable {
    /// Carries on regardless: the order drains satisfaction until it is delivered or times out.
    case keepGoing
    /// Hands the package to the house as it is: a wrong delivery (P5) now, which stops the
    /// drain and, under the shipped expressions, costs less than the time-out it would become.
    case deliverWhatItHas
    /// Leaves the order to time out (P6) and turns to an order it can still finish; it never
    /// starts an order it cannot finish while another can be.
    case dropAndStartAnother
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
