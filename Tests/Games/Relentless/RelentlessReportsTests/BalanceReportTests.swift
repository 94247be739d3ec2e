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
                return TeamCurves(run, team: names, seed: 3, maxRounds: maxRounds) { "replay \($0)" }
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
            #expect(charts.count == Self.report.teams.count, "section \(name)")
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

    @Test func summaryNamesEveryTeam() {
        let md = SummaryMarkdown.render(Self.report)
        for team in Self.report.teams { #expect(md.contains(team.label)) }
    }
}
