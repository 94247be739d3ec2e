import ReportKit

/// `report.html` for a Shaky Words design: one self-contained page (inline SVG, no script) that
/// answers the game maker's questions first, then draws per contest the points by difficulty and
/// by length, the timeouts, the shakes, who wins and the scores, and shows every number in a
/// table, the rules as played and the teams' assumptions.
public enum QuizHTML {
    public static func render(_ summary: QuizSummary) -> String {
        let level = QuizTables.level(summary)
        var meta = "\(summary.label): \(QuizFormat.counted(summary.gamesRequested, "game")) per contest, seed \(summary.seed); "
        meta += "\(level)% intervals. Rules: seeds/003, SW1–SW12."
        if !summary.complete { meta += " Partial: the run was interrupted." }
        var html = HTMLPage.start(title: "Shaky Words: points, timeouts and who wins", meta: meta)

        html += "<section data-section=\"answers\"><h2>The answers</h2>"
        html += "<h3>Is the pack balanced across its difficulties? (SW6)</h3><ul>"
        for sentence in summary.pack.sentences { html += "<li>\(escape(sentence))</li>" }
        html += "</ul>"
        if let spelling = summary.spelling {
            html += "<h3>Which spelling rule keeps long answers winnable? (SW10)</h3><p>\(escape(spelling.sentence))</p>"
        }
        for contest in summary.contests {
            html += "<h3>\(escape(contest.name)): \(escape(QuizFormat.counted(contest.games, "game")))</h3><ul>"
            for answer in contest.answers { html += "<li><strong>\(escape(answer.question))</strong> \(escape(answer.sentence))</li>" }
            html += "</ul>"
        }
        html += "<p class=\"note\">\(escape(summary.assumptions))</p></section>\n"

        html += HTMLPage.section(
            "difficulty", "Points a question pays, by difficulty (SW8)",
            "Mean points a question paid (0 when nobody's answer counted), every length pooled, with \(level)% intervals; the dashed line is the contest's mean, dark where an interval misses it.",
            summary.contests.filter { !$0.difficulties.isEmpty }.map(difficultyChart))
        html += HTMLPage.section(
            "length", "Points a question pays, by answer length and difficulty (SW8)",
            "Mean points a question paid by the letters of its answer, one line per difficulty.",
            summary.contests.filter { !$0.cells.isEmpty }.map(lengthChart))
        html += HTMLPage.section(
            "timeouts", "Timeouts by difficulty (SW7)",
            "Share of questions nobody indicated within \(QuizFormat.seconds(summary.rules.indicationWindow)) s, with \(level)% intervals (Wilson, questions as independent draws).",
            summary.contests.filter { !$0.difficulties.isEmpty }.map(timeoutChart))
        html += HTMLPage.section(
            "shakes", "Shakes by answer length (SW9)",
            "Mean shakes a question had by the letters of its answer, with its \(level)% interval as a band.",
            summary.contests.filter { !$0.lengths.isEmpty }.map { shakeChart($0, level: level) })
        html += HTMLPage.section(
            "shake-points", "Points by shakes (SW8, SW9)",
            "Mean points a question paid by the shakes it had, with \(level)% intervals; the dashed line is the contest's mean.",
            summary.contests.filter { !$0.shakes.isEmpty }.map(shakePointsChart))
        html += HTMLPage.section(
            "wins", "Who wins",
            "Share of games each team won alone, and of ties, with \(level)% intervals (Wilson); the dashed line is an equal share.",
            summary.contests.filter { !$0.isSolo && $0.games > 0 }.map(winChart))
        html += HTMLPage.section(
            "scores", "Scores a game ends with", "Share of games by each team's points at the end.",
            summary.contests.filter { $0.games > 0 }.map(scoreChart))

        html += "<section data-section=\"numbers\"><h2>Every number</h2><div class=\"row\">"
        html += table("The pack (SW6)", QuizTables.pack(summary.pack), numeric: 1, last: false)
        for contest in summary.contests {
            html += table("\(contest.name): every metric", QuizTables.metrics(contest, level: level), numeric: 1, last: false)
            html += table("\(contest.name): by difficulty and answer length", QuizTables.cells(contest, level: level), numeric: 1)
            html += table("\(contest.name): by difficulty", QuizTables.difficulties(contest, level: level), numeric: 1)
            html += table("\(contest.name): by answer length", QuizTables.lengths(contest, level: level), numeric: 0)
            html += table("\(contest.name): by shakes", QuizTables.shakes(contest, level: level), numeric: 0)
            html += table("\(contest.name): wins and scores", QuizTables.seats(contest, level: level), numeric: 2)
        }
        html += "</div></section>\n"

        html += "<section data-section=\"rules\"><h2>Rules as played and the teams as modelled</h2><ul>"
        for line in QuizTables.rules(summary.rules) { html += "<li>\(code(line))</li>" }
        html += "</ul><div class=\"row\">" + table("The teams (SW12): assumptions", QuizTables.teams(summary), numeric: 1)
        html += "</div><p class=\"note\">\(escape(summary.assumptions))</p></section>\n"
        return html + HTMLPage.end
    }

