import Diagnostics
import GameSeam
import MonteCarlo
import RelentlessBalance
import RelentlessSimulation
import ReportKit

/// `report.html`: one self-contained page (inline CSS and SVG; no script, font or network) with,
/// for each team side by side: money per round as a fan chart, satisfaction with its spread, the
/// survival curve with its 95% band, the hazard, the difficulty, what became of the orders, and
/// the games worth replaying.
public enum HTMLReport {
    static let palette = (
        band90: ChartPalette.band90, band50: ChartPalette.band50, median: ChartPalette.median, mean: ChartPalette.mean, ci: ChartPalette.ci,
        survival: ChartPalette.survival, hazard: ChartPalette.hazard, hazardBand: ChartPalette.hazardBand, difficulty: ChartPalette.difficulty,
        correct: ChartPalette.correct, wrong: ChartPalette.wrong, timedOut: ChartPalette.timedOut, open: ChartPalette.open,
        neverShown: ChartPalette.neverShown, income: ChartPalette.income, expense: ChartPalette.expense, floor: ChartPalette.floor,
        ceiling: ChartPalette.ceiling, time: ChartPalette.parts)

    public static func render(_ report: BalanceReport) -> String {
        var html = HTMLPage.start(title: "Balance report: \(report.design)", meta: report.description)
        if let warning = report.idleWarning { html += "<p class=\"note\"><strong>⚠ \(escape(warning))</strong></p>\n" }
        html += compareSection(report)
        html += adviceSection(report)
        let floorAndCeiling = "Dashed: a team of the same size that never starts an order (the floor) and one that does everything at once and never errs (the ceiling), on the same seeds."
        let scale = " Every team's chart on one scale."
        // Hazard charts fix their range (at least 0–5%): one top for every team is their scale.
        let hazardTop = highestHazard(report.teams)
        html += HTMLPage.section("money", "Money after each round", "Money after the round (M1), over the games that played it: the median, the middle half (p25–p75) and p10–p90; shaded below 0, where a team has gone broke (M2). " + floorAndCeiling + " Each team's chart on its own scale, to show its spread down to the losses; Every team above compares the medians on one.", report.teams.map { rendered(moneyChart($0, report.bounds(players: $0.team.count))) })
        html += HTMLPage.section("survival", "Teams still in the game", "Share of all games with money ≥ 0 after the round (M2), with its 95% confidence interval (Wilson). Games stop at round \(report.maxRounds) (--max-rounds): a team solvent then may still go broke later (see Beyond the horizon). " + floorAndCeiling, report.teams.map { survivalChart($0, report.bounds(players: $0.team.count)) })
        html += HTMLPage.section("hazard", "Hazard", "Of the games that played a round, the share that went broke in it (M2), with its 95% confidence interval (Wilson)." + scale, report.teams.map { rendered(hazardChart($0, highest: hazardTop)) })
        html += HTMLPage.section("satisfaction", "Satisfaction", "Each player's satisfaction at the end of the round: mean and ± one standard deviation, the band cut at the satisfaction range (P5).\(scale)", shared(report.teams.map { satisfactionChart($0, range: report.satisfactionRange) }))
        html += HTMLPage.section("orders", "Orders", "Mean orders per game by how they ended: delivered correctly or wrongly (P5), timed out (P6), still open or never shown when the round ended (P7)." + scale, shared(report.teams.map(ordersChart)))
        html += HTMLPage.section("time", "Where the time goes", "Per player, mean seconds of the round spent describing items to teammates, listening to their descriptions, finding and packing, passing packages, assembling (P4), waiting for a package of one's own to come back, and idle; they add up to the round's mean length." + scale, shared(report.teams.map(timeChart)))
        html += HTMLPage.section("seats", "Where each seat's time goes", "Per seat of the team (its place in the lineup), mean seconds of a round spent working on its own orders (finding, packing, passing, assembling), helping teammates (hearing their descriptions, finding and packing what they asked for, passing it back), describing items to them (P4), waiting for a package of its own to come back, and idle, over every round its games played; a seat that is overloaded or left waiting shows here." + scale, shared(report.teams.map(seatChart)))
        html += HTMLPage.section("flow", "Money in and out", "Per game, the money a round's satisfaction earns (M1: ⌊Σ satisfaction⌋ × satisfactionToMoneyTranslation) against the daily expense it pays." + scale, shared(report.teams.map(flowChart)))
        html += HTMLPage.section("difficulty", "Difficulty", "The difficulty of each round (M3), the same for every team.", [difficultyChart(report.teams)])
        html += horizonSection(report)
        html += "<section data-section=\"replays\"><h2>Games to replay</h2><p class=\"note\">Final money of the worst, p10, median, p90 and best games, and the command that plays each again round by round.</p><div class=\"row\">"
        for team in report.teams { html += exemplarTable(team) }
        html += "</div></section>\n" + HTMLPage.end
        return html
    }

