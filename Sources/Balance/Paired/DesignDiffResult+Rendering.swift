import Diagnostics
import Foundation
import GameSeam
import ReportKit

extension DesignDiffResult {
    /// For a terminal: every metric's difference and the changes that moved it, what each change
    /// does alone, the game's notes on each design, and how to read it.
    public var text: String {
        var text = "design diff: \(oldDesign) → \(newDesign)\n\(header)\n\n"
        let table = rows.compactMap { row -> [String]? in
            guard let metric = metric(row.metric) else { return nil }
            let d = row.difference
            return [
                metric.summary, metric.text(row.old), metric.text(row.new), Self.signed(metric, d.mean),
                "[\(Self.signed(metric, d.lower)), \(Self.signed(metric, d.upper))]",
                d.isSignificant ? (row.movedBy.isEmpty ? "moved" : "moved by " + row.movedBy.joined(separator: ", ")) : "",
            ]
        }
        let head = ["metric", "old", "new", "difference", "\((confidence * 100).decimalText(0))% interval", ""]
        let widths = head.indices.map { c in ([head] + table).map { $0[c].count }.max() ?? 0 }
        for line in [head] + table {
            text += line.enumerated().map { c, cell in
                c == 0 || c == line.count - 1 ? Self.padded(cell, widths[c]) : String(repeating: " ", count: widths[c] - cell.count) + cell
            }.joined(separator: "  ").trimmingTrailingSpaces + "\n"
        }
        if changes.isEmpty {
            text += "\nno change: \(nothing)\n"
        } else {
            text += "\nchanges, and what each does alone:\n"
            for row in changes {
                text += "  \(row.name): \(row.old) → \(row.new)\n"
                for detail in row.details { text += "      \(detail)\n" }
                text += "    \(effects(row))\n"
            }
        }
        for note in notes { text += "\n\(note.title):\n  old: \(note.old)\n  new: \(note.new)\n" }
        text += "\n\(method)\n"
        if isPartial { text += "INTERRUPTED: \(gamesPlayed) of \(counted(gamesRequested, "game")) played; the result is partial.\n" }
        return text
    }

    /// For a pull-request comment.
    public var markdown: String {
        let percent = (confidence * 100).decimalText(0)
        var md = "## Design diff: \(Self.cell(oldDesign)) → \(Self.cell(newDesign))\n\n"
        md += "\(header)\n\n"
        md += "| metric | old | new | difference | \(percent)% interval | moved by |\n|---|---:|---:|---:|---:|---|\n"
        for row in rows {
            guard let metric = metric(row.metric) else { continue }
            let d = row.difference
            md += "| \(metric.summary) | \(metric.text(row.old)) | \(metric.text(row.new)) | "
            md += "\(d.isSignificant ? "**" : "")\(Self.signed(metric, d.mean))\(d.isSignificant ? "**" : "") | "
            md += "\(Self.signed(metric, d.lower)) to \(Self.signed(metric, d.upper)) | "
            md += "\(row.movedBy.isEmpty ? "–" : row.movedBy.map { "`\(Self.cell($0))`" }.joined(separator: ", ")) |\n"
        }
        for note in notes {
            md += "\n\(note.title.capitalizedFirst):\n\n| design | \(Self.cell(note.column)) |\n|---|---|\n"
            md += "| old | \(Self.cell(note.old)) |\n| new | \(Self.cell(note.new)) |\n"
        }
        if changes.isEmpty {
            md += "\nThe two designs play the same: \(nothing).\n"
            return md
        }
        md += "\n### What changed, and what each change does alone\n\n| change | old | new | effect alone (\(percent)% interval) |\n|---|---|---|---|\n"
        for row in changes {
            let new = ([row.new] + row.details.map { "• " + $0 }).map(Self.cell).joined(separator: "<br>")
            md += "| `\(Self.cell(row.name))` | \(Self.cell(row.old)) | \(new) | \(Self.cell(effects(row))) |\n"
        }
        md += "\n\(method)\n"
        return md
    }

    /// "team 4 × casual, 1000 games played by both designs on the same seeds (seed 1), up to 30 rounds a game."
    var header: String {
        "\(lineupNoun) \(lineup), \(counted(gamesPlayed, "game"))\(isPartial ? " (partial)" : "") played by both designs on the same seeds (seed \(seed))\(playedAs.map { ", " + $0 } ?? "")."
    }

    /// What one change does alone: the metrics it moved, or why it was not played alone.
    func effects(_ row: ChangeRow) -> String {
        guard let effects = row.effects else { return row.reason ?? "not played alone" }
        let moved = metrics.compactMap { metric -> String? in
            guard let d = effects[metric.name], d.isSignificant else { return nil }
            return "\(metric.summary) \(Self.signed(metric, d.mean)) [\(Self.signed(metric, d.lower)), \(Self.signed(metric, d.upper))]"
        }
        return moved.isEmpty ? "moved no metric measurably" : moved.joined(separator: "; ")
    }

    var method: String {
        "Each difference is the mean over games of (new − old) for the same game seed; its interval holds the true mean "
            + "difference with \((confidence * 100).decimalText(0))% confidence (normal approximation). A change \"moved\" a "
            + "metric when its interval excludes 0. Effects alone are the old design with only that change; they need not add up "
            + "to the whole difference, as changes can interact."
    }

    func metric(_ name: String) -> MetricDefinition? { metrics.first { $0.name == name } }

    /// "+12", "−3.5%", "0".
    static func signed(_ metric: MetricDefinition, _ x: Double) -> String {
        let text = metric.text(abs(x))
        if metric.text(0) == text { return text }
        return (x > 0 ? "+" : "−") + text
    }

    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }

    static func padded(_ text: String, _ width: Int) -> String { text.count >= width ? text : text + String(repeating: " ", count: width - text.count) }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
