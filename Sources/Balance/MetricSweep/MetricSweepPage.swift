import Diagnostics
import GameSeam
import ReportKit

/// A sweep's `report.html`: for each metric, heatmaps over the last two swept parameters (the
/// second-to-last across, the last up; with one parameter, it across and the lineups up), one
/// per combination of the earlier ones (team sizes, say, which a sweep puts outermost); then the
/// table. Self-contained like every report.
public enum MetricSweepPage {
    public static func render(_ result: MetricSweepResult) -> String {
        var html = HTMLPage.start(
            title: "Sweep: \(result.parameters.joined(separator: " × "))",
            meta: "\(result.design): \(counted(result.points.count, "point")) × \(counted(result.games, "game")), the same seeds (\(result.seed)) at every point\(result.playedAs.map { ", " + $0 } ?? ""); \(Int((result.confidence * 100).rounded()))% intervals in the table.")
        let layout = Layout(result)
        for metric in result.metrics {
            let charts = layout.facets.map { facet -> (label: String, svg: String) in
                var map = SVGHeatmap(
                    title: "\(metric.summary) — \(facet.label)", xLabel: layout.xLabel, yLabel: layout.yLabel, columns: layout.columns, rows: layout.rows,
                    values: layout.rows.indices.map { r in layout.columns.indices.map { c in facet.value(r, c, metric.name) } })
                map.valueFormat = { metric.text($0) }
                if metric.kind == .proportion { map.range = 0...1 }
                return (facet.label, map.render())
            }
            html += HTMLPage.section(
                metric.family, metric.summary.capitalizedFirst,
                "A grey cell was not played (its values make no design), or has no value" + (metric.withoutValue.map { ": \($0)." } ?? "."), charts)
        }
        html += "<section data-section=\"table\"><h2>Every point</h2><table><tr>"
        for cell in MetricSweepTables.header(result) { html += "<th class=\"num\">\(escape(cell))</th>" }
        html += "</tr>"
        for row in MetricSweepTables.rows(result) {
            html += "<tr>" + row.map { "<td class=\"num\">\(escape($0))</td>" }.joined() + "</tr>"
        }
        return html + "</table></section>\n" + HTMLPage.end
    }

    /// Which dimension goes where.
    struct Layout {
        var xLabel: String
        var yLabel: String
        var columns: [String]
        var rows: [String]
        var facets: [Facet]

        struct Facet {
            var label: String
            var value: (_ row: Int, _ column: Int, _ metric: String) -> Double?
        }

        init(_ result: MetricSweepResult) {
            let values: [[String]] = result.parameters.indices.map { s in
                var seen: [String] = []
                for p in result.points where !seen.contains(p.values[s]) { seen.append(p.values[s]) }
                return seen
            }
            var lineups: [String] = []
            for p in result.points { for name in p.lineups where !lineups.contains(name) { lineups.append(name) } }
            let parameters = result.parameters, points = result.points, noun = result.lineupNoun
            // Which parameter goes across, which up, and which make the facets.
            let x: Int? = values.isEmpty ? nil : (values.count >= 2 ? values.count - 2 : 0)
            let y: Int? = values.count >= 2 ? values.count - 1 : nil
            let rest = Array(0..<max(0, values.count - 2))
            let perPoint = points.contains { $0.lineups.count > 1 }
            let yIsLineup = y == nil && x != nil && perPoint
            xLabel = x.map { parameters[$0] } ?? noun
            columns = x.map { values[$0] } ?? lineups
            yLabel = y.map { parameters[$0] } ?? (yIsLineup ? noun : "")
            rows = y.map { values[$0] } ?? (yIsLineup ? lineups : [""])
            let facetLineups: [String?] = !perPoint || yIsLineup || x == nil ? [nil] : lineups.map(Optional.some)
            var combos: [[Int]] = [[]]
            for s in rest { combos = combos.flatMap { c in values[s].indices.map { c + [$0] } } }
            facets = facetLineups.flatMap { lineup in
                combos.map { combo in
                    var parts: [String] = []
                    for (k, s) in rest.enumerated() { parts.append("\(parameters[s]) = \(values[s][combo[k]])") }
                    if let lineup { parts.append(lineup) }
                    let label = parts.isEmpty ? (lineups.count == 1 ? lineups[0] : "every \(noun)") : parts.joined(separator: ", ")
                    return Facet(label: label) { r, c, metric in
                        let point = points.first { p in
                            if let x, p.values[x] != values[x][c] { return false }
                            if let y, p.values[y] != values[y][r] { return false }
                            for (k, s) in rest.enumerated() where p.values[s] != values[s][combo[k]] { return false }
                            return true
                        }
                        guard let point, point.notPlayed == nil else { return nil }
                        let name = x == nil ? lineups[c] : (yIsLineup ? lineups[r] : (lineup ?? point.lineups.first ?? ""))
                        return point.estimate(metric, lineup: name)?.value
                    }
                }
            }
        }
    }
}
