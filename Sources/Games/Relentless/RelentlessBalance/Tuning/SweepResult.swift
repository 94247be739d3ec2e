import MonteCarlo
import RelentlessRuns

/// What a sweep found at every point: the metrics a designer tunes for (``BalanceTarget/Metric``),
/// each with its interval, or why the point could not be played.
public struct SweepResult: Sendable, Codable {
    public var design: String
    /// The swept parameters, in `--set` order.
    public var parameters: [String]
    public var teamSizes: [Int]
    public var seed: UInt64
    public var games: Int
    public var maxRounds: Int
    /// The difficulty every point's games started at (M3); nil (absent from the JSON) for each
    /// point's minDifficultyLevel.
    public var startDifficulty: Double?
    /// The round survival and money are measured after.
    public var round: Int
    public var confidence: Double
    public var points: [Point]

    public init(
        design: String, parameters: [String], teamSizes: [Int], seed: UInt64, games: Int, maxRounds: Int, startDifficulty: Double? = nil, round: Int,
        confidence: Double, points: [Point]
    ) {
        self.design = design
        self.parameters = parameters
        self.teamSizes = teamSizes
        self.seed = seed
        self.games = games
        self.maxRounds = maxRounds
        self.startDifficulty = startDifficulty
        self.round = round
        self.confidence = confidence
        self.points = points
    }

    public struct Point: Sendable, Codable {
        public var point: SweepPoint
        public var team: [String]
        /// Why the point was not played (its parameters break a rule, say); nil when played.
        public var invalid: String?
        public var games: Int
        /// One per metric, in ``SweepResult/metrics`` order; nil where there is no value (no game
        /// reached the round).
        public var estimates: [Estimate?]

        public init(point: SweepPoint, team: [String], invalid: String?, games: Int, estimates: [Estimate?]) {
            self.point = point
            self.team = team
            self.invalid = invalid
            self.games = games
            self.estimates = estimates
        }

        /// A point played: its statistics measured.
        /// Money after a round no team survived is a statistic of broke teams only: left out
        /// (no statistic of an empty set of solvent teams).
        public static func measured(
            _ statistics: SimulationStatistics, point: SweepPoint, team: [String], round: Int, confidence: Confidence
        ) -> Point {
            let noneSolvent = round - 1 < statistics.rounds.count && statistics.rounds[round - 1].survived == 0
            return Point(
                point: point, team: team, invalid: nil, games: statistics.games,
                estimates: SweepResult.metrics.map { metric in
                    if noneSolvent && (metric == .medianMoney || metric == .meanMoney) { return nil }
                    return metric.estimate(statistics, round: round, confidence: confidence)
                })
        }

        public func estimate(_ metric: BalanceTarget.Metric) -> Estimate? {
            SweepResult.metrics.firstIndex(of: metric).flatMap { $0 < estimates.count ? estimates[$0] : nil }
        }
    }

    /// What each point reports.
    public static let metrics: [BalanceTarget.Metric] = [.survival, .medianMoney, .meanMoney, .meanRounds, .drift, .ruin]
}
