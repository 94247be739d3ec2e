import Diagnostics
import GameSeam
import ReportKit

/// A sweep's points as text for people, CSV for spreadsheets and Markdown for a CI page: one row
/// per point, lineup and metric.
public enum MetricSweepTables {
    /// Per point, lineup and metric: the row's cells, with `value` formatting the numbers (the
    /// metric's own text for people, plain numbers for CSV); a point not played is one row with
    /// why in the lineup's cell.
    static func rows(_ result: MetricSweepResult, value: (MetricDefinition, Double) -> String) -> [(cells: [String], played: Bool)] {
        var rows: [(cells: [String], played: Bool)] = []
        for point in result.points {
            if let why = point.notPlayed {
                rows.append((point.values + ["not played: \(why)"], false))
                continue
            }
            for cell in point.cells {
                guard let metric = result.metrics.first(where: { $0.name == cell.metric }) else { continue }
                let e = cell.estimate
                rows.append((
                    point.values + [
                        cell.lineup, cell.metric, e.map { value(metric, $0.value) } ?? "", e.map { value(metric, $0.lower) } ?? "",
                        e.map { value(metric, $0.upper) } ?? "", e.map { String($0.sample) } ?? "0",
                    ], true
                ))
            }
        }
        return rows
    }

    static func header(_ result: MetricSweepResult) -> [String] {
        result.parameters + ["lineup", "metric", "value", "lower", "upper", "values"]
    }

    public static func text(_ result: MetricSweepResult) -> String {
        let level = GateMarkdown.number(result.confidence, true)
        var text = "sweep: \(result.design), \(counted(result.games, "game")) a point, seed \(result.seed); \(level) intervals\n"
        let rows = rows(result) { metric, x in metric.text(x) }
        let played = [header(result)] + rows.filter(\.played).map(\.cells)
        let widths = (0..<played[0].count).map { column in played.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { cell, width in cell + String(repeating: " ", count: max(0, width - cell.count)) }.joined(separator: "  ")
                .trimmingTrailingSpaces + "\n"
        }
        text += line(header(result))
        for row in rows { text += line(row.cells) }
        return text
    }

    public static func csv(_ result: MetricSweepResult) -> String {
        let rows = rows(result) { _, x in String(roundedTo6: x) }.map(\.cells)
        return ([header(result)] + rows).map { $0.map(CSV.field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    public static func markdown(_ result: MetricSweepResult) -> String {
        let header = header(result)
        var md = "## Sweep: \(result.design)\n\n\(counted(result.games, "game")) a point, seed \(result.seed).\n\n"
        md += "| " + header.joined(separator: " | ") + " |\n|" + header.map { _ in "---" }.joined(separator: "|") + "|\n"
        for row in rows(result, value: { metric, x in metric.text(x) }) {
            md += "| " + row.cells.map { $0.replacingPipes }.joined(separator: " | ") + " |\n"
        }
        return md
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String { String(reversed().drop { $0 == " " }.reversed()) }
    fileprivate var replacingPipes: String { split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
}