    /// A chart drawn on its own scale.
    static func rendered(_ chart: (label: String, chart: SVGChart)) -> (label: String, svg: String) { (chart.label, chart.chart.render()) }

    /// Charts of the teams side by side, drawn on one y scale so that a taller bar or a lower
    /// line means more or less, not a different axis.
    static func shared(_ charts: [(label: String, chart: SVGChart)]) -> [(label: String, svg: String)] {
        zip(charts, SVGChart.sharingYAxis(charts.map(\.chart))).map { ($0.label, $1.render()) }
    }

    /// Money below 0 is a lost game (M2).
    static let broke = SVGChart.Shade(below: 0, colour: ChartPalette.loss, label: "below 0: broke (M2)")

    static func points(_ team: TeamCurves, _ value: (TeamCurves.Round) -> Double?) -> [SVGChart.Point] {
        team.rounds.compactMap { r in value(r).map { (Double(r.round), $0) } }
    }

    static func moneyChart(_ team: TeamCurves, _ bounds: BalanceReport.Bounds?) -> (label: String, chart: SVGChart) {
        var chart = SVGChart(title: "Money — \(team.label)", x: "round", y: "money")
        chart.shade = broke
        let rows = team.rounds.filter { $0.money.p10 != nil }
        func q(_ k: KeyPath<TeamCurves.Money, Int64?>) -> [SVGChart.Point] { rows.map { (Double($0.round), Double($0.money[keyPath: k] ?? 0)) } }
        chart.add(.band(lower: q(\.p10), upper: q(\.p90), colour: palette.band90, label: "p10–p90"))
        chart.add(.band(lower: q(\.p25), upper: q(\.p75), colour: palette.band50, label: "p25–p75"))
        chart.add(.line(q(\.p50), colour: palette.median, label: "median"))
        if let bounds {
            func median(_ t: TeamCurves) -> [SVGChart.Point] { t.rounds.compactMap { r in r.money.p50.map { (Double(r.round), Double($0)) } } }
            chart.add(.line(median(bounds.idle), colour: palette.floor, label: "never starting an order", dashed: true))
            // The ceiling runs far above any real team: drawn for reference, it does not set the
            // scale (that squashed the teams' bands into the bottom of the chart, issue 39).
            chart.add(.reference(median(bounds.perfect), colour: palette.ceiling, label: "perfect"))
        }
        return (team.label, chart)
    }

    static func survivalChart(_ team: TeamCurves, _ bounds: BalanceReport.Bounds?) -> (label: String, svg: String) {
        var chart = SVGChart(title: "Alive after the round — \(team.label)", x: "round", y: "share of games", yRange: 0...1)
        chart.yFormat = SVGChart.percent
        chart.add(.band(lower: points(team) { $0.alive.interval.lowerBound }, upper: points(team) { $0.alive.interval.upperBound }, colour: palette.ci, label: "95% interval"))
        chart.add(.line(points(team) { $0.alive.value }, colour: palette.survival, label: "alive"))
        if let bounds {
            chart.add(.line(points(bounds.idle) { $0.alive.value }, colour: palette.floor, label: "never starting an order", dashed: true))
        }
        return (team.label, chart.render())
    }

