import Diagnostics

/// Every key of `DefaultGameParameters.plist` (C6), with what it means, the values it may take,
/// and what the original game used when it was missing.
///
/// This table is the single source for the checker, the resolver and the README's parameter
/// reference: a key that is not here is an error (C8: nothing silently ignored).
public enum ParameterKey: String, CaseIterable, Sendable, Hashable {
    case minNumOfPlayers, maxNumOfPlayers
    case minDifficultyLevel, maxDifficultyLevel, difficultyChange
    case minSatisfaction, maxSatisfaction
    case roundTime, dailyExpense, satisfactionToMoneyTranslation, satisfactionUnitDecrease
    case correctPackageSatisfactionChange, wrongPackageSatisfactionChange, satisfactionRunOutPenalty
    case numOfHouses, minHouseSatisfactionFactor, maxHouseSatisfactionFactor, timeForEachItem
    case numOfCategories, numOfGroupsPerCategory, maxNumOfItemsPerOrder, numOfOrdersPerPlayer
    case probOfSelectingOwnItem, probOfHavingPackageLimit, probOfSelectingAssembledItem

    /// Hashes the case (its tag, the case's place in the declaration), not its name as a
    /// raw-value enum would: every resolved round looks some thirty keys up, and a calibration
    /// resolves rounds for every team it tries, where hashing the names was a tenth of its work.
    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes(of: self) { hasher.combine(bytes: $0) }
    }

    /// What values make sense, checked at every reachable difficulty.
    public enum Domain: Sendable {
        /// A whole number of players, 3...6 (the game's own limits, C6).
        case teamSize
        /// A difficulty level; any finite real.
        case level
        /// A non-negative real (difficulty step, satisfaction per second, penalty).
        case nonNegative
        /// A satisfaction bound; any finite real.
        case satisfaction
        /// A whole, positive count (houses, categories, orders…); non-integers are ceiled (C7).
        case count
        /// A whole, positive number of seconds; non-integers are ceiled (C7).
        case time
        /// A whole amount of money; non-integers are ceiled (C7). Negative is allowed but odd.
        case money
        /// A house time factor: a positive real.
        case factor
        /// A probability in 0...1.
        case probability
        /// An expression in the order variables, evaluated per delivery (C5).
        case satisfactionChange
    }

    public var domain: Domain {
        switch self {
        case .minNumOfPlayers, .maxNumOfPlayers: .teamSize
        case .minDifficultyLevel, .maxDifficultyLevel: .level
        case .difficultyChange, .satisfactionUnitDecrease, .satisfactionRunOutPenalty: .nonNegative
        case .minSatisfaction, .maxSatisfaction: .satisfaction
        case .numOfHouses, .numOfCategories, .numOfGroupsPerCategory, .maxNumOfItemsPerOrder, .numOfOrdersPerPlayer: .count
        case .roundTime, .timeForEachItem: .time
        case .dailyExpense, .satisfactionToMoneyTranslation: .money
        case .minHouseSatisfactionFactor, .maxHouseSatisfactionFactor: .factor
        case .probOfSelectingOwnItem, .probOfHavingPackageLimit, .probOfSelectingAssembledItem: .probability
        case .correctPackageSatisfactionChange, .wrongPackageSatisfactionChange: .satisfactionChange
        }
    }

    /// Where play needs a bound beyond the domain: the most a round may generate (counts), the
    /// longest clock (times), the largest house factor, and satisfaction and money small enough
    /// that M1 cannot leave 64 bits. Checked at every reachable difficulty, like the domain.
    ///
    /// The limits are generous for real designs (the shipped ones use 5 houses, orders of at most
    /// 5 items, 240 s rounds, satisfaction 0...100) and chosen so that any accepted design plays
    /// without overflow and `check` ends in bounded time:
    /// - times: a time limit is at most 50 items × 3,600 s × a factor of 1,000 = 1.8 × 10⁸ ticks,
    ///   far inside Int; a round of 3,600 s shows a player at most 241 orders (P2);
    /// - money (M1): a round changes money by at most 6 players × 10⁶ satisfaction × 10⁶
    ///   translation + 10⁹ expense ≈ 6 × 10¹², so 10,000 rounds (simulate's `--max-rounds`
    ///   limit) stay below 6.1 × 10¹⁶, far inside Int64's 9.2 × 10¹⁸;
    /// - counts: a round holds at most 6 players × 250 orders × 50 items, so generating and
    ///   checking one is bounded.
    public struct Limit: Sendable, Equatable {
        /// The smallest value allowed, when the domain does not already give one.
        public var lowest: Double?
        public var highest: Double
        /// The rule the limit protects (C6 for what a round holds and how long it lasts, M1 for money).
        public var rule: String
        /// Why this limit, for messages: what breaks beyond it.
        public var reason: String

        /// "at most 100" or "within ±1,000,000", as the README's parameter table writes it.
        public var text: String {
            let high = Self.grouped(highest)
            return lowest == -highest ? "within ±\(high)" : "at most \(high)"
        }

        /// 1000000 as "1,000,000".
        public static func grouped(_ x: Double) -> String { Int64(x).groupedText }
    }

    /// The team sizes the game is for (C6): whatever a design's minNumOfPlayers and
    /// maxNumOfPlayers say, a game has 3 to 6 players.
    public static let gameTeamSizes = 3...6

    /// Whether `x` players (before the C7 ceiling or after it) is a team the game is for.
    public static func isGameTeamSize(_ x: Double) -> Bool {
        x >= Double(gameTeamSizes.lowerBound) && x <= Double(gameTeamSizes.upperBound)
    }

    /// "the game is for 3 to 6 players", for messages.
    public static let gameTeamSizesText = "the game is for \(gameTeamSizes.lowerBound) to \(gameTeamSizes.upperBound) players"

    /// The longest difficulty ramp (M3): reachable difficulties, the start included. A game plays
    /// one a round and `check` evaluates and samples every one, so its run time grows with them.
    public static let maxReachableDifficulties = 1_000

    /// This key's limit, or nil when its domain is enough (probabilities, levels, the drain and
    /// the satisfaction changes: reals whose arithmetic is in doubles and clamped, P5).
    public var limit: Limit? {
        let round = "a round grows with it, and so do check's sampling and play"
        let money = "money over 10,000 rounds of 6 players must fit in 64 bits (M1 adds satisfaction sum × satisfactionToMoneyTranslation − dailyExpense a round)"
        return switch self {
        case .numOfHouses: Limit(highest: 100, rule: "C6", reason: "a player with more than 100 houses is not a real design; \(round)")
        case .numOfCategories: Limit(highest: 1_000, rule: "C6", reason: "no catalogue is that large; \(round)")
        case .numOfGroupsPerCategory: Limit(highest: 100, rule: "C6", reason: "more than 100 groups of confusable items per category is not a real design; \(round)")
        case .maxNumOfItemsPerOrder: Limit(highest: 50, rule: "C6", reason: "an order of more than 50 items is not a real design; \(round)")
        case .numOfOrdersPerPlayer:
            Limit(highest: 250, rule: "C6", reason: "even a round of 3,600 s shows a player at most 241 orders, one every 15 s (P2); \(round)")
        case .roundTime: Limit(highest: 3_600, rule: "C6", reason: "a round of more than an hour is not a real design, and play steps through every second")
        case .timeForEachItem: Limit(highest: 3_600, rule: "C6", reason: "no order needs more than the longest round (3,600 s) per item, and time limits must fit the clock")
        case .minHouseSatisfactionFactor, .maxHouseSatisfactionFactor:
            Limit(highest: 1_000, rule: "C6", reason: "time limits (items × timeForEachItem × factor) must fit the clock; a factor that large never lets an order run out anyway")
        case .minSatisfaction, .maxSatisfaction: Limit(lowest: -1e6, highest: 1e6, rule: "M1", reason: money)
        case .satisfactionToMoneyTranslation: Limit(highest: 1e6, rule: "M1", reason: money)
        case .dailyExpense: Limit(lowest: -1e9, highest: 1e9, rule: "M1", reason: money)
        default: nil
        }
    }

    /// Integer-valued keys take the ceiling of a non-integral value (C7).
    public var isIntegral: Bool {
        switch domain {
        case .teamSize, .count, .time, .money: true
        default: false
        }
    }

    /// Keys that fix the range of difficulties and team sizes cannot themselves depend on the
    /// difficulty: they are read once, before any round.
    public var isStatic: Bool {
        switch self {
        // M3: difficultyChange is evaluated at the current difficulty each round, so it may use
        // diffLevel like any other per-round key.
        case .minNumOfPlayers, .maxNumOfPlayers, .minDifficultyLevel, .maxDifficultyLevel: true
        default: false
        }
    }

    public var usesOrderVariables: Bool { domain == .satisfactionChange }

    /// What the key does, with the rule that uses it (for help text and the README).
    public var meaning: String {
        switch self {
        case .minNumOfPlayers: "smallest team allowed (C6)"
        case .maxNumOfPlayers: "largest team allowed (C6)"
        case .minDifficultyLevel: "difficulty of the first round (M3)"
        case .maxDifficultyLevel: "highest difficulty the ramp reaches (M3)"
        case .difficultyChange: "added to the difficulty after every round, evaluated at the current difficulty, capped at the maximum (M3)"
        case .minSatisfaction: "lowest satisfaction; reaching it ends the round (P5, P7)"
        case .maxSatisfaction: "satisfaction at the start of every round, and its ceiling (P1, P5)"
        case .roundTime: "seconds in a round (P1, P7)"
        case .dailyExpense: "money deducted after every round (M1)"
        case .satisfactionToMoneyTranslation: "money per point of the team's summed satisfaction (M1)"
        case .satisfactionUnitDecrease: "satisfaction lost per second per active order (P3)"
        case .correctPackageSatisfactionChange: "added to satisfaction on a correct delivery (P5)"
        case .wrongPackageSatisfactionChange: "added to satisfaction on a wrong delivery or a time-out (P5, P6)"
        case .satisfactionRunOutPenalty: "parsed but never used by the original; Playbench warns when it is set (C8)"
        case .numOfHouses: "houses per player; orders are dealt to them round-robin (G7)"
        case .minHouseSatisfactionFactor: "lower bound of a house's time factor (G7)"
        case .maxHouseSatisfactionFactor: "upper bound of a house's time factor (G7)"
        case .timeForEachItem: "seconds of order time per item in the order (G6)"
        case .numOfCategories: "categories chosen per round (G1)"
        case .numOfGroupsPerCategory: "groups chosen per category (G2)"
        case .maxNumOfItemsPerOrder: "largest order; order sizes are uniform in 1...this (G6)"
        case .numOfOrdersPerPlayer: "orders per player per round (G6)"
        case .probOfSelectingOwnItem: "parsed but never used by the original; Playbench warns when it is set (C8)"
        case .probOfHavingPackageLimit: "chance that a round limits package size (G8)"
        case .probOfSelectingAssembledItem: "not used by any rule; Playbench warns when it is set (C8)"
        }
    }

    /// The fallback of C6, as text for messages and docs.
    public var fallbackDescription: String {
        switch self {
        case .minNumOfPlayers: "3"
        case .maxNumOfPlayers: "6"
        case .minDifficultyLevel: "1"
        case .maxDifficultyLevel: "10"
        case .difficultyChange: "0.5"
        case .minSatisfaction: "0"
        case .maxSatisfaction: "100"
        case .roundTime: "240"
        case .dailyExpense: "50"
        case .satisfactionToMoneyTranslation: "2"
        case .satisfactionUnitDecrease: "ceil(maxSatisfaction / roundTime)"
        case .correctPackageSatisfactionChange: "25 × timeLeft / totalTime + numOfItems"
        case .wrongPackageSatisfactionChange: "−(25 × (totalTime − timeLeft) / totalTime + numOfDifferences / numOfItems)"
        case .satisfactionRunOutPenalty: "0.2 × maxSatisfaction"
        case .numOfHouses: "5"
        case .minHouseSatisfactionFactor: "0.5"
        case .maxHouseSatisfactionFactor: "1.0"
        case .timeForEachItem: "70"
        case .numOfCategories: "ceil(5 × diffLevel / maxDifficultyLevel)"
        case .numOfGroupsPerCategory, .maxNumOfItemsPerOrder, .numOfOrdersPerPlayer: "ceil(diffLevel / 2)"
        case .probOfSelectingOwnItem: "1 / (diffLevel + 1)"
        case .probOfHavingPackageLimit: "diffLevel / 50"
        case .probOfSelectingAssembledItem: "1 / numberOfPlayers"
        }
    }

    /// C8: keys whose value no rule of the game uses. Setting one earns a warning.
    public var isUnusedByRules: Bool {
        self == .satisfactionRunOutPenalty || self == .probOfSelectingOwnItem || self == .probOfSelectingAssembledItem
    }
}
