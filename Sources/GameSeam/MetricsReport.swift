import Diagnostics
import MonteCarlo
import ReportKit

/// The report any game on the seam gets without writing one: a page with, for each metric, every
/// lineup's estimate and interval (a forest plot) and a table of the numbers; a Markdown summary;
/// and the statistics as JSON. A game with more to show writes its own ``PlayableGame/report(_:)``.
public enum MetricsReport {
    /// One lineup's estimate of one metric; nil when its games give no value.
    public struct Cell: Sendable, Codable {
        public var lineup: String
        public var metric: String
        public var estimate: MetricEstimate?

        public init(lineup: String, metric: String, estimate: MetricEstimate?) {
            self.lineup = lineup
            self.metric = metric
            self.estimate = estimate
        }
    }

    /// Every metric of every lineup at `confidence`.
    public static func cells<Game: PlayableGame>(_ game: Game, _ run: PlayedRun<Game>, confidence: Confidence = .ninetyFive) -> [Cell] {
        cells(game, lineups: run.lineups, statistics: run.statistics, confidence: confidence)
    }

    /// The same for lineups and their statistics, in order.
    public static func cells<Game: PlayableGame>(
        _ game: Game, lineups: [Lineup], statistics: [Game.Statistics], confidence: Confidence
    ) -> [Cell] {
        game.metrics.flatMap { metric in
            zip(lineups, statistics).map { lineup, statistics in
                Cell(lineup: lineup.name, metric: metric.name, estimate: game.estimate(metric.name, of: statistics, confidence: confidence))
            }
        }
    }

    /// Every metric of every lineup as text for people: what `simulate` prints for a game that
    /// writes nothing of its own.
    public static func text<Game: PlayableGame>(_ game: Game, _ run: PlayedRun<Game>) -> String {
        var text = "\(game.name): \(run.label), seed \(run.seed), \(run.how); 95% intervals\n"
        for (lineup, statistics) in zip(run.lineups, run.statistics) {
            text += "\(lineup.name):\n"
            for metric in game.metrics {
                let estimate = game.estimate(metric.name, of: statistics, confidence: .ninetyFive)
                text += "  \(metric.name): " + (estimate.map { "\(metric.text($0.value)) [\(metric.text($0.lower)), \(metric.text($0.upper))]" } ?? "no value") + "\n"
            }
        }
        if !run.isComplete { text += "interrupted: the last lineup begun holds fewer games, later ones none\n" }
        return text
    }

    public static func files<Game: PlayableGame>(_ game: Game, _ run: PlayedRun<Game>) -> (files: [ReportFile], played: String) {
        let cells = cells(game, run)
        let meta = "\(counted(run.gamesRequested, "game")) per lineup, seed \(run.seed); 95% intervals"
        var html = HTMLPage.start(title: "\(game.name) report: \(run.label)", meta: meta)
        var markdown = "# \(game.name) report: \(run.label)\n\n\(meta)\n\n| metric | lineup | value | 95% interval | games |\n|---|---|---:|---:|---:|\n"
        for metric in game.metrics {
            let rows = cells.filter { $0.metric == metric.name }.compactMap { cell in
                cell.estimate.map { SVGIntervals.Row(label: cell.lineup, value: $0.value, interval: $0.interval) }
            }
            let reference = metric.kind == .proportion ? 0.5 : rows.first?.value ?? 0
            let chart = SVGIntervals(title: metric.summary, xLabel: metric.name, reference: reference, rows: rows, valueFormat: metric.text)
            html += HTMLPage.section(metric.name, metric.summary, "Each lineup's estimate with its 95% interval.", [(metric.name, chart.render())])
            for cell in cells where cell.metric == metric.name {
                let value = cell.estimate.map { metric.text($0.value) } ?? "–"
                let interval = cell.estimate.map { "\(metric.text($0.lower)) – \(metric.text($0.upper))" } ?? "no value"
                markdown += "| \(metric.name) | \(cell.lineup) | \(value) | \(interval) | \(cell.estimate?.sample ?? 0) |\n"
            }
        }
        html += HTMLPage.end
        let lineups = run.lineups.count
        return (
            [.text(name: "report.html", contents: html), .text(name: "summary.md", contents: markdown), .json(name: "results.json", value: cells)],
            "\(lineups) lineup\(lineups == 1 ? "" : "s")"
        )
    }
}
