import Diagnostics
import Balance
import MonteCarlo

/// What `playbench gate` found: each target's verdict with the interval it rests on.
public struct GateResult: Sendable, Codable {
    public struct TargetResult: Sendable, Codable {
        public var target: BalanceTarget
        public var verdict: Verdict
        /// Nil when no game gave a value: no game reached the round (the target is then missed).
        public var estimate: Estimate?
        /// Games the target's team played.
        public var games: Int
        /// Looks at the games the team took.
        public var looks: Int

        public init(target: BalanceTarget, verdict: Verdict, estimate: Estimate?, games: Int, looks: Int) {
            self.target = target
            self.verdict = verdict
            self.estimate = estimate
            self.games = games
            self.looks = looks
        }

        /// One sentence: the estimate, its interval and what that means for the band.
        public var explanation: String {
            GateVerdicts.explanation(
                verdict: verdict, value: estimate?.value, lower: estimate?.lower ?? 0, upper: estimate?.upper ?? 0, sample: estimate?.sample ?? 0,
                games: games, band: target.band.describe(asShare: target.metric.isShare), text: target.metric.text,
                noValue: "no value in \(counted(games, "game")): no game reached round \(target.round ?? 0) (every team went broke before it)")
        }
    }

    public var design: String
    public var seed: UInt64
    public var confidence: Double
    /// The level each interval was computed at (``BalancePlan/perLookConfidence``).
    public var intervalConfidence: Double
    public var firstGames: Int
    public var maxGames: Int
    public var maxRounds: Int
    /// The difficulty games start at (M3) unless a target sets its own; nil (and absent from the
    /// JSON) for the design's minimum.
    public var startDifficulty: Double?
    public var targets: [TargetResult]

    public init(
        design: String, seed: UInt64, confidence: Double, intervalConfidence: Double, firstGames: Int, maxGames: Int, maxRounds: Int,
        startDifficulty: Double? = nil, targets: [TargetResult]
    ) {
        self.design = design
        self.seed = seed
        self.confidence = confidence
        self.intervalConfidence = intervalConfidence
        self.firstGames = firstGames
        self.maxGames = maxGames
        self.maxRounds = maxRounds
        self.startDifficulty = startDifficulty
        self.targets = targets
    }

    public var missed: [TargetResult] { targets.filter { $0.verdict == .missed } }
    public var undecided: [TargetResult] { targets.filter { $0.verdict == .undecided } }
    public var met: [TargetResult] { targets.filter { $0.verdict == .met } }

    /// "2 of 5 targets met, 1 missed, 1 undecided".
    public var summary: String { verdicts.summary }
}
