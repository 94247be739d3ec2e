import Diagnostics
import GameSeam
import ReportKit

/// What `tune` found: the value of a parameter at which one lineup's metric meets the target,
/// with the interval of values the target cannot be told apart from, and how many games it took.
public struct MetricTuneResult: Sendable, Codable {
    public var design: String
    /// How the parameter is named in sentences ("dailyExpense", "coefficient 1 of numOfCategories").
    public var parameter: String
    /// Its value as the design writes it now, and as it would with the value found.
    public var currentText: String
    public var tunedText: String
    public var metric: MetricDefinition
    public var target: Double
    public var lineup: String
    /// What a lineup is called ("team").
    public var lineupNoun: String
    /// How every game was played (``GameSeam/PlayableGame/playedAs(_:)``).
    public var playedAs: String?
    public var seed: UInt64
    public var confidence: Double
    /// The values searched, lo and hi.
    public var range: [Double]
    public var tolerance: Double
    /// Games played in all, over every value tried.
    public var gamesPlayed: Int
    public var search: TargetSearch.Result

    public init(
        design: String, parameter: String, currentText: String, tunedText: String, metric: MetricDefinition, target: Double, lineup: String,
        lineupNoun: String, playedAs: String?, seed: UInt64, confidence: Double, range: ClosedRange<Double>, tolerance: Double, gamesPlayed: Int,
        search: TargetSearch.Result
    ) {
        self.design = design
        self.parameter = parameter
        self.currentText = currentText
        self.tunedText = tunedText
        self.metric = metric
        self.target = target
        self.lineup = lineup
        self.lineupNoun = lineupNoun
        self.playedAs = playedAs
        self.seed = seed
        self.confidence = confidence
        self.range = [range.lowerBound, range.upperBound]
        self.tolerance = tolerance
        self.gamesPlayed = gamesPlayed
        self.search = search
    }

    /// "share of games alive after round 5 = 50.0%".
    public var targetText: String { "\(metric.summary) = \(metric.text(target))" }

    /// "team 4 × casual, seed 1, up to 30 rounds a game".
    var played: String { "\(lineupNoun) \(lineup), seed \(seed)\(playedAs.map { ", " + $0 } ?? "")" }

    /// The answer in a few lines: the value, its interval, the games it took.
    public var text: String {
        let s = search
        var text = "\(design): \(parameter) for \(targetText), \(played)\n\n"
        text += "  value     \(Self.number(s.value))   (\(parameter) = \(tunedText); now \(currentText))\n"
        text += "  \(Int((confidence * 100).rounded()))% interval  [\(Self.number(s.lower)), \(Self.number(s.upper))]\n"
        text += "  games     \(gamesPlayed) in all; \(s.finalGames) per value at the last of \(counted(s.stages, "stage"))\n"
        if !s.converged {
            text += "\n  The interval is wider than the tolerance (\(Self.number(tolerance))): more games (--max-games) would narrow it.\n"
        }
        text += "\nMethod: retrospective approximation. Every value is played on the same game seeds, bisection finds where the metric crosses the target and where its interval does; games double until the interval is within the tolerance.\n"
        return text
    }

    /// A page with the metric against the value, and every value tried.
    public var html: String {
        let s = search
        let level = "\(Int((confidence * 100).rounded()))% interval"
        var html = HTMLPage.start(
            title: "Tune: \(parameter) for \(targetText)",
            meta: "\(design), \(played): value \(Self.number(s.value)), \(level) [\(Self.number(s.lower)), \(Self.number(s.upper))], \(counted(gamesPlayed, "game")) in all.")
        let last = s.evaluations.filter { $0.games == s.finalGames }.sorted { $0.value < $1.value }
        let isShare = metric.kind == .proportion
        var chart = SVGChart(title: "\(metric.summary) against \(parameter)", x: parameter, y: metric.name, yRange: isShare ? 0...1 : nil)
        if isShare { chart.yFormat = { SVGChart.percent($0) } }
        chart.add(.band(lower: last.map { ($0.value, $0.lower) }, upper: last.map { ($0.value, $0.upper) }, colour: ChartPalette.ci, label: level))
        chart.add(.line(last.map { ($0.value, $0.estimate) }, colour: ChartPalette.median, label: "on \(counted(s.finalGames, "game")) per value"))
        if let first = last.first, let end = last.last {
            chart.add(.line([(first.value, target), (end.value, target)], colour: ChartPalette.hazard, label: "target", dashed: true))
        }
        let ys = (last.flatMap { [$0.lower, $0.upper] } + [target]).filter(\.isFinite)
        if let low = ys.min(), let high = ys.max() {
            chart.add(.line([(s.value, low), (s.value, high)], colour: ChartPalette.mean, label: "value found"))
            chart.add(.line([(s.lower, low), (s.lower, high)], colour: ChartPalette.difficulty, label: "its interval", dashed: true))
            chart.add(.line([(s.upper, low), (s.upper, high)], colour: ChartPalette.difficulty, label: "", dashed: true))
        }
        var stages = SVGChart(title: "Games per value, stage by stage", x: "stage", y: "games")
        let byStage: [Int] = Set(s.evaluations.map(\.games)).sorted()
        let stagePoints: [SVGChart.Point] = byStage.enumerated().map { k, n in (x: Double(k + 1), y: Double(n)) }
        stages.add(.line(stagePoints, colour: ChartPalette.survival, label: "games per value"))
        // One stage is one dot: a sentence says it better than a chart.
        let oneStage = stagePoints.count < 2
        let stagesNote = oneStage ? " The search took one stage (\(counted(s.finalGames, "game")) per value), so there is no chart of games per stage." : ""
        html += HTMLPage.section(
            "tune", "The metric against the value",
            "Every value tried at the last stage, each on the same \(s.finalGames) game seeds, with its interval; the value found is where the metric crosses the target, its interval where the metric's interval does." + stagesNote,
            [(parameter, chart.render())] + (oneStage ? [] : [("games per value at each stage", stages.render())]))
        html += "<section data-section=\"evaluations\"><h2>Every value tried</h2><table><tr><th class=\"num\">value</th><th class=\"num\">games</th><th class=\"num\">metric</th><th class=\"num\">interval</th></tr>"
        for e in s.evaluations {
            html += "<tr><td class=\"num\">\(Self.number(e.value))</td><td class=\"num\">\(e.games)</td><td class=\"num\">\(escape(metric.text(e.estimate)))</td><td class=\"num\">\(escape(metric.text(e.lower)))–\(escape(metric.text(e.upper)))</td></tr>"
        }
        return html + "</table></section>\n" + HTMLPage.end
    }

    /// A value as the search tried it: whole numbers without a fraction, others to three decimals.
    static func number(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : x.decimalText(3) }
}
