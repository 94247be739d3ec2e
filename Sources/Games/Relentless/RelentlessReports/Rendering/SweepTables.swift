import Diagnostics
import RelentlessBalance
import ReportKit

/// A sweep as a table: text for a terminal, Markdown for a CI page, CSV (RFC 4180) for tools.
/// One row per point, in the grid's order; a point that was not played says why.
public enum SweepTables {
    public static func text(_ result: SweepResult) -> String {
        var text = "\(result.design): \(counted(result.points.count, "point")) × \(counted(result.games, "game")), seed \(result.seed) at every point, up to \(result.maxRounds) rounds\(StartDifficulty.phrase(result.startDifficulty))\n"
        text += "intervals: \(Int((result.confidence * 100).rounded()))%; survival and money after round \(result.round); drift and eventually lost extrapolated beyond round \(result.maxRounds) (README, \"Beyond the horizon\")\n\n"
        return text + TextTable.render(header(result), rows(result))
    }

    public static func markdown(_ result: SweepResult) -> String {
        var text = "### Sweep of \(result.parameters.joined(separator: ", ")): \(result.design)\n\n"
        text += "\(counted(result.points.count, "point")) × \(counted(result.games, "game")) (the same seeds at every point\(StartDifficulty.phrase(result.startDifficulty))), survival and money after round \(result.round), drift and eventually lost extrapolated beyond round \(result.maxRounds), \(Int((result.confidence * 100).rounded()))% intervals.\n\n"
        let head = header(result)
        text += "| " + head.joined(separator: " | ") + " |\n|" + head.map { _ in " ---: |" }.joined() + "\n"
        for row in rows(result) { text += "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n" }
        return text
    }

    public static func csv(_ result: SweepResult) -> String {
        var head = ["players"] + result.parameters
        for metric in SweepResult.metrics { head += [metric.rawValue, metric.rawValue + "_low", metric.rawValue + "_high"] }
        head += ["games", "team", "not_played"]
        var lines = [head.map(CSV.field).joined(separator: ",")]
        for p in result.points {
            var cells = [String(p.point.players)] + p.point.values.map(CSV.field)
            for metric in SweepResult.metrics {
                let e = p.estimate(metric)
                cells += [CurvesCSV.number(e?.value), CurvesCSV.number(e?.lower), CurvesCSV.number(e?.upper)]
            }
            cells += [String(p.games), CSV.field(p.team.joined(separator: ",")), CSV.field(p.invalid ?? "")]
            lines.append(cells.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func header(_ result: SweepResult) -> [String] {
        ["players"] + result.parameters + ["alive after \(result.round)", "median money", "mean money", "mean rounds (≤ \(result.maxRounds))", "drift", "eventually lost"]
    }

    /// "–" and why there is no value: no statistic of an empty set.
    static func missing(_ metric: BalanceTarget.Metric, _ p: SweepResult.Point, round: Int) -> String {
        switch metric {
        case .medianMoney, .meanMoney:
            return p.estimate(.survival)?.value == 0 ? "– (none solvent)" : "– (no game reached round \(round))"
        case .drift: return p.estimate(.survival)?.value == 0 ? "– (none reached the top difficulty)" : "– (top difficulty not reached)"
        case .ruin: return "– (top difficulty not reached)"
        default: return "– (no game)"
        }
    }

    static func rows(_ result: SweepResult) -> [[String]] {
        result.points.map { p in
            var cells = [String(p.point.players)] + p.point.values
            if let invalid = p.invalid {
                cells.append("not played: \(invalid)")
                return cells
            }
            for metric in SweepResult.metrics {
                guard let e = p.estimate(metric) else {
                    cells.append(missing(metric, p, round: result.round))
                    continue
                }
                // A range of signed numbers reads better with a comma: [−52, −50], not [−52–−50].
                let separator = metric == .drift ? ", " : "–"
                cells.append("\(metric.text(e.value)) [\(metric.text(e.lower))\(separator)\(metric.text(e.upper))]")
            }
            return cells
        }
    }
}
