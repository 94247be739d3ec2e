/// What `playbench diff` found: per metric, both designs' means and the paired difference with its
/// interval; per change, its effect alone.
public struct DiffResult: Sendable, Codable {
    /// A mean difference and its interval.
    public struct Difference: Sendable, Hashable, Codable {
        public var mean: Double
        public var lower: Double
        public var upper: Double

        /// The interval excludes 0: the change moved the metric.
        public var isSignificant: Bool { lower > 0 || upper < 0 }
    }

    public struct MetricRow: Sendable, Codable {
        public var metric: DiffMetric
        public var old: Double
        public var new: Double
        /// Standard deviation over games of each design: the noise that pairing removes.
        public var oldStandardDeviation: Double
        public var newStandardDeviation: Double
        public var difference: Difference
        /// Of the changes applied alone, those whose effect on this metric excludes 0.
        public var movedBy: [String]
    }

    public struct ChangeRow: Sendable, Codable {
        public var change: DesignChange
        /// Nil when the change cannot be applied alone (see `reason`) or was past the cap.
        public var effects: [DiffMetric: Difference]?
        public var reason: String?
    }

    public var oldDesign: String
    public var newDesign: String
    public var team: [String]
    public var seed: UInt64
    public var gamesRequested: Int
    public var gamesPlayed: Int
    public var maxRounds: Int
    /// The difficulty every game started at (M3); nil (absent from the JSON) for each design's
    /// minimum.
    public var startDifficulty: Double?
    public var confidence: Double
    public var metrics: [MetricRow]
    public var changes: [ChangeRow]
    /// Each design beyond maxRounds (``Horizon``); nil with the reason when not measurable.
    /// Not paired: each has its own interval.
    public var oldHorizon: Horizon?
    public var newHorizon: Horizon?
    public var oldHorizonUnavailable: String?
    public var newHorizonUnavailable: String?

    public var isPartial: Bool { gamesPlayed < gamesRequested }
}
