import Diagnostics
import GameSeam
import ReportKit
import TurnTracker
import TurnTrackerRuns

/// `report.html` for a Turn Tracker design: one self-contained page (inline SVG, no script) that
/// answers issue 19's questions first, then draws how long sessions take, how length grows with
/// players, who waits, what timer covers the turns and where the time goes, and shows every
/// number in a table, the games as played and the personas.
public enum SessionHTML {
    public static func render(_ s: SessionSummary) -> String {
        let level = SessionTables.level(s)
        var meta = "\(s.label): \(counted(s.gamesRequested, "session")) per table, seed \(s.seed); \(level)% intervals. Rules: seeds/000, TT1–TT14."
        if !s.complete { meta += " Partial: the run was interrupted." }
        var html = HTMLPage.start(title: "Turn Tracker: how long sessions take, and who waits", meta: meta)
        let own = s.tables.filter { $0.isDesigns && $0.sessions > 0 }

        html += "<section data-section=\"answers\"><h2>The answers</h2>"
        for answer in s.answers {
            html += "<h3>\(escape(answer.question))</h3><ul>"
            for sentence in answer.sentences { html += "<li>\(escape(sentence))</li>" }
            html += "</ul>"
        }
        html += "<p class=\"note\">\(escape(s.assumptions))</p></section>\n"

        html += HTMLPage.section(
            "length", "How long a session takes (TT12, TT13)",
            "Each table's median session, the bar from its 10th to its 90th percentile: one session in ten is shorter, one in ten longer. The dashed line is seeds/000's 4 hours, the short end of a complex game's session.",
            own.isEmpty ? [] : [lengthChart(own)])
        html += HTMLPage.section(
            "growth", "Length by players, co-op and versus (TT12, TT13)",
            "The median session at each player count the game allows (every player one persona), with the 10th to 90th percentile as a band.",
            s.growth.map(growthChart))
        html += HTMLPage.section(
            "waiting", "Who waits (TT14)",
            "Each seat's share of a session spent not playing its own actions, with \(level)% intervals; the dashed line is the table's mean. Every table on one scale, from 0.",
            own.map { waitingChart($0, covering: [0] + own.flatMap(waitingValues)) })
        html += HTMLPage.section(
            "timer", "What turn timer covers the turns (TT9)",
            "The share of turns whose actions end within a timer of each length; the dashed line is the design's timer, where it sets one.",
            own.filter { !$0.coverage.isEmpty }.map(timerChart))
        html += HTMLPage.section(
            "phases", "Where the time goes",
            "Minutes a session spends in each phase, with \(level)% intervals; the dashed line is an equal share of the session. Every table on one scale, from 0.",
            own.map { phaseChart($0, covering: [0] + own.flatMap(phaseValues)) })

        html += "<section data-section=\"numbers\"><h2>Every number</h2><div class=\"row\">"
        html += table("Every table", SessionTables.overview(s, tables: s.tables), numeric: 1)
        for t in own {
            html += table("\(t.name): seats", SessionTables.seats(t, level: level), numeric: 2)
            html += table("\(t.name): phases", SessionTables.phases(t, level: level), numeric: 1)
            html += table("\(t.name): timer coverage", SessionTables.coverage(t), numeric: 0)
        }
        for g in s.growth { html += table("\(g.game) by players", SessionTables.growth(g), numeric: 0) }
        html += "</div></section>\n"

        html += "<section data-section=\"rules\"><h2>Games as played and the personas</h2><ul>"
        for line in SessionTables.games(s) { html += "<li>\(escape(line))</li>" }
        html += "</ul><div class=\"row\">" + table("Personas (TT10): assumptions", SessionTables.personas(s), numeric: 1, last: false)
        html += "</div><p class=\"note\">\(escape(s.assumptions))</p></section>\n"
        return html + HTMLPage.end
    }

    static func lengthChart(_ tables: [TableResult]) -> (label: String, svg: String) {
        let rows = tables.compactMap { t -> SVGIntervals.Row? in
            guard let p10 = t.metric(.sessionP10), let p50 = t.metric(.sessionP50), let p90 = t.metric(.sessionP90) else { return nil }
            return SVGIntervals.Row(label: t.name, value: p50.value, interval: min(p10.value, p50.value)...max(p90.value, p50.value))
        }
        let chart = SVGIntervals(title: "Session length", xLabel: "minutes", reference: 240, rows: rows, valueFormat: { $0.decimalText(0) })
        return ("every table of the design", chart.render())
    }

