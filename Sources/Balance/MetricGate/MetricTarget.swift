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
    /// How every game is played, in a phrase the gate's method starts with ("up to 30 rounds a
    /// game"), where the file sets more than the looks; nil for nothing more.
    public var playedAs: String?
    /// Settings of the file beyond the looks and the seed, in order ("maxRounds": "30"), for the
    /// JUnit report's properties and the JSON.
    public var properties: [GateProperty]

    public init(settings: GateSettings, targets: [MetricTarget], playedAs: String? = nil, properties: [GateProperty] = []) {
        self.settings = settings
        self.targets = targets
        self.playedAs = playedAs
        self.properties = properties
    }
}

/// A setting a gate reports beside its verdicts.
public struct GateProperty: Sendable, Hashable, Codable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
