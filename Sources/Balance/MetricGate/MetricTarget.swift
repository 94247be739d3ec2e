import Diagnostics

/// A balance target of a game on the seam: a metric of one lineup's games (``GameSeam/Lineup``)
/// that must fall in a band, for example "spec: first — random vs random: share of games drawn
/// at most 10%".
public struct MetricTarget: Sendable, Hashable, Codable {
    public var name: String
    /// The lineup whose games it measures, by name.
    public var lineup: String
    /// The metric, by name (``GameSeam/MetricDefinition``).
    public var metric: String
    public var band: Band
    /// Where the target is written ("Designs/mygame/Balance.plist:12:4"), for messages.
    public var source: String?

    public init(name: String, lineup: String, metric: String, band: Band, source: String? = nil) {
        self.name = name
        self.lineup = lineup
        self.metric = metric
        self.band = band
        self.source = source
    }
}

/// A game's Balance.plist read for the seam's gate: its settings and targets.
public struct MetricGatePlan: Sendable, Hashable {
    public var settings: GateSettings
    public var targets: [MetricTarget]

    public init(settings: GateSettings, targets: [MetricTarget]) {
        self.settings = settings
        self.targets = targets
    }
}