    static func growthChart(_ g: PlayerGrowth) -> (label: String, svg: String) {
        var chart = SVGChart(title: "\(g.game) (\(g.mode == .coop ? "co-op" : "versus"))", x: "players", y: "minutes a session")
        chart.add(.band(lower: g.points.map { (x: Double($0.players), y: $0.p10) }, upper: g.points.map { (x: Double($0.players), y: $0.p90) }, colour: ChartPalette.band90, label: "p10–p90"))
        chart.add(.line(g.points.map { (x: Double($0.players), y: $0.p50) }, colour: ChartPalette.median, label: "median"))
        return ("\(g.game), every player \(g.persona)", chart.render())
    }

    static func waitingRows(_ t: TableResult) -> [SVGIntervals.Row] {
        t.seats.enumerated().compactMap { i, seat in
            seat.waiting.map { SVGIntervals.Row(label: "seat \(i + 1): \(seat.persona)", value: $0.value, interval: min($0.lower, $0.upper)...max($0.lower, $0.upper)) }
        }
    }

    /// Every number a table's waiting chart draws, for the scale the tables share.
    static func waitingValues(_ t: TableResult) -> [Double] {
        waitingRows(t).flatMap { [$0.value, $0.interval.lowerBound, $0.interval.upperBound] } + [t.metric(.waitingShare)?.value ?? 0]
    }

    static func waitingChart(_ t: TableResult, covering: [Double]) -> (label: String, svg: String) {
        var chart = SVGIntervals(
            title: "Waiting — \(t.name)", xLabel: "share of a session", reference: t.metric(.waitingShare)?.value ?? 0, rows: waitingRows(t),
            valueFormat: SVGChart.percent)
        chart.covering = covering
        return (t.name, chart.render())
    }

    static func timerChart(_ t: TableResult) -> (label: String, svg: String) {
        var chart = SVGChart(title: "Timer coverage — \(t.name)", x: "timer (seconds)", y: "share of turns covered", yRange: 0...1)
        chart.yFormat = SVGChart.percent
        chart.add(.line(t.coverage.map { (x: $0.seconds, y: $0.share) }, colour: ChartPalette.median, label: "turns covered"))
        if let timer = t.timer { chart.add(.line([(x: timer, y: 0), (x: timer, y: 1)], colour: ChartPalette.mean, label: "design's timer", dashed: true)) }
        return (t.name, chart.render())
    }

    static func phaseRows(_ t: TableResult) -> [SVGIntervals.Row] {
        t.phases.compactMap { p in
            p.minutes.map { SVGIntervals.Row(label: p.name + (p.symmetric ? " (together)" : ""), value: $0.value, interval: min($0.lower, $0.upper)...max($0.lower, $0.upper)) }
        }
    }

    /// An equal share of the session, the phase chart's reference line.
    static func equalShare(_ t: TableResult) -> Double {
        t.phases.isEmpty ? 0 : (t.metric(.sessionMinutes)?.value ?? 0) / Double(t.phases.count)
    }

    /// Every number a table's phase chart draws, for the scale the tables share.
    static func phaseValues(_ t: TableResult) -> [Double] {
        phaseRows(t).flatMap { [$0.value, $0.interval.lowerBound, $0.interval.upperBound] } + [equalShare(t)]
    }

    static func phaseChart(_ t: TableResult, covering: [Double]) -> (label: String, svg: String) {
        var chart = SVGIntervals(
            title: "Phases — \(t.name)", xLabel: "minutes a session", reference: equalShare(t), rows: phaseRows(t), valueFormat: { $0.decimalText(0) })
        chart.covering = covering
        return (t.name, chart.render())
    }

    static func table(_ caption: String, _ t: SessionTables.Table, numeric: Int, last: Bool = true) -> String {
        HTMLPage.table(caption, t.header, t.rows, numeric: numeric, last: last)
    }
}