    static func range(_ e: QuizSummary.Estimate) -> ClosedRange<Double> {
        guard let lower = e.lower, let upper = e.upper else { return e.value...e.value }
        return min(lower, upper)...max(lower, upper)
    }

    static func mean(_ contest: QuizSummary.Contest, _ metric: String) -> Double { contest.metrics.first { $0.metric == metric }?.estimate.value ?? 0 }

    static func difficultyChart(_ contest: QuizSummary.Contest) -> (label: String, svg: String) {
        let rows = contest.difficulties.map { SVGIntervals.Row(label: $0.difficulty, value: $0.points.value, interval: range($0.points)) }
        let chart = SVGIntervals(title: "Points by difficulty — \(contest.name)", xLabel: "points a question paid", reference: mean(contest, "points"), rows: rows)
        return (contest.name, chart.render())
    }

    static func lengthChart(_ contest: QuizSummary.Contest) -> (label: String, svg: String) {
        var chart = SVGChart(title: "Points by length — \(contest.name)", x: "letters of the answer", y: "points a question paid")
        for (i, d) in contest.difficulties.enumerated() {
            let points = contest.cells.filter { $0.level == d.level }.map { (x: Double($0.length), y: $0.points.value) }
            chart.add(.line(points, colour: ChartPalette.parts[i % ChartPalette.parts.count], label: d.difficulty))
        }
        return (contest.name, chart.render())
    }

    static func timeoutChart(_ contest: QuizSummary.Contest) -> (label: String, svg: String) {
        let rows = contest.difficulties.map { SVGIntervals.Row(label: $0.difficulty, value: $0.timeouts.value, interval: range($0.timeouts)) }
        let chart = SVGIntervals(
            title: "Timeouts — \(contest.name)", xLabel: "share of questions nobody indicated", reference: mean(contest, "timeouts"), rows: rows,
            valueFormat: SVGChart.percent)
        return (contest.name, chart.render())
    }

    static func shakeChart(_ contest: QuizSummary.Contest, level: Int) -> (label: String, svg: String) {
        var chart = SVGChart(title: "Shakes by length — \(contest.name)", x: "letters of the answer", y: "shakes a question had")
        let withBounds = contest.lengths.filter { $0.shakes.hasInterval }
        if !withBounds.isEmpty {
            chart.add(
                .band(
                    lower: withBounds.map { (x: Double($0.length), y: $0.shakes.lower!) }, upper: withBounds.map { (x: Double($0.length), y: $0.shakes.upper!) },
                    colour: ChartPalette.ci, label: "\(level)% interval"))
        }
        chart.add(.line(contest.lengths.map { (x: Double($0.length), y: $0.shakes.value) }, colour: ChartPalette.mean, label: "mean shakes"))
        return (contest.name, chart.render())
    }

    static func shakePointsChart(_ contest: QuizSummary.Contest) -> (label: String, svg: String) {
        let rows = contest.shakes.map { SVGIntervals.Row(label: QuizFormat.counted($0.shakes, "shake"), value: $0.points.value, interval: range($0.points)) }
        let chart = SVGIntervals(title: "Points by shakes — \(contest.name)", xLabel: "points a question paid", reference: mean(contest, "points"), rows: rows)
        return (contest.name, chart.render())
    }

    static func winChart(_ contest: QuizSummary.Contest) -> (label: String, svg: String) {
        var rows = contest.seats.map { SVGIntervals.Row(label: $0.team, value: $0.winsAlone.value, interval: range($0.winsAlone)) }
        rows.append(SVGIntervals.Row(label: "ties", value: contest.ties.value, interval: range(contest.ties)))
        let chart = SVGIntervals(
            title: "Wins — \(contest.name)", xLabel: "share of games", reference: 1 / Double(max(contest.seats.count, 1)), rows: rows,
            valueFormat: SVGChart.percent)
        return (contest.name, chart.render())
    }

    static func scoreChart(_ contest: QuizSummary.Contest) -> (label: String, svg: String) {
        var chart = SVGChart(title: "Scores — \(contest.name)", x: "points at the end of a game", y: "share of games")
        chart.yFormat = SVGChart.percent
        for (i, seat) in contest.seats.enumerated() {
            let total = Double(max(seat.games.reduce(0, +), 1))
            let points = zip(seat.scores, seat.games).map { (x: Double($0), y: Double($1) / total) }
            chart.add(.line(points, colour: ChartPalette.parts[i % ChartPalette.parts.count], label: seat.team))
        }
        return (contest.name, chart.render())
    }

    /// A table in a figure of the whole width, its columns from `numeric` on right-aligned.
    static func table(_ caption: String, _ t: QuizTables.Table, numeric: Int, last: Bool = true) -> String {
        HTMLPage.table(caption, t.header, t.rows, numeric: numeric, last: last)
    }

    /// A line whose `backticked` parts are code.
    static func code(_ line: String) -> String {
        var html = "", inCode = false, part = ""
        for c in line {
            if c == "`" {
                html += inCode ? "<code>\(escape(part))</code>" : escape(part)
                part = ""
                inCode.toggle()
            } else {
                part.append(c)
            }
        }
        return html + escape(part)
    }
}
