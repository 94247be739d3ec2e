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
