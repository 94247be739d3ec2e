import ReportKit
import Diagnostics
import GameSeam

/// What the seam's gate found: each target's verdict with the interval it rests on.
public struct MetricGateResult: Sendable, Codable {
    public struct TargetResult: Sendable, Codable {
        public var target: MetricTarget
        /// What the target's metric is (how its values read).
        public var definition: MetricDefinition
        public var summary: String
        public var verdict: Verdict
        /// Nil when the games gave no value (a mean of fewer than two).
        public var estimate: MetricEstimate?
        public var games: Int
        public var looks: Int

        public init(
            target: MetricTarget, definition: MetricDefinition?, verdict: Verdict, estimate: MetricEstimate?, games: Int, looks: Int
        ) {
            self.target = target
            self.definition = definition ?? MetricDefinition(name: target.metric, kind: .mean, summary: target.metric)
            summary = "\(target.lineup): \(definition?.summary ?? target.metric) \(target.band.describe(asShare: definition?.kind == .proportion))"
            self.verdict = verdict
            self.estimate = estimate
            self.games = games
            self.looks = looks
        }
    }

    public var design: String
    public var seed: UInt64
    public var confidence: Double
    public var intervalConfidence: Double
    public var firstGames: Int
    public var maxGames: Int
    /// How every game was played (``MetricGatePlan/playedAs``).
    public var playedAs: String?
    /// What a lineup is called ("team").
    public var lineupNoun: String
    /// The file's settings beyond the looks and the seed (``MetricGatePlan/properties``).
    public var properties: [GateProperty]?
    public var targets: [TargetResult]

    public init(
        design: String, seed: UInt64, confidence: Double, intervalConfidence: Double, firstGames: Int, maxGames: Int, playedAs: String? = nil,
        lineupNoun: String = "lineup", properties: [GateProperty]? = nil, targets: [TargetResult]
    ) {
        self.lineupNoun = lineupNoun
        self.design = design
        self.seed = seed
        self.confidence = confidence
        self.intervalConfidence = intervalConfidence
        self.firstGames = firstGames
        self.maxGames = maxGames
        self.playedAs = playedAs
        self.properties = properties
        self.targets = targets
    }

    public var verdicts: GateVerdicts {
        GateVerdicts(
            design: design,
            targets: targets.map { t in
                let definition = t.definition
                let band = t.target.band.describe(asShare: definition.kind == .proportion)
                let explanation = GateVerdicts.explanation(
                    verdict: t.verdict, value: t.estimate?.value, lower: t.estimate?.lower ?? 0, upper: t.estimate?.upper ?? 0,
                    sample: t.estimate?.sample ?? 0, games: t.games, band: band, text: { definition.text($0) },
                    noValue: "no value in \(counted(t.games, "game"))" + (definition.withoutValue.map { ": " + $0 } ?? ""))
                return GateVerdicts.Target(
                    name: t.target.name, summary: t.summary, verdict: t.verdict, explanation: explanation,
                    measured: t.estimate.map { definition.text($0.value) } ?? "–",
                    interval: t.estimate.map { "\(definition.text($0.lower)) – \(definition.text($0.upper))" } ?? "no value", band: band,
                    games: t.games, player: t.target.lineup, source: t.target.source)
            },
            method: "Seed \(seed)\(playedAs.map { ", " + $0 } ?? ""). Each \(lineupNoun) played \(counted(firstGames, "game")), doubled while an interval straddled a band's edge, up to \(maxGames). "
                + "Intervals are at \(GateMarkdown.number(intervalConfidence, true)) each, so that all verdicts together hold with "
                + "\(GateMarkdown.number(confidence, true)) confidence however many looks were taken.",
            properties: [
                ("seed", String(seed)), ("confidence", "\(confidence)"), ("intervalConfidence", "\(intervalConfidence)"),
                ("firstGames", String(firstGames)), ("maxGames", String(maxGames)),
            ] + (properties ?? []).map { ($0.name, $0.value) })
    }
}
