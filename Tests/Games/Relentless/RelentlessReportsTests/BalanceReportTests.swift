import Foundation
import RelentlessGeneration
import MonteCarlo
import PropertyList
import Relentless
@testable import RelentlessReports
import RelentlessSimulation
import RelentlessRuns
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A report built from real (small) runs of the shipped design: the HTML, CSV, JSON and Markdown
/// agree with the curves they are drawn from, and the curves with the statistics.
@Suite struct BalanceReportTests {
    static let teams = [["casual", "casual", "casual"], ["novice", "casual", "expert"], ["idle", "idle", "idle"]]
    static let maxRounds = 8

    static let report: BalanceReport = {
        do {
            let design = try PreparedDesign(try #require(DesignLoader.load(try Fixtures.shippedDesignSources()).design))
            let url = Fixtures.shippedDesign.appendingPathComponent(PlayersReader.fileName)
            let model = try #require(PlayersReader.read(try PlistReader.read(bytes: try Fixtures.bytes(url)), file: url.path).0)
            let curves = try teams.map { names in
                let simulator = GameSimulator(design: design, team: try names.map { try #require(model.persona(named: $0)) }, maxRounds: maxRounds)
                let run = try SimulationBatch.run(simulator, games: 40, seed: 3, threads: 2)
                return TeamCurves(run.statistics, gamesRequested: run.gamesRequested, team: names, seed: 3, maxRounds: maxRounds) { "replay \($0)" }
            }
            // A label that needs escaping in every format.
            var reported = BalanceReport(design: "Designs/<a & b>", playersFile: "Players.plist", seed: 3, games: 40, maxRounds: maxRounds, teams: curves)
            reported.teams[0].label = "3 × \"casual\" <&>, fast"
            return reported
        } catch {
            preconditionFailure("cannot build the test report: \(error)")
        }
    }()

    @Test func curvesFollowTheStatistics() {
        for team in Self.report.teams {
            #expect(team.gamesPlayed == 40 && !team.partial)
            #expect(!team.rounds.isEmpty && team.rounds.count <= Self.maxRounds)
            for (a, b) in zip(team.rounds, team.rounds.dropFirst()) {
                #expect(b.alive.value <= a.alive.value, "survival rises at round \(b.round) of \(team.label)")
                #expect(b.games <= a.games)
            }
            for r in team.rounds {
                #expect(r.lost.trials == r.games)
                let q = [r.money.p10, r.money.p25, r.money.p50, r.money.p75, r.money.p90].compactMap { $0 }
                #expect(q.count == 5 && q == q.sorted(), "quantiles out of order at round \(r.round): \(q)")
                #expect(r.alive.interval.contains(r.alive.value))
            }
            let labels = team.exemplars.map(\.label)
            #expect(labels == ["worst", "p10", "median", "p90", "best"])
            #expect(team.exemplars.map(\.money) == team.exemplars.map(\.money).sorted())
        }
        // An idle team never delivers: each of its orders times out (P6) or is still open.
        let idle = Self.report.teams[2]
        #expect(idle.rounds.allSatisfy { $0.correct == 0 && $0.wrong == 0 })
    }

    /// The hazard is the share of the games that played a round that were lost in it, and those
    /// losses are exactly the drop in games alive.
    @Test func hazardIsLossesOverGamesPlayed() {
        for team in Self.report.teams {
            for r in team.rounds {
                let aliveBefore = r.round == 1 ? team.gamesPlayed : team.rounds[r.round - 2].alive.successes
                #expect(r.games == aliveBefore)
                #expect(r.lost.successes == aliveBefore - r.alive.successes)
            }
        }
    }

    @Test func csvHasARowPerTeamAndRoundWithTheCurvesNumbers() throws {
        let csv = CurvesCSV.render(Self.report)
        let lines = csv.split(whereSeparator: \.isNewline)
        #expect(lines.count == 1 + Self.report.teams.reduce(0) { $0 + $1.rounds.count })
        #expect(lines[0].hasPrefix("team,round,difficulty,games,alive_share"))
        // The label with a quote and a comma is quoted, its quotes doubled.
        #expect(lines[1].hasPrefix(#""3 × ""casual"" <&>, fast",1,"#))
        let team = Self.report.teams[1]
        let row = try #require(lines.first { $0.hasPrefix("\"novice, casual, expert\",\(team.rounds.count),") })
        let cells = row.split(separator: ",", omittingEmptySubsequences: false).suffix(19)
        let last = try #require(team.rounds.last)
        #expect(Int(cells[cells.startIndex + 1]) == last.games)
        #expect(Int(cells[cells.startIndex + 8]) == last.money.p50.map(Int.init))
    }

    @Test func resultsJSONDecodesToTheSameReport() throws {
        let data = try JSONEncoder().encode(Self.report)
        let decoded = try JSONDecoder().decode(BalanceReport.self, from: data)
        #expect(decoded.teams.map(\.label) == Self.report.teams.map(\.label))
        #expect(decoded.teams.map { $0.rounds.map(\.money.p50) } == Self.report.teams.map { $0.rounds.map(\.money.p50) })
        #expect(decoded.teams.map { $0.rounds.map(\.alive) } == Self.report.teams.map { $0.rounds.map(\.alive) })
    }

    @Test func htmlHasAWellFormedChartPerTeamInEverySection() throws {
        let html = HTMLReport.render(Self.report)
        #expect(!html.contains("<script"))
        // Self-contained: nothing is loaded from anywhere.
        #expect(!html.contains("src=") && !html.contains("href=") && !html.contains("@import") && !html.contains("url("))
        let sections = ["money", "survival", "hazard", "satisfaction", "orders", "difficulty"]
        for name in sections {
            let start = try #require(html.range(of: "<section data-section=\"\(name)\">"), "no section \(name)")
            let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
            let body = html[start.upperBound..<end.lowerBound]
            let charts = body.components(separatedBy: "<svg class=\"chart\"").dropFirst()
            // M3's ramp is every team's: one difficulty chart, not one per team (issue 39).
            #expect(charts.count == (name == "difficulty" ? 1 : Self.report.teams.count), "section \(name)")
            for chart in charts {
                let svg = "<svg class=\"chart\"" + chart.components(separatedBy: "</svg>")[0] + "</svg>"
                let parser = XMLParser(data: Data(svg.utf8))
                #expect(parser.parse(), "\(name): \(String(describing: parser.parserError))")
                #expect(!svg.contains("no data"), "\(name) has an empty chart")
            }
        }
        #expect(html.contains("3 × &quot;casual&quot; &lt;&amp;&gt;, fast"))
        #expect(!html.contains("<&>"))
        #expect(html.contains("Balance report: Designs/&lt;a &amp; b&gt;"))
    }

    /// The `<svg>` charts of section `name` of `html`, parsed.
    static func charts(_ html: String, section name: String) throws -> [XMLElement] {
        let start = try #require(html.range(of: "<section data-section=\"\(name)\">"), "no section \(name)")
        let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
        return try html[start.upperBound..<end.lowerBound].components(separatedBy: "<svg class=\"chart\"").dropFirst().map { chart in
            let svg = "<svg class=\"chart\"" + chart.components(separatedBy: "</svg>")[0] + "</svg>"
            return try #require(try XMLDocument(xmlString: svg).rootElement())
        }
    }

    /// The values of a chart's y ticks.
    static func yTicks(_ chart: XMLElement) -> [Double] {
        var ticks: [Double] = []
        // FoundationXML's attribute(forName:) finds nothing under a default namespace: look through the list.
        func attr(_ e: XMLElement, _ name: String) -> String? { e.attributes?.first { $0.name == name || $0.localName == name }?.stringValue }
        func walk(_ e: XMLElement) {
            if attr(e, "data-axis") == "y", let value = attr(e, "data-value").flatMap(Double.init) {
                ticks.append(value)
            }
            for case let child as XMLElement in e.children ?? [] { walk(child) }
        }
        walk(chart)
        return ticks
    }

    @Test("money is drawn on the teams' own range, down to their losses, the ceiling for reference only; satisfaction's band stops at its range (issue 39)")
    func chartsShowWhereGamesAreLost() throws {
        var report = Self.report
        // A ceiling a hundred times the real team's money, and a spread wider than the range.
        var perfect = report.teams[0]
        for i in perfect.rounds.indices { perfect.rounds[i].money.p50 = (perfect.rounds[i].money.p50 ?? 0) * 100 + 10_000 }
        report.bounds = [.init(players: 3, idle: report.teams[2], perfect: perfect)]
        for i in report.teams[0].rounds.indices { report.teams[0].rounds[i].satisfactionStandardDeviation = 500 }
        report.satisfactionRange = 0...100
        let html = HTMLReport.render(report)

        let money = try #require(try Self.charts(html, section: "money").first)
        let highest = try #require(report.teams[0].rounds.compactMap(\.money.p90).max())
        let lowest = try #require(report.teams[0].rounds.compactMap(\.money.p10).min())
        let ticks = Self.yTicks(money)
        #expect(try #require(ticks.max()) < 2 * Double(max(highest, 100)) + 1000, "the scale follows the team, not the ceiling: \(ticks)")
        #expect(ticks.contains(0), "0 is on the axis: \(ticks)")
        #expect(lowest >= 0 || money.xmlString.contains("below 0: broke"), "losses are shaded")
        #expect(money.xmlString.contains("perfect (above the chart"))

        let satisfaction = try #require(try Self.charts(html, section: "satisfaction").first)
        let range = Self.yTicks(satisfaction)
        #expect(range.min() == 0 && range.max() == 100, "the band is cut at the satisfaction range: \(range)")
        // Without a known range the band is drawn whole: the axis goes past it.
        report.satisfactionRange = nil
        let whole = try #require(try Self.charts(HTMLReport.render(report), section: "satisfaction").first)
        #expect(try #require(Self.yTicks(whole).max()) > 100)
    }

    @Test("the per-team charts of a section share one scale; money keeps each team's own")
    func teamsShareAScale() throws {
        let html = HTMLReport.render(Self.report)
        for name in ["hazard", "satisfaction", "orders", "time", "seats", "flow"] {
            let ticks = try Self.charts(html, section: name).map { Self.yTicks($0) }
            #expect(Set(ticks.map { $0.map { String($0) } }).count == 1, "\(name): \(ticks)")
        }
        let money = try Self.charts(html, section: "money").map { Self.yTicks($0) }
        #expect(Set(money.map { $0.map { String($0) } }).count > 1, "an idle team's money and a playing team's differ: \(money)")
    }

    @Test("findings: a fall of a quarter in satisfaction is a cliff, less is not; half the games lost is going broke, one fewer is not")
    func findingsHaveTheirThresholds() throws {
        var report = Self.report
        report.teams = [report.teams[0], report.teams[0]]
        report.teams[1].label = "second"
        let rounds = report.teams[0].rounds.count
        try #require(rounds >= 5)
        func satisfaction(_ values: [Double], team: Int) {
            for i in 0..<rounds { report.teams[team].rounds[i].satisfactionMean = values[min(i, values.count - 1)] }
        }
        // Team 0: 80 → 50 at round 4 (a fall of 37.5%); team 1: 80 → 61 at round 3 (23.75%).
        satisfaction([80, 80, 80, 50], team: 0)
        satisfaction([80, 80, 61], team: 1)
        for t in 0..<2 { report.teams[t].horizon = nil }
        report.teams[0].lost = report.teams[0].gamesPlayed / 2
        report.teams[1].lost = (report.teams[1].gamesPlayed + 1) / 2 - 1
        let found = report.observations
        let cliff = try #require(found.first { $0.kind == .cliff })
        #expect(cliff.rounds == [4] && cliff.team == 0, "\(cliff)")
        #expect(cliff.text.contains("at round 4") && cliff.text.contains("80 → 50") && !cliff.text.contains("second"), "\(cliff.text)")
        let broke = try #require(found.first { $0.kind == .broke })
        #expect(broke.team == 0 && !broke.text.contains("second"), "\(broke.text)")
        #expect(!found.contains { $0.kind == .drift })
        // A flat report has nothing to say.
        satisfaction([70], team: 0)
        report.teams[0].lost = 0
        report.teams[1].lost = 0
        satisfaction([70], team: 1)
        #expect(report.observations.isEmpty)
    }

    @Test func summaryNamesEveryTeam() {
        let md = SummaryMarkdown.render(Self.report)
        for team in Self.report.teams { #expect(md.contains(team.label)) }
    }
}
