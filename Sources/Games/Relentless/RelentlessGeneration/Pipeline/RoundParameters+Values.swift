import Relentless

extension RoundParameters {
    /// The value of `key` in this round, for printing what a command read; nil for the
    /// satisfaction-change expressions, which are not numbers.
    public func number(_ key: ParameterKey) -> Double? {
        switch key {
        case .minNumOfPlayers: Double(minNumOfPlayers)
        case .maxNumOfPlayers: Double(maxNumOfPlayers)
        case .minDifficultyLevel: minDifficultyLevel
        case .maxDifficultyLevel: maxDifficultyLevel
        case .difficultyChange: difficultyChange
        case .minSatisfaction: minSatisfaction
        case .maxSatisfaction: maxSatisfaction
        case .roundTime: Double(roundTime)
        case .dailyExpense: Double(dailyExpense)
        case .satisfactionToMoneyTranslation: Double(satisfactionToMoneyTranslation)
        case .satisfactionUnitDecrease: satisfactionUnitDecrease
        case .satisfactionRunOutPenalty: satisfactionRunOutPenalty
        case .numOfHouses: Double(numOfHouses)
        case .minHouseSatisfactionFactor: minHouseSatisfactionFactor
        case .maxHouseSatisfactionFactor: maxHouseSatisfactionFactor
        case .timeForEachItem: Double(timeForEachItem)
        case .numOfCategories: Double(numOfCategories)
        case .numOfGroupsPerCategory: Double(numOfGroupsPerCategory)
        case .maxNumOfItemsPerOrder: Double(maxNumOfItemsPerOrder)
        case .numOfOrdersPerPlayer: Double(numOfOrdersPerPlayer)
        case .probOfSelectingOwnItem: probOfSelectingOwnItem
        case .probOfHavingPackageLimit: probOfHavingPackageLimit
        case .probOfSelectingAssembledItem: probOfSelectingAssembledItem
        case .correctPackageSatisfactionChange, .wrongPackageSatisfactionChange: nil
        }
    }
}
