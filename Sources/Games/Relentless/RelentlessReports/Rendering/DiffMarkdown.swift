import Diagnostics
import RelentlessBalance

/// A design diff as Markdown for a pull-request comment: what the change does to each metric,
/// with its interval, and which changed keys moved it.
public enum DiffMarkdown {
    public static func render(_ result: DiffResult) -> String {
        let percent = (result.confidence * 100).decimalText(0)
        var md = "## Design diff: \(cell(result.oldDesign)) → \(cell(result.newDesign))\n\n"
        md += "\(DiffText.header(result))\n\n"
        md += "| metric | old | new | difference | \(percent)% interval | moved by |\n|---|---:|---:|---:|---:|---|\n"
        for row in result.metrics {
            let d = row.difference
            md += "| \(row.metric.label) | \(row.metric.text(row.old)) | \(row.metric.text(row.new)) | "
            md += "\(d.isSignificant ? "**" : "")\(DiffText.signed(row.metric, d.mean))\(d.isSignificant ? "**" : "") | "
            md += "\(DiffText.signed(row.metric, d.lower)) to \(DiffText.signed(row.metric, d.upper)) | "
            md += "\(row.movedBy.isEmpty ? "–" : row.movedBy.map { "`\(cell($0))`" }.joined(separator: ", ")) |\n"
        }
        md += "\nBeyond round \(result.maxRounds), extrapolated from the top of the difficulty ramp (each design alone):\n\n| design | beyond the horizon |\n|---|---|\n"
        md += "| old | \(cell(DiffText.horizon(result.oldHorizon, result.oldHorizonUnavailable))) |\n"
        md += "| new | \(cell(DiffText.horizon(result.newHorizon, result.newHorizonUnavailable))) |\n"
        if result.changes.isEmpty {
            md += "\nThe two designs play the same: no parameter, catalogue, persona or pipeline differs.\n"
            return md
        }
        md += "\n### What changed, and what each change does alone\n\n| change | old | new | effect alone (\(percent)% interval) |\n|---|---|---|---|\n"
        for row in result.changes {
            let new = ([row.change.new] + row.change.details.map { "• " + $0 }).map(cell).joined(separator: "<br>")
            md += "| `\(cell(row.change.name))` | \(cell(row.change.old)) | \(new) | \(cell(DiffText.effects(row))) |\n"
        }
        md += "\n\(DiffText.method(result))\n"
        return md
    }

    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
}
