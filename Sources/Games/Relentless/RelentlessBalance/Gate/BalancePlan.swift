import Balance
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
    /// The difficulty games start at (M3, as `simulate --start-difficulty`) unless a target sets
    /// its own; nil for the design's minDifficultyLevel.
    public var startDifficulty: Double?
    public var targets: [BalanceTarget]
    /// `allowCertainRuin`: the gate does not fail a team whose every game is eventually lost (a
    /// game meant to end so). False by default: the gate adds, for each team without a `ruin`
    /// target of its own, one that its eventual ruin stays below ``certainRuin`` (M2).
    public var allowCertainRuin: Bool

    /// The eventual ruin a team must stay below unless the file allows certain ruin: 1 less the
    /// smallest share a finite run of games tells apart from every game lost.
    public static let certainRuin = 0.99

    public init(
        confidence: Confidence, schedule: LookSchedule, seed: UInt64, maxRounds: Int, startDifficulty: Double? = nil, targets: [BalanceTarget],
        allowCertainRuin: Bool = false
    ) {
        self.confidence = confidence
        self.schedule = schedule
        self.seed = seed
        self.maxRounds = maxRounds
        self.startDifficulty = startDifficulty
        self.targets = targets
        self.allowCertainRuin = allowCertainRuin
    }

    public static let defaultConfidence = GateSettings.defaultConfidence
    public static let defaultFirstGames = GateSettings.defaultFirstGames
    public static let defaultMaxGames = GateSettings.defaultMaxGames

    /// The level of every interval the gate computes: the error rate 1 − confidence shared out
    /// over every target at every look it may take (Bonferroni), so that the chance of any wrong
    /// "met" or "missed" in a whole run stays below 1 − confidence, however often it looks.
    public var perLookConfidence: Confidence { confidence.split(schedule.looks.count * max(1, targets.count)) }

    /// The difficulty `target`'s games start at: its own, else the plan's; nil for the minimum.
    public func start(of target: BalanceTarget) -> Double? { target.startDifficulty ?? startDifficulty }

    /// The targets by team and start, in the order they first appear: each group is one run of
    /// games. A start equal to `minimum` (the design's minDifficultyLevel) is the default start,
    /// nil, so targets that spell it out share the games of those that do not.
    public func groups(minimum: Double?) -> [(team: [String], start: Double?, targets: [Int])] {
        var groups: [(team: [String], start: Double?, targets: [Int])] = []
        for (i, target) in targets.enumerated() {
            let start = self.start(of: target).flatMap { $0 == minimum ? nil : $0 }
            if let g = groups.firstIndex(where: { $0.team == target.team && $0.start == start }) {
                groups[g].targets.append(i)
            } else {
                groups.append((target.team, start, [i]))
            }
        }
        return groups
    }
}
