import Diagnostics
import RelentlessBalance
import ReportKit

/// A sweep's `report.html`: for each metric, heatmaps over the swept values (the first `--set`
/// across, the second, or else the team size, up), one per combination of the other dimensions;
/// then the table. Self-contained like the balance report.
public enum SweepHTML {
    public static func render(_ result: SweepResult) -> String {
        let settings = result.parameters.count
        var html = HTMLPage.start(
            title: "Sweep: \(result.parameters.joined(separator: " × "))",
            meta: "\(result.design): \(counted(result.points.count, "point")) × \(counted(result.games, "game")), the same seeds (\(result.seed)) at every point, up to \(result.maxRounds) rounds\(StartDifficulty.phrase(result.startDifficulty)); \(Int((result.confidence * 100).rounded()))% intervals in the table.")
        let layout = Layout(result)
        for metric in SweepResult.metrics {
            let charts = layout.facets.map { facet -> (label: String, svg: String) in
                var map = SVGHeatmap(
                    title: "\(metric.describe(round: result.round)) — \(facet.label)", xLabel: layout.xLabel, yLabel: layout.yLabel,
                    columns: layout.columns, rows: layout.rows, values: layout.rows.indices.map { r in
                        layout.columns.indices.map { c in facet.point(r, c).flatMap { $0.invalid == nil ? $0.estimate(metric)?.value : nil } }
                    })
                map.valueFormat = metric.text
                if metric.isShare { map.range = 0...1 }
                return (facet.label, map.render())
            }
            html += HTMLPage.section(metric.rawValue, metric.describe(round: result.round).capitalizedFirst, note(metric, settings: settings), charts)
        }
        html += "<section data-section=\"table\"><h2>Every point</h2><table><tr>"
        for cell in SweepTables.header(result) { html += "<th class=\"num\">\(escape(cell))</th>" }
        html += "</tr>"
        for row in SweepTables.rows(result) {
            html += "<tr>" + row.map { "<td class=\"num\">\(escape($0))</td>" }.joined() + "</tr>"
        }
        return html + "</table></section>\n" + HTMLPage.end
    }

    static func note(_ metric: BalanceTarget.Metric, settings: Int) -> String {
        let what: String
        switch metric {
        case .survival: what = "Share of games with money ≥ 0 after the round (M2)."
        case .medianMoney: what = "Median money after the round (M1), over the games that played it."
        case .meanMoney: what = "Mean money after the round (M1), over the games that played it."
        case .meanRounds: what = "Mean rounds a game reached (M2: the score)."
        case .drift: what = "Money a round once the difficulty has reached its top, beyond the last round too (README, \"Beyond the horizon\")."
        case .ruin: what = "Share of games eventually lost, extrapolated beyond the last round from the top of the difficulty ramp."
        case .unplayable: what = "Share of games ended by a round the host could not make."
        }
        return what + " A grey cell was not played (its values break a rule), or has no value: no game reached the round, no team was solvent after it (money), or none reached the top difficulty (drift)."
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
            var point: (Int, Int) -> SweepResult.Point?
        }

        init(_ result: SweepResult) {
            let values: [[String]] = result.parameters.indices.map { s in
                var seen: [String] = []
                for p in result.points where !seen.contains(p.point.values[s]) { seen.append(p.point.values[s]) }
                return seen
            }
            let sizes = result.teamSizes
            xLabel = result.parameters.first ?? "players"
            columns = values.first ?? sizes.map(String.init)
            let yIsSetting = values.count >= 2
            let yIsPlayers = !yIsSetting && sizes.count > 1 && !values.isEmpty
            yLabel = yIsSetting ? result.parameters[1] : (yIsPlayers ? "players" : "")
            rows = yIsSetting ? values[1] : (yIsPlayers ? sizes.map(String.init) : [""])
            // The other dimensions: every combination gets a heatmap.
            let restSettings = yIsSetting ? Array(2..<values.count) : []
            let facetPlayers = yIsPlayers || values.isEmpty ? [nil] : sizes.map(Optional.some)
            var combos: [[Int]] = [[]]
            for s in restSettings { combos = combos.flatMap { c in values[s].indices.map { c + [$0] } } }
            let points = result.points
            let parameters = result.parameters
            facets = facetPlayers.flatMap { players in
                combos.map { combo in
                    var label = players.map { "\($0) players" } ?? "every team size"
                    if yIsPlayers { label = "team sizes \(sizes.map(String.init).joined(separator: ", "))" }
                    for (k, s) in restSettings.enumerated() { label += ", \(parameters[s]) = \(values[s][combo[k]])" }
                    return Facet(label: label) { r, c in
                        points.first { p in
                            if values.isEmpty { return p.point.players == sizes[c] }
                            if p.point.values[0] != values[0][c] { return false }
                            if yIsSetting && p.point.values[1] != values[1][r] { return false }
                            if yIsPlayers && p.point.players != sizes[r] { return false }
                            if let players, p.point.players != players { return false }
                            for (k, s) in restSettings.enumerated() where p.point.values[s] != values[s][combo[k]] { return false }
                            return true
                        }
                    }
                }
            }
        }
    }
}
