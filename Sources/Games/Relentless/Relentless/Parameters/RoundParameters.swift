/// Every parameter evaluated for one round: at one difficulty, for one team size, with C6
/// fallbacks filled in and C7 ceilings applied. Generation and simulation read only this.
public struct RoundParameters: Sendable, Hashable {
    public var difficulty: Double
    public var players: Int

    public var minNumOfPlayers: Int
    public var maxNumOfPlayers: Int
    public var minDifficultyLevel: Double
    public var maxDifficultyLevel: Double
    public var difficultyChange: Double
    public var minSatisfaction: Double
    public var maxSatisfaction: Double
    public var roundTime: Int
    public var dailyExpense: Int
    public var satisfactionToMoneyTranslation: Int
    public var satisfactionUnitDecrease: Double
    public var satisfactionRunOutPenalty: Double
    public var numOfHouses: Int
    public var minHouseSatisfactionFactor: Double
    public var maxHouseSatisfactionFactor: Double
    public var timeForEachItem: Int
    public var numOfCategories: Int
    public var numOfGroupsPerCategory: Int
    public var maxNumOfItemsPerOrder: Int
    public var numOfOrdersPerPlayer: Int
    public var probOfSelectingOwnItem: Double
    public var probOfHavingPackageLimit: Double
    public var probOfSelectingAssembledItem: Double
}

extension Parameters {
    /// The value of `key` at `difficulty` for a team of `players`: the designer's value or the
    /// C6 fallback, within its ``clamps`` range if it has one, ceiled for integer keys (C7).
    /// Satisfaction changes are expressions, not numbers, and have no value here (nil).
    public func value(_ key: ParameterKey, difficulty: Double, players: Int) -> Double? {
        guard !key.usesOrderVariables else { return nil }
        var raw = rawValue(key, difficulty: difficulty) ?? fallback(key, difficulty: difficulty, players: players)
        if !clamps.isEmpty, let range = clamps[key], !raw.isNaN { raw = min(max(raw, range.lowerBound), range.upperBound) }
        return key.isIntegral && raw.isFinite ? raw.rounded(.up) : raw
    }

    /// C6's fallback column.
    public func fallback(_ key: ParameterKey, difficulty d: Double, players: Int) -> Double {
        func v(_ k: ParameterKey) -> Double { value(k, difficulty: d, players: players) ?? 0 }
        return switch key {
        case .minNumOfPlayers: 3
        case .maxNumOfPlayers: 6
        case .minDifficultyLevel: 1
        case .maxDifficultyLevel: 10
        case .difficultyChange: 0.5
        case .minSatisfaction: 0
        case .maxSatisfaction: 100
        case .roundTime: 240
        case .dailyExpense: 50
        case .satisfactionToMoneyTranslation: 2
        case .satisfactionUnitDecrease: (v(.maxSatisfaction) / v(.roundTime)).rounded(.up)
        case .satisfactionRunOutPenalty: 0.2 * v(.maxSatisfaction)
        case .numOfHouses: 5
        case .minHouseSatisfactionFactor: 0.5
        case .maxHouseSatisfactionFactor: 1.0
        case .timeForEachItem: 70
        case .numOfCategories: (5 * d / v(.maxDifficultyLevel)).rounded(.up)
        case .numOfGroupsPerCategory, .maxNumOfItemsPerOrder, .numOfOrdersPerPlayer: (d / 2).rounded(.up)
        case .probOfSelectingOwnItem: 1 / (d + 1)
        case .probOfHavingPackageLimit: d / 50
        case .probOfSelectingAssembledItem: 1 / Double(max(players, 1))
        case .correctPackageSatisfactionChange, .wrongPackageSatisfactionChange: 0
        }
    }

