import Diagnostics
import ReportKit

/// `report.html` for an Andora design: one self-contained page (inline SVG, no script) that
/// answers the strategy question first, then shows per matchup who wins under each variant, the
/// first player's advantage with its interval, what each variant changes against the first, how
/// long games last, and every number in a table.
public enum AndoraHTML {
    static let palette = ["#08519c", "#e6550d", "#31a354", "#756bb1", "#d62728", "#8c564b", "#e377c2", "#7f7f7f"]

    public static func render(_ summary: AndoraSummary) -> String {
        let level = Int((summary.confidence * 100).rounded())
        var meta = "\(summary.design): \(counted(summary.gamesRequested, "game")) per variant and matchup, seed \(summary.seed), seats alternating; "
        meta += "\(level)% intervals. Rules: seeds/002, R1–R1.9.2."
        if !summary.complete { meta += " Partial: the run was interrupted." }
        var html = HTMLPage.start(title: "Andora: who wins under each rule variant", meta: meta)
        if !summary.strategy.isEmpty {
            html += "<section data-section=\"answer\"><h2>The mini-field strategy (R1.4)</h2><ul>"
            for answer in summary.strategy { html += "<li>\(escape(answer.sentence(confidence: summary.confidence)))</li>" }
            html += "</ul></section>\n"
        }
        html += HTMLPage.section(
            "outcomes", "Who wins", "Share of games won by X (who moves first, R1.6) and by O, with \(level)% intervals (Wilson); the rest are draws (R1.9.2).",
            summary.matchups.map(outcomeChart))
        html += HTMLPage.section(
            "advantage", "The first player's advantage",
            "P(X wins) − P(O wins) with its \(level)% interval; dark where the interval excludes 0 (a fair game is at 0).",
            summary.matchups.map(advantageChart))
        html += HTMLPage.section(
            "effects", "Each variant against the first: the advantage",
            "Change of the first player's advantage from the matchup's first variant, with its \(level)% interval (independent games); dark where it excludes 0.",
            summary.matchups.filter { !$0.effects.isEmpty }.map { effectChart($0, advantage: true) })
        html += HTMLPage.section(
            "draws", "Each variant against the first: the draws",
            "Change of the share of drawn games (R1.9.2) from the matchup's first variant, with its \(level)% interval.",
            summary.matchups.filter { !$0.effects.isEmpty }.map { effectChart($0, advantage: false) })
        html += HTMLPage.section(
            "length", "Game length", "Share of games by the number of marks placed when the game ended (a line, R1.9.1, or a player who cannot place, R1.9.2).",
            summary.matchups.map(lengthChart))
        html += "<section data-section=\"numbers\"><h2>Every number</h2><div class=\"row\">"
        for matchup in summary.matchups { html += table(matchup, level: level) }
        return html + "</div></section>\n" + HTMLPage.end
    }

    static func interval(_ i: AndoraSummary.Interval) -> ClosedRange<Double> { min(i.lower, i.upper)...max(i.lower, i.upper) }

    static func outcomeChart(_ matchup: AndoraSummary.MatchupResult) -> (label: String, svg: String) {
        let bars = matchup.variants.map { v in
            SVGTornado.Bar(
                label: v.variant, low: -v.oWinShare.value, high: v.xWinShare.value,
                lowInterval: -v.oWinShare.upper ... -v.oWinShare.lower, highInterval: interval(v.xWinShare))
        }
        let chart = SVGTornado(
            title: "Wins — \(matchup.label)", xLabel: "share of games (O ← | → X)", lowLabel: "O wins", highLabel: "X wins", bars: bars,
            valueFormat: { SVGChart.percent(abs($0)) }, mirrored: true)
        return (matchup.label, chart.render())
    }

    static func advantageChart(_ matchup: AndoraSummary.MatchupResult) -> (label: String, svg: String) {
        let rows = matchup.variants.map { SVGIntervals.Row(label: $0.variant, value: $0.firstPlayerAdvantage.value, interval: interval($0.firstPlayerAdvantage)) }
        return (matchup.label, SVGIntervals(title: "X − O — \(matchup.label)", xLabel: "P(X wins) − P(O wins)", rows: rows).render())
    }

    static func effectChart(_ matchup: AndoraSummary.MatchupResult, advantage: Bool) -> (label: String, svg: String) {
        let baseline = matchup.effects.first?.baseline ?? ""
        let rows = matchup.effects.map { e in
            let change = advantage ? e.advantageChange : e.drawShareChange
            return SVGIntervals.Row(label: e.variant, value: change.value, interval: interval(change))
        }
        let what = advantage ? "Δ X − O" : "Δ draws"
        let format: (Double) -> String = { advantage ? SVGChart.number($0) : SVGChart.percent($0) }
        let chart = SVGIntervals(title: "\(what) — \(matchup.label)", xLabel: "against \(baseline)", rows: rows, valueFormat: format)
        return (matchup.label, chart.render())
    }

    static func lengthChart(_ matchup: AndoraSummary.MatchupResult) -> (label: String, svg: String) {
        var chart = SVGChart(title: "Marks placed — \(matchup.label)", x: "marks when the game ended", y: "share of games")
        chart.yFormat = SVGChart.percent
        for (i, v) in matchup.variants.enumerated() where v.games > 0 {
            let points = v.marks.enumerated().dropFirst(9).map { (x: Double($0.offset), y: Double($0.element) / Double(v.games)) }
            chart.add(.line(points, colour: palette[i % palette.count], label: v.variant))
        }
        return (matchup.label, chart.render())
    }

    static func table(_ matchup: AndoraSummary.MatchupResult, level: Int) -> String {
        // The whole width: a dozen columns do not fit a chart's figure.
        var html = "<figure class=\"table\" style=\"max-width:none;flex-basis:100%\"><table><caption>\(escape(matchup.label))</caption><thead><tr>"
        html += VariantColumns.header(matchup, level: level).enumerated().map { $0.offset == 0 ? "<th>\(escape($0.element))</th>" : "<th class=\"num\">\(escape($0.element))</th>" }.joined() + "</tr></thead><tbody>"
        for v in matchup.variants {
            let cells = VariantColumns.cells(v)
            html += "<tr>" + cells.enumerated().map { $0.offset == 0 ? "<td>\(escape($0.element))</td>" : "<td class=\"num\">\(escape($0.element))</td>" }.joined() + "</tr>"
        }
        return html + "</tbody></table></figure>"
    }
}
