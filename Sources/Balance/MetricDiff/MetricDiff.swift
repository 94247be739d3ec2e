import Diagnostics
import ReportKit
import GameSeam
import MonteCarlo

/// Two designs of a game on the seam compared lineup by lineup and metric by metric: each
/// lineup the designs share (by name) is played in both from its seeds, and every metric's
/// difference (new − old) gets an interval.
///
/// The games of the two designs are independent samples unless their lineups' seeds agree (a
/// lineup whose seed key does not follow what changed plays the same seeds in both): the
/// difference's interval is the independent one, √(h_old² + h_new²) from each estimate's
/// half-width, which is valid either way and only conservative for paired games.
public struct MetricDiffResult: Sendable, Codable {
    public struct Row: Sendable, Codable {
        public var lineup: String
        public var metric: String
        public var old: MetricEstimate?
        public var new: MetricEstimate?
        /// new − old with its interval; nil when either design gives no value.
        public var difference: MetricEstimate?

        /// Whether the interval of the difference excludes 0: a change the games show.
        public var settled: Bool { difference.map { $0.lower > 0 || $0.upper < 0 } ?? false }
    }

    public var old: String
    public var new: String
    public var seed: UInt64
    public var games: Int
    public var confidence: Double
    public var metrics: [MetricDefinition]
    public var rows: [Row]
    /// Lineups one design plays and the other does not.
    public var onlyOld: [String]
    public var onlyNew: [String]

    /// Compares two played runs of the same game at `confidence`.
    public static func compare<Game: PlayableGame>(
        _ game: Game, old: PlayedRun<Game>, new: PlayedRun<Game>, confidence: Confidence
    ) -> MetricDiffResult {
        let oldNames = old.lineups.map(\.name), newNames = new.lineups.map(\.name)
        var rows: [Row] = []
        for (i, name) in oldNames.enumerated() {
            guard let j = newNames.firstIndex(of: name) else { continue }
            for metric in game.metrics {
                let a = game.estimate(metric.name, of: old.statistics[i], confidence: confidence)
                let b = game.estimate(metric.name, of: new.statistics[j], confidence: confidence)
                let difference = a.flatMap { a in b.map { $0.change(from: a) } }
                rows.append(Row(lineup: name, metric: metric.name, old: a, new: b, difference: difference))
            }
        }
        return MetricDiffResult(
            old: old.label, new: new.label, seed: old.seed, games: old.gamesRequested, confidence: confidence.level, metrics: game.metrics, rows: rows,
            onlyOld: oldNames.filter { !newNames.contains($0) }, onlyNew: newNames.filter { !oldNames.contains($0) })
    }

    /// One line per lineup and metric, settled differences marked.
    public var text: String {
        var text = "diff: \(old) → \(new), \(counted(games, "game")) a lineup, seed \(seed); \(GateMarkdown.number(confidence, true)) intervals\n"
        for row in rows {
            guard let metric = metrics.first(where: { $0.name == row.metric }) else { continue }
            func show(_ e: MetricEstimate?) -> String { e.map { metric.text($0.value) } ?? "–" }
            let change = row.difference.map { d in
                "\(d.value >= 0 ? "+" : "")\(metric.text(d.value)) [\(metric.text(d.lower)), \(metric.text(d.upper))]"
            } ?? "no value"
            text += "\(row.settled ? "*" : " ") \(row.lineup): \(row.metric) \(show(row.old)) → \(show(row.new)), \(change)\n"
        }
        if !onlyOld.isEmpty { text += "only in \(old): \(onlyOld.joined(separator: "; "))\n" }
        if !onlyNew.isEmpty { text += "only in \(new): \(onlyNew.joined(separator: "; "))\n" }
        let settled = rows.filter(\.settled).count
        text += "\(settled) of \(counted(rows.count, "difference")) settled (*: the interval excludes 0); the designs' games are compared as independent samples.\n"
        return text
    }

    /// The same as a Markdown table, for a pull-request comment.
    public var markdown: String {
        var md = "## Diff: \(old) → \(new)\n\n\(counted(games, "game")) a lineup, seed \(seed).\n\n| | lineup | metric | old | new | difference |\n|---|---|---|---:|---:|---:|\n"
        for row in rows {
            guard let metric = metrics.first(where: { $0.name == row.metric }) else { continue }
            let change = row.difference.map { "\(metric.text($0.value)) [\(metric.text($0.lower)), \(metric.text($0.upper))]" } ?? "–"
            md += "| \(row.settled ? "✱" : "") | \(row.lineup) | \(row.metric) | \(row.old.map { metric.text($0.value) } ?? "–") | "
            md += "\(row.new.map { metric.text($0.value) } ?? "–") | \(change) |\n"
        }
        return md
    }
}

extension MetricEstimate {
    /// Half the interval's width: its spread around the value, for a symmetric combination.
    var halfWidth: Double { (upper - lower) / 2 }

    /// `self` − `old` of two independent samples: the difference of the values, its interval's
    /// half-width √(h_old² + h_self²) (what diff and sensitivity report).
    func change(from old: MetricEstimate) -> MetricEstimate {
        let half = (old.halfWidth * old.halfWidth + halfWidth * halfWidth).squareRoot()
        let d = value - old.value
        return MetricEstimate(value: d, interval: (d - half)...(d + half), sample: Swift.min(old.sample, sample))
    }

    /// The estimate and its interval times `factor` (> 0): a difference per unit of a parameter.
    func scaled(by factor: Double) -> MetricEstimate {
        MetricEstimate(value: value * factor, interval: (lower * factor)...(upper * factor), sample: sample)
    }
}
