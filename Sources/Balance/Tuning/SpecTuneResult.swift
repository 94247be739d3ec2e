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
    /// Lineups every point plays (those the targets name): a point's games are each lineup's.
    public var lineups: Int
    /// Games in all: the search's games a point, over every lineup.
    public var gamesPlayed: Int
    /// Games in all that a sweep of the grid would play, over every lineup.
    public var sweepGames: Int
    /// Each target's surrogate along each parameter through ``centre``.
    public var profiles: [SpecSearch.Profile]

    public init(
        design: String, parameters: [SpecSearch.Dimension], targets: [MetricTarget], metrics: [MetricDefinition], playedAs: String?, seed: UInt64,
        confidence: Double, search: SpecSearch.Result, gridPoints: Int, lineups: Int, profiles: [SpecSearch.Profile]
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
        self.profiles = profiles
        self.lineups = lineups
        gamesPlayed = search.gamesPlayed * lineups
        let measuredOn = search.answer?.games ?? search.evaluations.last?.games ?? 0
        let sweep = gridPoints.multipliedReportingOverflow(by: measuredOn * lineups)
        sweepGames = sweep.overflow ? Int.max : sweep.partialValue
    }

    /// The point the page's profiles pass through: the answer, else the first point of the
    /// trade-off, else the last point played.
    public static func centre(of search: SpecSearch.Result) -> [Double]? {
        search.answer?.point ?? search.front.first?.point ?? search.evaluations.last?.point
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
        let each = lineups > 1 ? " over \(lineups) lineups" : ""
        text += "\n\(counted(points, "point")) played, \(counted(gamesPlayed, "game")) in all\(each)"
        text += "; a sweep of the same \(counted(gridPoints, "point")) on \(counted(s.answer?.games ?? s.evaluations.last?.games ?? 0, "game")) a lineup each would play \(sweepGames).\n"
        text += "\nMethod: Bayesian optimization. Every point is played on the same game seeds; a Gaussian-process surrogate of each target's metric picks the point most likely to meet every target, and games double where an interval straddles a band's edge. An independent `gate` run of the answer checks it.\n"
        return text
    }

    /// The page: each target's surrogate along each parameter through the answer (or the
    /// closest point), with its band, the band the target asks for, the points played and the
    /// answer's value; where there are two parameters or more, the points played in the plane of
    /// the first two; and every point played with its measures.
    public var html: String {
        let s = search
        let level = "\(Int((confidence * 100).rounded()))%"
        let summary = s.answer.map { "every target met at \(values($0.point))" } ?? "no point met every target (\(Self.why(s.stop)))"
        var page = HTMLPage.start(
            title: "Tune: \(parameters.map(\.name).joined(separator: ", ")) for \(counted(targets.count, "target"))",
            meta: "\(design), seed \(seed)\(playedAs.map { ", " + $0 } ?? ""): \(summary); \(counted(Set(s.evaluations.map(\.point)).count, "point")), \(counted(gamesPlayed, "game")) in all.")
        let centre = Self.centre(of: s) ?? []
        let played = s.lastEvaluations
        var charts: [(label: String, svg: String)] = []
        for profile in profiles {
            let parameter = parameters[profile.parameter].name, target = targets[profile.target], metric = metrics[profile.target]
            var chart = SVGChart(title: "\(target.name) against \(parameter)", x: parameter, y: metric.name)
            if metric.kind == .proportion { chart.yFormat = { SVGChart.percent($0) } }
            // A share's band is drawn within 0…1, where its values lie.
            let (lower, upper) = metric.kind == .proportion ? (profile.lower.map { max(0, $0) }, profile.upper.map { min(1, $0) }) : (profile.lower, profile.upper)
            chart.add(.band(
                lower: zip(profile.x, lower).map { ($0, $1) }, upper: zip(profile.x, upper).map { ($0, $1) }, colour: ChartPalette.ci,
                label: "surrogate, \(level) band"))
            chart.add(.line(zip(profile.x, profile.mean).map { ($0, $1) }, colour: ChartPalette.median, label: "surrogate mean"))
            let ends = [profile.x.first ?? 0, profile.x.last ?? 0]
            if let low = target.band.atLeast { chart.add(.reference(ends.map { ($0, low) }, colour: ChartPalette.hazard, label: "at least")) }
            if let high = target.band.atMost { chart.add(.reference(ends.map { ($0, high) }, colour: ChartPalette.hazard, label: "at most")) }
            let dots = played.filter { $0.estimates[profile.target].isFinite }
            for (k, e) in dots.enumerated() {
                chart.add(.line([(e.point[profile.parameter], e.estimates[profile.target])], colour: ChartPalette.mean, label: k == 0 ? "points played (any other values)" : ""))
            }
            if centre.indices.contains(profile.parameter) {
                let ys = (profile.lower + profile.upper).filter(\.isFinite)
                if let low = ys.min(), let high = ys.max() {
                    chart.add(.line(
                        [(centre[profile.parameter], low), (centre[profile.parameter], high)], colour: ChartPalette.difficulty,
                        label: s.answer == nil ? "closest point" : "answer", dashed: true))
                }
            }
            charts.append(("\(target.name) against \(parameter)", chart.render()))
        }
        page += HTMLPage.section(
            "profiles", "Each target along each parameter",
            "Each target's surrogate (a Gaussian process of the points played, each point's noise its own) along one parameter, the others at \(centre.isEmpty ? "the last point" : values(centre)), with the band the target asks for. The dots are every point played, whatever its other values.",
            charts)
        if parameters.count >= 2 {
            var plane = SVGChart(title: "Points played", x: parameters[0].name, y: parameters[1].name)
            let bands = targets.map(\.band)
            var labelled: Set<String> = []
            for e in played {
                let meets = e.verdicts(bands).allSatisfy { $0 == .met }
                let label = meets ? "every target met" : "not every target met"
                plane.add(.line([(e.point[0], e.point[1])], colour: meets ? ChartPalette.correct : ChartPalette.mean, label: labelled.insert(label).inserted ? label : ""))
            }
            plane.xRange = parameters[0].range
            plane.yRange = parameters[1].range
            page += HTMLPage.section(
                "points", "Where the search played", "Every point played in the plane of \(parameters[0].name) and \(parameters[1].name)\(parameters.count > 2 ? " (the others at any value)" : "").",
                [("points played", plane.render())])
        }
        let header = parameters.map(\.name) + ["games"] + targets.map(\.name)
        let rows = s.evaluations.map { e in
            let verdicts = e.verdicts(targets.map(\.band))
            return e.point.map(MetricTuneResult.number) + ["\(e.games)"] + targets.indices.map { "\(measured(e, $0)) \(verdicts[$0].rawValue)" }
        }
        page += "<section data-section=\"evaluations\"><h2>Every point played, in order</h2><div class=\"row\">"
        page += HTMLPage.table("points", header, rows, numeric: 0, last: true)
        page += "</div></section>\n"
        return page + HTMLPage.end
    }

    static func why(_ stop: SpecSearch.Stop) -> String {
        switch stop {
        case .met: "met"
        case .hopeless: "the surrogates give no point of the range a chance"
        case .budget: "the points ran out: --max-points"
        }
    }
}
