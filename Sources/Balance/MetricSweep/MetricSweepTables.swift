import Diagnostics
import Foundation
import GameSeam
import ReportKit

/// A sweep as a table: text for a terminal, Markdown for a CI page, CSV (RFC 4180) for tools.
/// One row per point and lineup (the lineup named only when the design plays several), in the
/// sweep's order; a point that was not played says why.
public enum MetricSweepTables {
    public static func text(_ result: MetricSweepResult) -> String {
        var text = "\(result.design): \(counted(result.points.count, "point")) × \(counted(result.games, "game")), seed \(result.seed) at every point\(result.playedAs.map { ", " + $0 } ?? "")\n"
        text += "intervals: \(Int((result.confidence * 100).rounded()))%\n\n"
        // The parameters and the lineup name a row: each block of a wide table repeats them.
        return text + TextTable.render(header(result), rows(result), keys: result.parameters.count + (namesLineups(result) ? 1 : 0))
    }

    public static func markdown(_ result: MetricSweepResult) -> String {
        var text = "### Sweep of \(result.parameters.joined(separator: ", ")): \(result.design)\n\n"
        text += "\(counted(result.points.count, "point")) × \(counted(result.games, "game")) (the same seeds at every point\(result.playedAs.map { ", " + $0 } ?? "")), \(Int((result.confidence * 100).rounded()))% intervals.\n\n"
        let head = header(result)
        text += "| " + head.joined(separator: " | ") + " |\n|" + head.map { _ in " ---: |" }.joined() + "\n"
        for row in rows(result) { text += "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n" }
        return text
    }

    public static func csv(_ result: MetricSweepResult) -> String {
        var head = result.parameters + [result.lineupNoun]
        for metric in result.metrics { head += [metric.name, metric.name + "_low", metric.name + "_high"] }
        head += ["games", "not_played"]
        var lines = [head.map(CSV.field).joined(separator: ",")]
        for p in result.points {
            for lineup in lineups(p, result) {
                var cells = p.values.map(CSV.field) + [CSV.field(lineup ?? "")]
                for metric in result.metrics {
                    let e = lineup.flatMap { p.estimate(metric.name, lineup: $0) }
                    cells += [number(e?.value), number(e?.lower), number(e?.upper)]
                }
                cells += [String(p.games), CSV.field(p.notPlayed ?? "")]
                lines.append(cells.joined(separator: ","))
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A number as CSV writes it, to six decimals; empty for none (or one that is not finite).
    static func number(_ x: Double?) -> String {
        guard let x, x.isFinite else { return "" }
        return String(roundedTo6: x)
    }

    /// Whether a column names the lineup: when some point plays more than one.
    static func namesLineups(_ result: MetricSweepResult) -> Bool { result.points.contains { $0.lineups.count > 1 } }

    /// A point's lineups, or one nil for a point not played.
    static func lineups(_ p: MetricSweepResult.Point, _ result: MetricSweepResult) -> [String?] {
        p.notPlayed == nil ? p.lineups.map(Optional.some) : [nil]
    }

    static func header(_ result: MetricSweepResult) -> [String] {
        result.parameters + (namesLineups(result) ? [result.lineupNoun] : []) + result.metrics.map { $0.column ?? $0.name }
    }

    /// "–" and why there is no value.
    static func missing(_ metric: MetricDefinition) -> String { "–" + (metric.withoutValue.map { " (\($0))" } ?? "") }

    /// A value with its interval: "42.0% [40.1%–43.9%]", or with a comma where a bound is
    /// negative ("[−52, −50]" reads better than "[−52–−50]").
    static func cell(_ metric: MetricDefinition, _ e: MetricEstimate) -> String {
        let separator = e.lower < 0 ? ", " : "–"
        return "\(metric.text(e.value)) [\(metric.text(e.lower))\(separator)\(metric.text(e.upper))]"
    }

    static func rows(_ result: MetricSweepResult) -> [[String]] {
        let named = namesLineups(result)
        return result.points.flatMap { p in
            lineups(p, result).map { lineup in
                var cells = p.values + (named ? [lineup ?? ""] : [])
                guard let lineup else {
                    cells.append("not played: \(p.notPlayed ?? "")")
                    return cells
                }
                for metric in result.metrics {
                    cells.append(p.estimate(metric.name, lineup: lineup).map { cell(metric, $0) } ?? missing(metric))
                }
                return cells
            }
        }
    }
}
