import Diagnostics
import RelentlessBalance
import ReportKit

/// `playbench sensitivity`: the parameters ranked by their effect on one metric (text), and a
/// page with a tornado chart per metric.
public enum SensitivityRendering {
    /// How the moves are described: the sentence, and the names of the two sides.
    static func moves(_ result: SensitivityResult) -> (sentence: String, low: String, high: String) {
        let pct = percentText(result.step)
        switch result.subject {
        case .parameters:
            return ("each parameter moved down and up alone (numbers −\(pct) and +\(pct), a whole-number key to the next whole value the game plays, C7)", "down", "up")
        case .personas:
            return ("each persona parameter of the team moved down and up alone, for every player at once (numbers −\(pct) and +\(pct), ordersAtOnce −1 and +1, a choice to its alternatives)", "down", "up")
        }
    }

    public static func text(_ result: SensitivityResult, metric: DiffMetric) -> String {
        let (sentence, lowName, highName) = moves(result)
        var text = "\(result.design): \(sentence), \(counted(result.gamesPlayed, "game")) each on the same seeds (seed \(result.seed)), team \(result.team.joined(separator: ", "))\(StartDifficulty.phrase(result.startDifficulty))\n"
        if result.isPartial { text += "INTERRUPTED: \(result.gamesPlayed) of \(counted(result.gamesRequested, "game")) (partial result)\n" }
        text += "effect on \(metric.label) (the design: \(metric.text(result.base[metric] ?? 0))), \(Int((result.confidence * 100).rounded()))% intervals, largest first\n\n"
        // Two tables that each fit a 100-column terminal: what each move played, then what it did
        // (same order). An expression too long for a column is a numbered note under the tables.
        var played: [[String]] = []
        var effects: [[String]] = []
        var notes: [String] = []
        func value(_ key: String, _ text: String) -> String {
            guard text.count > Self.valueColumn else { return text }
            notes.append("[\(notes.count + 1)] \(key) =\n      \(text)")
            return "[\(notes.count)]"
        }
        for (rank, row) in result.ranked(by: metric).enumerated() {
            guard let effect = row.effects?[metric] else { continue }
            let key = row.key + (row.movesRamp ? " †" : "")
            if result.subject == .personas {
                played.append([String(rank + 1), key, value(row.key, row.current), value(row.key, row.low), value(row.key, row.high)])
            } else {
                played.append([String(rank + 1), key, value(row.key, row.current), Self.played(row.low, row.lowChange), Self.played(row.high, row.highChange), elasticities(effect)])
            }
            effects.append([String(rank + 1), key, cell(effect.low, metric), cell(effect.high, metric)])
        }
        text += result.subject == .personas
            ? TextTable.render(["rank", "persona parameter", "value", lowName, highName], played)
            : TextTable.render(["rank", "parameter", "value", "down: played", "up: played", "elasticity ↓/↑"], played)
        text += "\n" + TextTable.render(["rank", result.subject == .personas ? "persona parameter" : "parameter", "effect: \(lowName)", "effect: \(highName)"], effects)
        if !notes.isEmpty { text += "\n" + notes.joined(separator: "\n") + "\n" }
        let skipped = result.rows.filter { $0.effects == nil }
        if !skipped.isEmpty {
            text += "\nnot moved:\n"
            for row in skipped { text += "  \(row.key): \(row.reason ?? "")\n" }
        }
        text += "\nAn effect is the mean over games of (moved − design) for the same game seed; \"*\" marks one whose interval excludes 0."
        if result.subject == .parameters {
            text += " A key the game plays in whole numbers (C7) moves to the next whole value it plays below and above; \"played\" is the value played and its relative change (for an expression, the mean change over the difficulties a game reaches). Elasticity: the metric's relative change ÷ the value's. † moves the difficulty ramp (M3): every round's difficulty shifts with it."
        }
        text += "\n"
        return text
    }

    public static func html(_ result: SensitivityResult) -> String {
        let (sentence, lowName, highName) = moves(result)
        var html = HTMLPage.start(
            title: "Sensitivity: \(result.design)",
            meta: "\(sentence.capitalizedFirst); \(counted(result.gamesPlayed, "game")) each, on the same game seeds as the design (seed \(result.seed)); team \(result.team.joined(separator: ", "))\(StartDifficulty.phrase(result.startDifficulty)); bars are mean paired differences with \(Int((result.confidence * 100).rounded()))% intervals.")
        for metric in DiffMetric.allCases {
            let bars = result.ranked(by: metric).compactMap { row -> SVGTornado.Bar? in
                guard let e = row.effects?[metric] else { return nil }
                return SVGTornado.Bar(label: row.key, low: e.low.mean, high: e.high.mean, lowInterval: e.low.lower...e.low.upper, highInterval: e.high.lower...e.high.upper)
            }
            var tornado = SVGTornado(title: "Effect on \(metric.label)", xLabel: "change in \(metric.label)", bars: bars)
            tornado.lowLabel = lowName
            tornado.highLabel = highName
            tornado.valueFormat = { metric.text($0) }
            html += HTMLPage.section(
                metric.rawValue, metric.label.capitalizedFirst,
                "The design's mean: \(metric.text(result.base[metric] ?? 0)). Parameters ranked by their larger effect; whiskers are the intervals.",
                [(metric.label, tornado.render())])
        }
        html += "<section data-section=\"table\"><h2>Every parameter</h2><table><tr><th>parameter</th><th>value</th><th>\(lowName)</th><th>\(highName)</th><th>not moved because</th></tr>"
        for row in result.rows {
            let ramp = row.movesRamp ? " (moves the difficulty ramp, M3)" : ""
            html += "<tr><td>\(escape(row.key + ramp))</td><td><code>\(escape(row.current))</code></td><td><code>\(escape(played(row.low, row.lowChange)))</code></td><td><code>\(escape(played(row.high, row.highChange)))</code></td><td>\(escape(row.reason ?? ""))</td></tr>"
        }
        return html + "</table></section>\n" + HTMLPage.end
    }

    /// Characters of a value shown in the text table; a longer expression becomes a note.
    static let valueColumn = 16

    /// "1 (−50%)" for a number, "−10%" for an expression's mean change.
    static func played(_ text: String, _ change: Double?) -> String {
        let pct = change.map { (($0 >= 0 ? "+" : "") + ($0 * 100).decimalText(0) + "%").replacingOccurrences(of: "-", with: "−") }
        guard Double(text) != nil else { return pct ?? "–" }
        return pct.map { "\(text) (\($0))" } ?? text
    }

    static func elasticities(_ e: SensitivityResult.Effect) -> String {
        func one(_ x: Double?) -> String { x.map { $0.decimalText(2).replacingOccurrences(of: "-", with: "−") } ?? "–" }
        return "\(one(e.lowElasticity)) / \(one(e.highElasticity))"
    }

    static func cell(_ d: DiffResult.Difference, _ metric: DiffMetric) -> String {
        let sign = d.mean > 0 ? "+" : ""
        return "\(sign)\(metric.text(d.mean)) [\(metric.text(d.lower)), \(metric.text(d.upper))]\(d.isSignificant ? " *" : "")"
    }

    static func percentText(_ step: Double) -> String { (step * 100).decimalText(1).replacingOccurrences(of: ".0", with: "") + "%" }
}
