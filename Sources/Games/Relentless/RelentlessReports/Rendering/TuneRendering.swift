import Diagnostics
import RelentlessBalance
import ReportKit

/// `playbench tune`: the answer in a few lines, and a page with the metric against the value.
public enum TuneRendering {
    public static func text(_ result: TuneResult) -> String {
        let s = result.search
        var text = "\(result.design): \(result.parameter) for \(result.target), team \(result.team.joined(separator: ", ")), seed \(result.seed)\(StartDifficulty.phrase(result.startDifficulty))\n\n"
        text += "  value     \(number(s.value))   (\(result.parameter) = \(result.tunedText); now \(result.currentText))\n"
        text += "  \(Int((result.confidence * 100).rounded()))% interval  [\(number(s.lower)), \(number(s.upper))]\n"
        text += "  games     \(result.gamesPlayed) in all; \(s.finalGames) per value at the last of \(counted(s.stages, "stage"))\n"
        if !s.converged {
            text += "\n  The interval is wider than the tolerance (\(number(result.tolerance))): more games (--max-games) would narrow it.\n"
        }
        text += "\nMethod: retrospective approximation. Every value is played on the same game seeds, bisection finds where the metric crosses the target and where its interval does; games double until the interval is within the tolerance.\n"
        return text
    }

    public static func html(_ result: TuneResult) -> String {
        let s = result.search
        var html = HTMLPage.start(
            title: "Tune: \(result.parameter) for \(result.target)",
            meta: "\(result.design), team \(result.team.joined(separator: ", "))\(StartDifficulty.phrase(result.startDifficulty)): value \(number(s.value)), \(Int((result.confidence * 100).rounded()))% interval [\(number(s.lower)), \(number(s.upper))], \(counted(result.gamesPlayed, "game")) in all.")
        let last = s.evaluations.filter { $0.games == s.finalGames }.sorted { $0.value < $1.value }
        let metric = result.target.metric
        let title = "\(metric.describe(round: result.target.round)) against \(result.parameter)"
        var chart = SVGChart(title: title, x: result.parameter, y: metric.rawValue, yRange: metric.isShare ? 0...1 : nil)
        if metric.isShare { chart.yFormat = { SVGChart.percent($0) } }
        chart.add(.band(lower: last.map { ($0.value, $0.lower) }, upper: last.map { ($0.value, $0.upper) }, colour: HTMLReport.palette.ci, label: "\(Int((result.confidence * 100).rounded()))% interval"))
        chart.add(.line(last.map { ($0.value, $0.estimate) }, colour: HTMLReport.palette.median, label: "on \(counted(s.finalGames, "game")) per value"))
        if let first = last.first, let end = last.last {
            chart.add(.line([(first.value, result.target.value), (end.value, result.target.value)], colour: HTMLReport.palette.hazard, label: "target", dashed: true))
        }
        let ys = last.flatMap { [$0.lower, $0.upper] } + [result.target.value]
        if let low = ys.min(), let high = ys.max() {
            chart.add(.line([(s.value, low), (s.value, high)], colour: HTMLReport.palette.mean, label: "value found"))
            chart.add(.line([(s.lower, low), (s.lower, high)], colour: HTMLReport.palette.difficulty, label: "its interval", dashed: true))
            chart.add(.line([(s.upper, low), (s.upper, high)], colour: HTMLReport.palette.difficulty, label: "", dashed: true))
        }
        var stages = SVGChart(title: "Games per value, stage by stage", x: "stage", y: "games")
        let byStage: [Int] = Set(s.evaluations.map(\.games)).sorted()
        let stagePoints: [SVGChart.Point] = byStage.enumerated().map { k, n in (x: Double(k + 1), y: Double(n)) }
        stages.add(.line(stagePoints, colour: HTMLReport.palette.survival, label: "games per value"))
        // One stage is one dot: a sentence says it better than a chart.
        let oneStage = stagePoints.count < 2
        let stagesNote = oneStage ? " The search took one stage (\(counted(s.finalGames, "game")) per value), so there is no chart of games per stage." : ""
        html += HTMLPage.section(
            "tune", "The metric against the value",
            "Every value tried at the last stage, each on the same \(s.finalGames) game seeds, with its interval; the value found is where the metric crosses the target, its interval where the metric's interval does." + stagesNote,
            [(result.parameter, chart.render())] + (oneStage ? [] : [("games per value at each stage", stages.render())]))
        html += "<section data-section=\"evaluations\"><h2>Every value tried</h2><table><tr><th class=\"num\">value</th><th class=\"num\">games</th><th class=\"num\">metric</th><th class=\"num\">interval</th></tr>"
        for e in s.evaluations {
            let m = result.target.metric
            html += "<tr><td class=\"num\">\(number(e.value))</td><td class=\"num\">\(e.games)</td><td class=\"num\">\(escape(m.text(e.estimate)))</td><td class=\"num\">\(escape(m.text(e.lower)))–\(escape(m.text(e.upper)))</td></tr>"
        }
        return html + "</table></section>\n" + HTMLPage.end
    }

    static func number(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : x.decimalText(3) }
}
