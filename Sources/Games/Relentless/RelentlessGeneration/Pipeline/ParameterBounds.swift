import Diagnostics
import Relentless

/// The values of round parameters the generators can use. `check` rejects bad values already
/// (C6–C8, and each key's ``Relentless/ParameterKey/limit``); these bounds make generation safe
/// and bounded on any input, checked or not: a count beyond its key's limit would take time and
/// memory without end, a factor beyond it would make time limits no clock holds.
package enum ParameterBounds {
    /// The largest team Playbench generates for (the game's own limit is 6, C6; commands may ask
    /// for more to explore).
    static let maxPlayers = 10_000

    /// Checks every parameter a default command reads; the first problem is the error.
    package static func check(_ p: RoundParameters) throws(GenerationError) {
        try count("players", p.players, 1, maxPlayers, rule: "C6")
        try count(.numOfCategories, p.numOfCategories, 1, rule: "G1")
        try count(.numOfGroupsPerCategory, p.numOfGroupsPerCategory, 1, rule: "G2")
        try count(.numOfOrdersPerPlayer, p.numOfOrdersPerPlayer, 0, rule: "G6")
        try count(.maxNumOfItemsPerOrder, p.maxNumOfItemsPerOrder, 1, rule: "G6")
        try count(.numOfHouses, p.numOfHouses, 1, rule: "G7")
        try count(.timeForEachItem, p.timeForEachItem, 0, rule: "G6")
        let low = p.minHouseSatisfactionFactor, high = p.maxHouseSatisfactionFactor
        let most = mostHouseFactor
        guard low.isFinite, high.isFinite, low >= 0, low <= high, high <= most else {
            throw .invalidParameter(
                key: "minHouseSatisfactionFactor...maxHouseSatisfactionFactor", value: "\(low)...\(high)",
                requirement: "house factors need a range with 0 ≤ min ≤ max ≤ \(most.designerText)", rule: "G7")
        }
        try probability("probOfHavingPackageLimit", p.probOfHavingPackageLimit, rule: "G8")
        try probability("probOfSelectingOwnItem", p.probOfSelectingOwnItem, rule: "C8")
    }

    /// The keys' highest values, read from ``Relentless/ParameterKey/limit`` once: a limit spells
    /// out its reason, a string, each time it is asked for, and every round is checked.
    private static let highest: [ParameterKey: Int] = Dictionary(
        uniqueKeysWithValues: [ParameterKey.numOfCategories, .numOfGroupsPerCategory, .numOfOrdersPerPlayer, .maxNumOfItemsPerOrder, .numOfHouses, .timeForEachItem]
            .map { ($0, $0.limit.map { Int($0.highest) } ?? maxPlayers) })
    private static let mostHouseFactor = ParameterKey.maxHouseSatisfactionFactor.limit?.highest ?? .infinity

    private static func count(_ key: ParameterKey, _ value: Int, _ minimum: Int, rule: String) throws(GenerationError) {
        let maximum = highest[key] ?? key.limit.map { Int($0.highest) } ?? maxPlayers
        try count(key.rawValue, value, minimum, maximum, rule: rule)
    }

    private static func count(_ key: String, _ value: Int, _ minimum: Int, _ maximum: Int, rule: String) throws(GenerationError) {
        guard value >= minimum, value <= maximum else {
            throw .invalidParameter(
                key: key, value: String(value), requirement: "a round needs \(minimum)...\(maximum)", rule: rule)
        }
    }

    private static func probability(_ key: String, _ value: Double, rule: String) throws(GenerationError) {
        guard !value.isNaN else {
            throw .invalidParameter(key: key, value: "NaN", requirement: "a probability must be a number in 0...1", rule: rule)
        }
    }
}