    /// The top of the teams' hazard intervals.
    static func highestHazard(_ teams: [TeamCurves]) -> Double {
        teams.flatMap { $0.rounds.map { $0.lost.interval.upperBound } }.max() ?? 0
    }

    static func hazardChart(_ team: TeamCurves, highest: Double) -> (label: String, chart: SVGChart) {
        // At least 0–5%: a small hazard keeps its true size, and a round no team lost in still
        // draws its line at 0 (with the interval of how large the hazard could be).
        var chart = SVGChart(title: "Lost in the round — \(team.label)", x: "round", y: "share of games playing it", yRange: 0...max(0.05, highest))
        chart.yFormat = SVGChart.percent
        let rows = team.rounds.filter { $0.games > 0 }
        func points(_ value: (TeamCurves.Round) -> Double) -> [SVGChart.Point] { rows.map { (Double($0.round), value($0)) } }
        chart.add(.band(lower: points { $0.lost.interval.lowerBound }, upper: points { $0.lost.interval.upperBound }, colour: palette.hazardBand, label: "95% interval"))
        chart.add(.line(points { $0.lost.value }, colour: palette.hazard, label: "lost in the round"))
        return (team.label, chart)
    }

    /// Mean ± 1 sd, the band cut at `range`: no player's satisfaction leaves it (P5), so a band
    /// past it would draw values no game had.
    static func satisfactionChart(_ team: TeamCurves, range: ClosedRange<Double>?) -> (label: String, chart: SVGChart) {
        var chart = SVGChart(title: "Satisfaction — \(team.label)", x: "round", y: "satisfaction")
        let rows = team.rounds.filter { $0.satisfactionMean != nil }
        let mean: [SVGChart.Point] = rows.map { (Double($0.round), $0.satisfactionMean ?? 0) }
        let sd = rows.map { $0.satisfactionStandardDeviation ?? 0 }
        func inRange(_ y: Double) -> Double { range.map { min(max(y, $0.lowerBound), $0.upperBound) } ?? y }
        chart.add(.band(
            lower: zip(mean, sd).map { ($0.x, inRange($0.y - $1)) }, upper: zip(mean, sd).map { ($0.x, inRange($0.y + $1)) }, colour: palette.band90,
            label: "± 1 sd"))
        chart.add(.line(mean, colour: palette.mean, label: "mean"))
        return (team.label, chart)
    }

    static func ordersChart(_ team: TeamCurves) -> (label: String, chart: SVGChart) {
        var chart = SVGChart(title: "Orders per game — \(team.label)", x: "round", y: "orders")
        let rows = team.rounds.filter { $0.games > 0 }
        chart.add(.stackedBars(x: rows.map { Double($0.round) }, series: [
            (rows.map(\.correct), palette.correct, "correct"), (rows.map(\.wrong), palette.wrong, "wrong"),
            (rows.map(\.timedOut), palette.timedOut, "timed out"), (rows.map(\.open), palette.open, "open"),
            (rows.map(\.neverShown), palette.neverShown, "never shown"),
        ]))
        return (team.label, chart)
    }

    static let teamColours = ["#08519c", "#e6550d", "#31a354", "#756bb1", "#636363", "#d6616b", "#8c6d31", "#17becf"]

    /// What to change: each finding, the parameters that drive it and the commands that explore
    /// it; nothing when the report has no advice.
    static func adviceSection(_ report: BalanceReport) -> String {
        guard let advice = report.advice, !advice.findings.isEmpty else { return "" }
        var html = "<section data-section=\"advice\"><h2>What to change</h2><p class=\"note\">\(escape(advice.driversNote))</p><ul class=\"advice\" style=\"font-size:13px;max-width:1100px\">"
        for finding in advice.findings {
            html += "<li><p><strong>\(escape(finding.observation.text))</strong></p>"
            if !finding.steps.isEmpty {
                html += "<p>Where it falls, the ramp steps up: \(escape(finding.steps.joined(separator: "; "))) (C7 ceils whole-number keys).</p>"
            }
            if finding.drivers.isEmpty, advice.measuredOn != nil {
                html += "<p>\(escape("No parameter moved \(finding.metricSummary) at ±10% for \(finding.measuredTeam); a wider move may."))</p>"
            } else if !finding.drivers.isEmpty {
                html += "<p>\(escape("What moves \(finding.metricSummary) most, for \(finding.measuredTeam):"))</p><ul>"
                for d in finding.drivers { html += "<li><code>\(escape(d.key))</code> down \(escape(d.down)); up \(escape(d.up))</li>" }
                html += "</ul>"
            }
            html += "<p>Explore further:</p><ul>" + finding.commands.map { "<li><code>\(escape($0))</code></li>" }.joined() + "</ul></li>"
        }
        return html + "</ul></section>\n"
    }

