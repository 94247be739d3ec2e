import Diagnostics
import GameSeam
import ReportKit

/// What `tune` found for a spec of several targets over several parameters (``SpecSearch``):
/// the values that meet every target with each target's measured value and interval there, or
/// the closest trade-off and the targets that conflict; the region that meets the spec; and the
/// games it took, beside what a sweep of the same resolution would play.
public struct SpecTuneResult: Sendable, Codable {
    public var design: String
    public var parameters: [SpecSearch.Dimension]
    public var targets: [MetricTarget]
    public var metrics: [MetricDefinition]
    /// How every game was played (``GameSeam/PlayableGame/playedAs(_:)``).
    public var playedAs: String?
    public var seed: UInt64
    /// The confidence of every target's interval together: each target's own is this split
    /// among the targets (Bonferroni).
    public var confidence: Double
    public var search: SpecSearch.Result
    /// Points of the grid the search chose from, and what a sweep of them all would play at the
    /// games the answer (or the last point) was measured on.
    public var gridPoints: Int
    public var sweepGames: Int

    public init(
        design: String, parameters: [SpecSearch.Dimension], targets: [MetricTarget], metrics: [MetricDefinition], playedAs: String?, seed: UInt64,
        confidence: Double, search: SpecSearch.Result, gridPoints: Int
    ) {
        self.design = design
        self.parameters = parameters
        self.targets = targets
        self.metrics = metrics
        self.playedAs = playedAs
        self.seed = seed
        self.confidence = confidence
        self.search = search
        self.gridPoints = gridPoints
        let measuredOn = search.answer?.games ?? search.evaluations.last?.games ?? 0
        sweepGames = gridPoints.multipliedReportingOverflow(by: measuredOn).overflow ? Int.max : gridPoints * measuredOn
    }

    /// "flips = 60, headsPercent = 50".
    func values(_ point: [Double]) -> String {
        zip(parameters, point).map { "\($0.name) = \(MetricTuneResult.number($1))" }.joined(separator: ", ")
    }

    func measured(_ e: SpecSearch.Evaluation, _ t: Int) -> String {
        let m = metrics[t]
        return "\(m.text(e.estimates[t])) (\(m.text(e.lower[t])) … \(m.text(e.upper[t])))"
    }

    /// Each target's band, measured value and verdict at a point.
    func rows(_ e: SpecSearch.Evaluation) -> [[String]] {
        let verdicts = e.verdicts(targets.map(\.band))
        return targets.indices.map { t in
            ["\(targets[t].lineup): \(targets[t].metric)", targets[t].band.describe(asShare: metrics[t].kind == .proportion), measured(e, t), verdicts[t].rawValue]
        }
    }

    public var text: String {
        let s = search
        let level = "\(Int((confidence * 100).rounded()))%"
        var text = "\(design): \(parameters.map(\.name).joined(separator: ", ")) for \(counted(targets.count, "target")), seed \(seed)\(playedAs.map { ", " + $0 } ?? "")\n\n"
        let header = ["target", "band", "measured (\(level) together)", "verdict"]
        if let answer = s.answer {
            text += "Every target met at \(values(answer.point)), on \(counted(answer.games, "game")):\n"
            text += TextTable.render(header, rows(answer))
        } else {
            text += "No point met every target (\(Self.why(s.stop))). The closest trade-off, points no other point beats on every target:\n"
            let columns = parameters.map(\.name) + ["games"] + targets.map(\.name)
            let rows = s.front.map { e in
                let verdicts = e.verdicts(targets.map(\.band))
                return e.point.map(MetricTuneResult.number) + ["\(e.games)"] + targets.indices.map { "\(measured(e, $0)) \(verdicts[$0].rawValue)" }
            }
            text += TextTable.render(columns, rows, keys: parameters.count)
            for pair in s.conflicts {
                text += "\nTargets in conflict: \"\(targets[pair[0]].name)\" and \"\(targets[pair[1]].name)\" can each be met in the range, not both.\n"
            }
            for t in s.unreachable { text += "\nNo value in the range meets \"\(targets[t].name)\".\n" }
        }
        if let region = s.region {
            text += "\nValues the surrogates give at least an even chance of meeting every target: "
            text += zip(parameters, region).map { "\($0.name) \(MetricTuneResult.number($1.lowerBound))…\(MetricTuneResult.number($1.upperBound))" }.joined(separator: ", ") + "\n"
        }
        let points = Set(s.evaluations.map(\.point)).count
        text += "\n\(counted(points, "point")) played, \(counted(s.gamesPlayed, "game")) in all"
        text += "; a sweep of the same \(counted(gridPoints, "point")) on \(counted(s.answer?.games ?? s.evaluations.last?.games ?? 0, "game")) each would play \(sweepGames).\n"
        text += "\nMethod: Bayesian optimization. Every point is played on the same game seeds; a Gaussian-process surrogate of each target's metric picks the point most likely to meet every target, and games double where an interval straddles a band's edge. An independent `gate` run of the answer checks it.\n"
        return text
    }

    static func why(_ stop: SpecSearch.Stop) -> String {
        switch stop {
        case .met: "met"
        case .hopeless: "the surrogates give no point of the range a chance"
        case .budget: "the points ran out: --max-points"
        }
    }
}
