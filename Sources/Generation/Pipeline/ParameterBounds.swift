import Relentless

/// The values of round parameters the generators can use. `check` rejects most bad values
/// already (C6–C8); these bounds make generation safe and bounded on any input, including very
/// large counts that are legal but would take unbounded time or memory.
enum ParameterBounds {
    /// The largest count of anything per round Playbench generates (orders, houses, items per order, groups).
    static let maxCount = 10_000

    /// Checks every parameter a default command reads; the first problem is the error.
    static func check(_ p: RoundParameters) throws(GenerationError) {
        try count("players", p.players, 1, rule: "C6")
        try count("numOfCategories", p.numOfCategories, 1, rule: "G1")
        try count("numOfGroupsPerCategory", p.numOfGroupsPerCategory, 1, rule: "G2")
        try count("numOfOrdersPerPlayer", p.numOfOrdersPerPlayer, 0, rule: "G6")
        try count("maxNumOfItemsPerOrder", p.maxNumOfItemsPerOrder, 1, rule: "G6")
        try count("numOfHouses", p.numOfHouses, 1, rule: "G7")
        if p.timeForEachItem < 0 {
            throw .invalidParameter(key: "timeForEachItem", value: String(p.timeForEachItem), requirement: "a time cannot be negative", rule: "G6")
        }
        let low = p.minHouseSatisfactionFactor, high = p.maxHouseSatisfactionFactor
        guard low.isFinite, high.isFinite, low >= 0, low <= high else {
            throw .invalidParameter(
                key: "minHouseSatisfactionFactor...maxHouseSatisfactionFactor", value: "\(low)...\(high)",
                requirement: "house factors need a finite range with 0 ≤ min ≤ max", rule: "G7")
        }
        try probability("probOfHavingPackageLimit", p.probOfHavingPackageLimit, rule: "G8")
        try probability("probOfSelectingOwnItem", p.probOfSelectingOwnItem, rule: "C8")
    }

    private static func count(_ key: String, _ value: Int, _ minimum: Int, rule: String) throws(GenerationError) {
        guard value >= minimum, value <= maxCount else {
            throw .invalidParameter(
                key: key, value: String(value), requirement: "a round needs \(minimum)...\(maxCount)", rule: rule)
        }
    }

    private static func probability(_ key: String, _ value: Double, rule: String) throws(GenerationError) {
        guard !value.isNaN else {
            throw .invalidParameter(key: key, value: "NaN", requirement: "a probability must be a number in 0...1", rule: rule)
        }
    }
}