    /// Every team on one axis per metric: the comparison a designer makes first.
    static func compareSection(_ report: BalanceReport) -> String {
        func chart(
            _ title: String, _ y: String, range: ClosedRange<Double>? = nil, percent: Bool = false, shade: SVGChart.Shade? = nil, _ value: (TeamCurves.Round) -> Double?
        ) -> (label: String, svg: String) {
            var chart = SVGChart(title: title, x: "round", y: y, yRange: range)
            chart.shade = shade
            if percent { chart.yFormat = SVGChart.percent }
            for (i, team) in report.teams.enumerated() {
                chart.add(.line(points(team, value), colour: teamColours[i % teamColours.count], label: team.label))
            }
            return (title, chart.render())
        }
        return HTMLPage.section(
            "compare", "Every team",
            "Each team on one axis per metric, games cut at round \(report.maxRounds) (--max-rounds): median money after the round, the share of games still solvent, and each player's mean satisfaction at the round's end.",
            [
                chart("Median money", "money", shade: broke) { r in r.money.p50.map(Double.init) },
                chart("Alive after the round", "share of games", range: 0...1, percent: true) { $0.alive.value },
                chart("Satisfaction at the round's end", "satisfaction") { $0.satisfactionMean },
            ])
    }

    static func timeChart(_ team: TeamCurves) -> (label: String, chart: SVGChart) {
        var chart = SVGChart(title: "Seconds per player — \(team.label)", x: "round", y: "seconds")
        let rows = team.rounds.filter { $0.games > 0 && $0.time.count == TimeBreakdown.parts.count }
        let names = ["describing", "listening", "finding and packing", "passing", "assembling", "waiting", "idle"]
        chart.add(.stackedBars(x: rows.map { Double($0.round) }, series: TimeBreakdown.parts.indices.map { i in
            (rows.map { $0.time[i] }, palette.time[i], names[i])
        }))
        return (team.label, chart)
    }

    static func seatChart(_ team: TeamCurves) -> (label: String, chart: SVGChart) {
        var chart = SVGChart(title: "Seconds a round, by seat — \(team.label)", x: "seat, in the team's order", y: "seconds")
        chart.xRange = 0.5...(Double(team.seats.count) + 0.5)
        let names = team.seats.first?.parts.map(\.name) ?? []
        let colours = [palette.time[2], palette.time[1], palette.time[0], palette.time[5], palette.time[6]]
        chart.add(.stackedBars(x: team.seats.map { Double($0.seat) }, series: names.indices.map { i in
            (team.seats.map { $0.parts[i].seconds }, colours[i], names[i])
        }))
        return (team.label, chart)
    }

    static func flowChart(_ team: TeamCurves) -> (label: String, chart: SVGChart) {
        var chart = SVGChart(title: "Money in and out — \(team.label)", x: "round", y: "money per game")
        chart.add(.line(points(team) { $0.games > 0 ? $0.moneyIn : nil }, colour: palette.income, label: "in: from satisfaction"))
        chart.add(.line(points(team) { $0.games > 0 ? $0.moneyOut : nil }, colour: palette.expense, label: "out: daily expense"))
        return (team.label, chart)
    }