    /// Every parameter for one round. Values are as the design says, even when a check would
    /// reject them; run ``ParameterChecks`` first to know they are sane.
    public func resolved(difficulty: Double, players: Int) -> RoundParameters {
        func real(_ k: ParameterKey) -> Double { value(k, difficulty: difficulty, players: players) ?? 0 }
        func int(_ k: ParameterKey) -> Int {
            let x = real(k)
            return x.isFinite ? Int(max(min(x, Double(Int32.max)), Double(Int32.min))) : 0
        }
        return RoundParameters(
            difficulty: difficulty, players: players,
            minNumOfPlayers: int(.minNumOfPlayers), maxNumOfPlayers: int(.maxNumOfPlayers),
            minDifficultyLevel: real(.minDifficultyLevel), maxDifficultyLevel: real(.maxDifficultyLevel),
            difficultyChange: real(.difficultyChange),
            minSatisfaction: real(.minSatisfaction), maxSatisfaction: real(.maxSatisfaction),
            roundTime: int(.roundTime), dailyExpense: int(.dailyExpense),
            satisfactionToMoneyTranslation: int(.satisfactionToMoneyTranslation),
            satisfactionUnitDecrease: real(.satisfactionUnitDecrease),
            satisfactionRunOutPenalty: real(.satisfactionRunOutPenalty),
            numOfHouses: int(.numOfHouses),
            minHouseSatisfactionFactor: real(.minHouseSatisfactionFactor),
            maxHouseSatisfactionFactor: real(.maxHouseSatisfactionFactor),
            timeForEachItem: int(.timeForEachItem), numOfCategories: int(.numOfCategories),
            numOfGroupsPerCategory: int(.numOfGroupsPerCategory), maxNumOfItemsPerOrder: int(.maxNumOfItemsPerOrder),
            numOfOrdersPerPlayer: int(.numOfOrdersPerPlayer),
            probOfSelectingOwnItem: real(.probOfSelectingOwnItem),
            probOfHavingPackageLimit: real(.probOfHavingPackageLimit),
            probOfSelectingAssembledItem: real(.probOfSelectingAssembledItem))
    }

    /// The difficulties a game passes through (M3): the start (the host's choice, by default
    /// minDifficultyLevel), then after every round + difficultyChange evaluated at the current
    /// difficulty, capped at the maximum. The ramp stops rising where the step is 0, negative or
    /// not finite (a check reports the last two). At most `limit` levels (a tiny step would give
    /// millions; a check rejects a ramp of more than ``ParameterKey/maxReachableDifficulties``);
    /// the game stays at the last one.
    public func reachableDifficulties(from start: Double? = nil, limit: Int = ParameterKey.maxReachableDifficulties) -> [Double] {
        guard let (low, high) = difficultyRange else { return [] }
        let first = start ?? low
        guard first.isFinite else { return [] }
        var levels = [first]
        var d = first
        while d < high, levels.count < limit {
            let step = value(.difficultyChange, difficulty: d, players: 0) ?? 0.5
            guard step.isFinite, step > 0 else { break }
            let next = min(d + step, high)
            guard next > d else { break }  // a step below d's precision
            d = next
            levels.append(d)
        }
        return levels
    }

    /// minDifficultyLevel...maxDifficultyLevel, when both are finite (their order is a check's).
    public var difficultyRange: (low: Double, high: Double)? {
        let low = value(.minDifficultyLevel, difficulty: 0, players: 0) ?? 1
        let high = value(.maxDifficultyLevel, difficulty: 0, players: 0) ?? 10
        guard low.isFinite, high.isFinite else { return nil }
        return (low, high)
    }

    /// Team sizes the design allows.
    public var teamSizes: ClosedRange<Int>? {
        guard let low = value(.minNumOfPlayers, difficulty: 0, players: 0),
            let high = value(.maxNumOfPlayers, difficulty: 0, players: 0),
            low.isFinite, high.isFinite, low <= high, abs(low) < 1e6, abs(high) < 1e6
        else { return nil }
        return Int(low)...Int(high)
    }

    /// The team sizes both the design and the game (``ParameterKey/gameTeamSizes``, C6) allow:
    /// the design's own when they are valid, what is left of them when they reach outside
    /// 3...6 (an error, but one that leaves the model defined); nil when nothing is left.
    public var playableTeamSizes: ClosedRange<Int>? {
        guard let sizes = teamSizes, sizes.overlaps(ParameterKey.gameTeamSizes) else { return nil }
        return sizes.clamped(to: ParameterKey.gameTeamSizes)
    }
}
