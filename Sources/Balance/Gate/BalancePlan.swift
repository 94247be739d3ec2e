import MonteCarlo

/// A design's balance targets and how to test them (`Balance.plist`).
///
/// ```swift
/// let (plan, diagnostics) = BalanceReader.read(root, file: "Designs/relentless/Balance.plist")
/// plan?.schedule.looks       // [500, 1000, 2000, 4000, 8000]
/// plan?.perLookConfidence    // the level each interval is computed at
/// ```
public struct BalancePlan: Sendable, Hashable {
    /// The chance that the gate's verdicts are all right together (see ``perLookConfidence``).
    public var confidence: Confidence
    public var schedule: LookSchedule
    /// The run's seed: every team plays games from the same game seeds.
    public var seed: UInt64
    /// Games stop after this many rounds (as `simulate --max-rounds`).
    public var maxRounds: Int
    public var targets: [BalanceTarget]

    public init(confidence: Confidence, schedule: LookSchedule, seed: UInt64, maxRounds: Int, targets: [BalanceTarget]) {
        self.confidence = confidence
        self.schedule = schedule
        self.seed = seed
        self.maxRounds = maxRounds
        self.targets = targets
    }

    public static let defaultConfidence = Confidence(0.95)
    public static let defaultFirstGames = 500
    public static let defaultMaxGames = 8000

    /// The level of every interval the gate computes: the error rate 1 − confidence shared out
    /// over every target at every look it may take (Bonferroni), so that the chance of any wrong
    /// "met" or "missed" in a whole run stays below 1 − confidence, however often it looks.
    public var perLookConfidence: Confidence { confidence.split(schedule.looks.count * max(1, targets.count)) }

    /// The targets by team, teams in the order they first appear.
    public var teams: [(team: [String], targets: [Int])] {
        var groups: [(team: [String], targets: [Int])] = []
        for (i, target) in targets.enumerated() {
            if let g = groups.firstIndex(where: { $0.team == target.team }) { groups[g].targets.append(i) } else { groups.append((target.team, [i])) }
        }
        return groups
    }
}