    /// One chart: M3's ramp is the same for every team, so one line when the teams' rounds agree
    /// (one per team, on the same axis, when they do not: a team cut short plays fewer rounds).
    static func difficultyChart(_ teams: [TeamCurves]) -> (label: String, svg: String) {
        var chart = SVGChart(title: "Difficulty", x: "round", y: "difficulty")
        let curves = teams.map { team in points(team) { $0.difficulty } }
        let longest = curves.max { $0.count < $1.count } ?? []
        let agree = curves.allSatisfy { curve in zip(curve, longest).allSatisfy { $0.x == $1.x && $0.y == $1.y } }
        if agree {
            chart.add(.line(longest, colour: palette.difficulty, label: "difficulty"))
        } else {
            for (i, (team, curve)) in zip(teams, curves).enumerated() {
                chart.add(.line(curve, colour: teamColours[i % teamColours.count], label: team.label))
            }
        }
        return (agree ? "every team" : "each team", chart.render())
    }

    /// Drift and ruin of every team on one axis each, and a table with the rounds to ruin.
    static func horizonSection(_ report: BalanceReport) -> String {
        let measured = report.teams.filter { $0.horizon != nil }
        var charts: [(label: String, svg: String)] = []
        if !measured.isEmpty {
            let drift = SVGIntervals(
                title: "Money a round at the top difficulty", xLabel: "money a round (drift)", reference: 0,
                rows: measured.compactMap { t in t.horizon.map { .init(label: t.label, value: $0.drift.value, interval: $0.drift.interval) } },
                valueFormat: HorizonText.signed)
            let ruin = SVGIntervals(
                title: "Share of games eventually lost", xLabel: "eventually lost (ruin)", reference: 0,
                rows: measured.compactMap { t in t.horizon.map { .init(label: t.label, value: $0.ruin.value, interval: $0.ruin.interval) } },
                valueFormat: HorizonText.share)
            charts = [("drift", drift.render()), ("ruin", ruin.render())]
        }
        var html = HTMLPage.section(
            "horizon", "Beyond the horizon",
            "What happens after round \(report.maxRounds), extrapolated from the rounds at the top of the difficulty ramp, where every round is the same random experiment: money is a random walk with the measured drift and spread (the reference: Relentless, \"Simulating games\", \"Beyond the horizon\"). Bars are 95% intervals.",
            charts)
        html.removeLast("</div></section>\n".count)
        html += "<figure class=\"table\"><table><thead><tr><th>team</th><th class=\"num\">from round</th><th class=\"num\">money a round (drift)</th><th class=\"num\">sd</th><th class=\"num\">eventually lost (ruin)</th><th class=\"num\">rounds to ruin</th></tr></thead><tbody>"
        for team in report.teams {
            guard let h = team.horizon else {
                html += "<tr><td>\(escape(team.label))</td><td colspan=\"5\">– \(escape(team.horizonUnavailable ?? ""))</td></tr>"
                continue
            }
            let rounds = h.roundsToRuin.map { "\($0.value.decimalText(0)) [\($0.lower.decimalText(0)), \($0.upper.decimalText(0))]" } ?? "– (ruin is not certain)"
            html += "<tr><td>\(escape(team.label))</td><td class=\"num\">\(h.plateauRound)</td>"
            html += "<td class=\"num\">\(HorizonText.signed(h.drift.value)) [\(HorizonText.signed(h.drift.lower)), \(HorizonText.signed(h.drift.upper))]</td>"
            html += "<td class=\"num\">\(h.spread.decimalText(0))</td>"
            html += "<td class=\"num\">\(HorizonText.share(h.ruin.value)) [\(HorizonText.share(h.ruin.lower)), \(HorizonText.share(h.ruin.upper))]</td>"
            html += "<td class=\"num\">\(escape(rounds))</td></tr>"
        }
        return html + "</tbody></table></figure></div></section>\n"
    }

    static func exemplarTable(_ team: TeamCurves) -> String {
        var html = "<figure class=\"table\"><table><caption>\(escape(team.label))</caption><thead><tr><th>game</th><th class=\"num\">final money</th><th>replay</th></tr></thead><tbody>"
        for e in team.exemplars {
            html += "<tr><td>\(escape(e.label))</td><td class=\"num\">\(e.money)</td><td><code>\(escape(e.replay))</code></td></tr>"
        }
        return html + "</tbody></table></figure>"
    }
}
