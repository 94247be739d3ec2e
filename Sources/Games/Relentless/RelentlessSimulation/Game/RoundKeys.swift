import Relentless
import RelentlessGeneration

/// What of a round's parameters each part of a round reads, so that simulators playing one seed
/// side by side (``GameSimulator/play(_:seed:observe:)``) share what is provably the same: two
/// whose ``generation`` keys are equal make the same round from the seed, and two whose ``play``
/// keys are equal (with the same team and satisfaction rules) play it alike.
struct RoundKeys: Sendable {
    /// The parameters with those generation does not read set to 0: the money of M1 and what
    /// only play, the difficulty ramp (M3) or the team's size bounds read. A pipeline whose
    /// commands name one of them (``GenerationCommand/parametersRead``) keeps it; that no
    /// command reads one it does not name is what `RoundKeysTests` checks of every command.
    let generation: RoundParameters
    /// The parameters with M1's money (dailyExpense, satisfactionToMoneyTranslation), which
    /// only the game's score reads, set to 0.
    let play: RoundParameters
    let generationHash: Int
    let playHash: Int

    /// The keys generation may ignore unless a command names them.
    static let unreadByGeneration: [ParameterKey] = [
        .dailyExpense, .satisfactionToMoneyTranslation, .minSatisfaction, .maxSatisfaction, .roundTime, .satisfactionUnitDecrease,
        .satisfactionRunOutPenalty, .minNumOfPlayers, .maxNumOfPlayers, .minDifficultyLevel, .maxDifficultyLevel, .difficultyChange,
    ]

    init(_ parameters: RoundParameters, pipeline: Pipeline) {
        var play = parameters
        (play.dailyExpense, play.satisfactionToMoneyTranslation) = (0, 0)
        var generation = parameters
        let named = Set(pipeline.steps.flatMap { $0.command.parametersRead })
        for key in Self.unreadByGeneration where !named.contains(key) { generation.clear(key) }
        self.generation = generation
        self.play = play
        generationHash = generation.hashValue
        playHash = play.hashValue
    }
}

extension RoundParameters {
    /// Sets `key`'s field to 0 (for ``RoundKeys``; the satisfaction changes are not fields).
    mutating func clear(_ key: ParameterKey) {
        switch key {
        case .minNumOfPlayers: minNumOfPlayers = 0
        case .maxNumOfPlayers: maxNumOfPlayers = 0
        case .minDifficultyLevel: minDifficultyLevel = 0
        case .maxDifficultyLevel: maxDifficultyLevel = 0
        case .difficultyChange: difficultyChange = 0
        case .minSatisfaction: minSatisfaction = 0
        case .maxSatisfaction: maxSatisfaction = 0
        case .roundTime: roundTime = 0
        case .dailyExpense: dailyExpense = 0
        case .satisfactionToMoneyTranslation: satisfactionToMoneyTranslation = 0
        case .satisfactionUnitDecrease: satisfactionUnitDecrease = 0
        case .satisfactionRunOutPenalty: satisfactionRunOutPenalty = 0
        case .numOfHouses: numOfHouses = 0
        case .minHouseSatisfactionFactor: minHouseSatisfactionFactor = 0
        case .maxHouseSatisfactionFactor: maxHouseSatisfactionFactor = 0
        case .timeForEachItem: timeForEachItem = 0
        case .numOfCategories: numOfCategories = 0
        case .numOfGroupsPerCategory: numOfGroupsPerCategory = 0
        case .maxNumOfItemsPerOrder: maxNumOfItemsPerOrder = 0
        case .numOfOrdersPerPlayer: numOfOrdersPerPlayer = 0
        case .probOfSelectingOwnItem: probOfSelectingOwnItem = 0
        case .probOfHavingPackageLimit: probOfHavingPackageLimit = 0
        case .probOfSelectingAssembledItem: probOfSelectingAssembledItem = 0
        case .correctPackageSatisfactionChange, .wrongPackageSatisfactionChange: break
        }
    }
}
