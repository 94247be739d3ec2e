import Diagnostics
import RelentlessBalance
import ReportKit

/// A design diff for a terminal.
public enum DiffText {
    public static func render(_ result: DiffResult) -> String {
        var text = "design diff: \(result.oldDesign) → \(result.newDesign)\n\(header(result))\n\n"
        let rows = result.metrics.map { row -> [String] in
            let d = row.difference
            return [
                row.metric.label, row.metric.text(row.old), row.metric.text(row.new), signed(row.metric, d.mean),
                "[\(signed(row.metric, d.lower)), \(signed(row.metric, d.upper))]", d.isSignificant ? (row.movedBy.isEmpty ? "moved" : "moved by " + row.movedBy.joined(separator: ", ")) : "",
            ]
        }
        let head = ["metric", "old", "new", "difference", "\((result.confidence * 100).decimalText(0))% interval", ""]
        let widths = head.indices.map { c in ([head] + rows).map { $0[c].count }.max() ?? 0 }
        for line in [head] + rows {
            text += line.enumerated().map { c, cell in
                c == 0 || c == line.count - 1 ? cell.padding(widths[c]) : String(repeating: " ", count: widths[c] - cell.count) + cell
            }.joined(separator: "  ").trimmingTrailingSpaces + "\n"
        }
        if result.changes.isEmpty {
            text += "\nno change: no parameter, catalogue, persona or pipeline differs\n"
        } else {
            text += "\nchanges, and what each does alone:\n"
            for row in result.changes {
                text += "  \(row.change.name): \(row.change.old) → \(row.change.new)\n"
                for detail in row.change.details { text += "      \(detail)\n" }
                text += "    \(effects(row))\n"
            }
        }
        text += "\nbeyond round \(result.maxRounds), extrapolated from the top of the difficulty ramp (each design alone, README \"Beyond the horizon\"):\n"
        for (name, h, why) in [("old", result.oldHorizon, result.oldHorizonUnavailable), ("new", result.newHorizon, result.newHorizonUnavailable)] {
            text += "  \(name): \(horizon(h, why))\n"
        }
        text += "\n\(method(result))\n"
        if result.isPartial { text += "INTERRUPTED: \(result.gamesPlayed) of \(counted(result.gamesRequested, "game")) played; the result is partial.\n" }
        return text
    }

    /// "money a round +101 [+99, +102]; eventually lost <0.1% [<0.1%, 0.5%]", or why not.
    static func horizon(_ h: Horizon?, _ why: String?) -> String {
        guard let h else { return "– (\(why ?? "no estimate"))" }
        return "money a round \(HorizonText.signed(h.drift.value)) [\(HorizonText.signed(h.drift.lower)), \(HorizonText.signed(h.drift.upper))]; "
            + "eventually lost \(HorizonText.share(h.ruin.value)) [\(HorizonText.share(h.ruin.lower)), \(HorizonText.share(h.ruin.upper))]"
    }

    static func header(_ result: DiffResult) -> String {
        "\(TeamLabel.of(result.team)), \(counted(result.gamesPlayed, "game"))\(result.isPartial ? " (partial)" : "") played by both designs on the same seeds (seed \(result.seed)), up to \(result.maxRounds) rounds\(StartDifficulty.phrase(result.startDifficulty))."
    }

    /// What one change does alone: the metrics it moved, or why it was not played alone.
    static func effects(_ row: DiffResult.ChangeRow) -> String {
        guard let effects = row.effects else { return row.reason ?? "not played alone" }
        let moved = DiffMetric.allCases.compactMap { metric -> String? in
            guard let d = effects[metric], d.isSignificant else { return nil }
            return "\(metric.label) \(signed(metric, d.mean)) [\(signed(metric, d.lower)), \(signed(metric, d.upper))]"
        }
        return moved.isEmpty ? "moved no metric measurably" : moved.joined(separator: "; ")
    }

    static func method(_ result: DiffResult) -> String {
        "Each difference is the mean over games of (new − old) for the same game seed; its interval holds the true mean "
            + "difference with \((result.confidence * 100).decimalText(0))% confidence (normal approximation). A change \"moved\" a "
            + "metric when its interval excludes 0. Effects alone are the old design with only that change; they need not add up "
            + "to the whole difference, as changes can interact."
    }

    /// "+12", "−3.5%", "0".
    static func signed(_ metric: DiffMetric, _ x: Double) -> String {
        let text = metric.text(abs(x))
        if metric.text(0) == text { return text }
        return (x > 0 ? "+" : "−") + text
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    fileprivate var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
