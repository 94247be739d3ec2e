import Diagnostics
import Foundation
import GameSeam
import ReportKit

extension SensitivityResult {
    /// Whether the moves say how they change the values played (a design's parameters do; the
    /// choices of a player model do not): the text then shows them and the elasticities.
    var showsPlayedChange: Bool { rows.contains { $0.lowChange != nil || $0.highChange != nil } }

    /// "team 4 × casual, up to 30 rounds a game".
    var played: String { "\(lineupNoun) \(lineup)\(playedAs.map { ", " + $0 } ?? "")" }

    /// The parameters ranked by their effect on `metric` (a name of ``metrics``; default the first).
    public func text(metric name: String? = nil) -> String {
        guard let metric = metrics.first(where: { $0.name == name }) ?? metrics.first else { return "\(design): no metric to rank by\n" }
        var text = "\(design): \(sentence), \(counted(gamesPlayed, "game")) each on the same seeds (seed \(seed)), \(played)\n"
        if isPartial { text += "INTERRUPTED: \(gamesPlayed) of \(counted(gamesRequested, "game")) (partial result)\n" }
        text += "effect on \(metric.summary) (the design: \(metric.text(base[metric.name] ?? 0))), \(Int((confidence * 100).rounded()))% intervals, largest first\n\n"
        // Two tables that each fit a 100-column terminal: what each move played, then what it did
        // (same order). A value too long for a column is a numbered note under the tables.
        var movesTable: [[String]] = []
        var effects: [[String]] = []
        var notes: [String] = []
        func value(_ key: String, _ text: String) -> String {
            guard text.count > Self.valueColumn else { return text }
            notes.append("[\(notes.count + 1)] \(key) =\n      \(text)")
            return "[\(notes.count)]"
        }
        for (rank, row) in ranked(by: metric.name).enumerated() {
            guard let effect = row.effects?[metric.name] else { continue }
            let key = row.key + (row.note == nil ? "" : " †")
            if showsPlayedChange {
                movesTable.append([
                    String(rank + 1), key, value(row.key, row.current), Self.played(row.low, row.lowChange), Self.played(row.high, row.highChange),
                    Self.elasticities(effect),
                ])
            } else {
                movesTable.append([String(rank + 1), key, value(row.key, row.current), value(row.key, row.low), value(row.key, row.high)])
            }
            effects.append([String(rank + 1), key, Self.cell(effect.low, metric), Self.cell(effect.high, metric)])
        }
        text += showsPlayedChange
            ? TextTable.render(["rank", noun, "value", "down: played", "up: played", "elasticity ↓/↑"], movesTable)
            : TextTable.render(["rank", noun, "value", "down", "up"], movesTable)
        text += "\n" + TextTable.render(["rank", noun, "effect: down", "effect: up"], effects)
        if !notes.isEmpty { text += "\n" + notes.joined(separator: "\n") + "\n" }
        let skipped = rows.filter { $0.effects == nil }
        if !skipped.isEmpty {
            text += "\nnot moved:\n"
            for row in skipped { text += "  \(row.key): \(row.reason ?? "")\n" }
        }
        text += "\nAn effect is the mean over games of (moved − design) for the same game seed; \"*\" marks one whose interval excludes 0."
        if let explanation { text += " " + explanation }
        for note in Set(rows.compactMap(\.note)).sorted() { text += " † \(note)." }
        return text + "\n"
    }

    /// A page with a tornado chart per metric and every parameter's moves.
    public var html: String { Self.html([self]) }

    /// One page for the results of several lineups of one design (same moves), each lineup's
    /// charts and table under its name.
    public static func html(_ results: [SensitivityResult]) -> String {
        guard let first = results.first else { return "" }
        let lineups = results.count == 1 ? first.played : "every \(first.lineupNoun)\(first.playedAs.map { ", " + $0 } ?? "")"
        var html = HTMLPage.start(
            title: "Sensitivity: \(first.design)",
            meta: "\(first.sentence.capitalizedFirst); \(counted(first.gamesPlayed, "game")) each, on the same game seeds as the design (seed \(first.seed)); \(lineups); bars are mean paired differences with \(Int((first.confidence * 100).rounded()))% intervals.")
        for (k, result) in results.enumerated() {
            let suffix = results.count == 1 ? "" : "-\(k + 1)"
            let whose = results.count == 1 ? "" : " (\(result.lineup))"
            for metric in result.metrics {
                let bars = result.ranked(by: metric.name).compactMap { row -> SVGTornado.Bar? in
                    guard let e = row.effects?[metric.name] else { return nil }
                    return SVGTornado.Bar(label: row.key, low: e.low.mean, high: e.high.mean, lowInterval: e.low.lower...e.low.upper, highInterval: e.high.lower...e.high.upper)
                }
                var tornado = SVGTornado(title: "Effect on \(metric.summary)\(whose)", xLabel: "change in \(metric.summary)", bars: bars)
                tornado.lowLabel = "down"
                tornado.highLabel = "up"
                tornado.valueFormat = { metric.text($0) }
                html += HTMLPage.section(
                    metric.name + suffix, metric.summary.capitalizedFirst + whose,
                    "The design's mean: \(metric.text(result.base[metric.name] ?? 0)). \(result.noun.capitalizedFirst)s ranked by their larger effect; whiskers are the intervals.",
                    [(metric.summary, tornado.render())])
            }
        }
        html += "<section data-section=\"table\"><h2>Every \(escape(first.noun))</h2><table><tr><th>\(escape(first.noun))</th><th>value</th><th>down</th><th>up</th><th>not moved because</th></tr>"
        for row in first.rows {
            let note = row.note.map { " (\($0))" } ?? ""
            html += "<tr><td>\(escape(row.key + note))</td><td><code>\(escape(row.current))</code></td><td><code>\(escape(Self.played(row.low, row.lowChange)))</code></td><td><code>\(escape(Self.played(row.high, row.highChange)))</code></td><td>\(escape(row.reason ?? ""))</td></tr>"
        }
        return html + "</table></section>\n" + HTMLPage.end
    }

    /// Characters of a value shown in the text table; a longer expression becomes a note.
    static let valueColumn = 16

    /// A move as played: "1 (−50%)" for a number, "−10%" for an expression's mean change.
    public static func played(_ text: String, _ change: Double?) -> String {
        let pct = change.map { (($0 >= 0 ? "+" : "") + ($0 * 100).decimalText(0) + "%").replacingOccurrences(of: "-", with: "−") }
        guard Double(text) != nil else { return pct ?? "–" }
        return pct.map { "\(text) (\($0))" } ?? text
    }

    static func elasticities(_ e: Effect) -> String {
        func one(_ x: Double?) -> String { x.map { $0.decimalText(2).replacingOccurrences(of: "-", with: "−") } ?? "–" }
        return "\(one(e.lowElasticity)) / \(one(e.highElasticity))"
    }

    /// An effect with its interval, "*" when the interval excludes 0: "+3.1 [1.2, 5.0] *".
    public static func cell(_ d: PairedDifference, _ metric: MetricDefinition) -> String {
        let sign = d.mean > 0 ? "+" : ""
        return "\(sign)\(metric.text(d.mean)) [\(metric.text(d.lower)), \(metric.text(d.upper))]\(d.isSignificant ? " *" : "")"
    }
}
