import ReportKit
import Diagnostics
import GameSeam
import MonteCarlo

/// How each whole-number parameter of a game on the seam moves every metric of every lineup:
/// the design played at its value v and at v ± Δ (Δ = `step` × v, at least 1, kept inside the
/// parameter's values), each metric's slope (m(v+Δ) − m(v−Δ)) / (v₊ − v₋) with an interval, and
/// its elasticity, the slope × v / m(v): the percentage change of the metric for 1% of the
/// parameter.
public struct MetricSensitivityResult: Sendable, Codable {
    public struct Row: Sendable, Codable {
        public var parameter: String
        /// The design's value and the two it was moved to.
        public var value: Int
        public var low: Int
        public var high: Int
        public var lineup: String
        public var metric: String
        /// Change of the metric per unit of the parameter, with its interval (independent samples).
        public var slope: MetricEstimate?
        /// Percentage change of the metric for 1% of the parameter; nil when the metric is 0 at v.
        public var elasticity: Double?
    }

    public var design: String
    public var games: Int
    public var seed: UInt64
    public var confidence: Double
    public var step: Double
    public var metrics: [MetricDefinition]
    public var rows: [Row]
    /// Parameters not moved, with why (not a whole number, no one value in the design).
    public var skipped: [String]

    /// Plays the design at each parameter's value and on both sides of it; nil when interrupted.
    public static func run<Game: PlayableGame>(
        _ game: Game, _ playable: Game.Playable, design: String, step: Double, games: Int, seed: UInt64, confidence: Confidence, threads: Int?,
        cancellation: Cancellation?, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) -> MetricSensitivityResult? {
        var rows: [Row] = []
        var skipped: [String] = []
        func cells(_ playable: Game.Playable) -> [MetricsReport.Cell]? {
            game.measure(playable, games: games, seed: seed, confidence: confidence, threads: threads, cancellation: cancellation, progress: progress)
        }
        guard let base = cells(playable) else { return nil }
        for parameter in game.parameters {
            guard case .integers(let domain) = parameter.values else {
                skipped.append("\(parameter.name): not a whole number (compare its values with sweep)")
                continue
            }
            guard let text = game.value(of: parameter.name, in: playable), let value = Int(text) else {
                skipped.append("\(parameter.name): the design has no one value of it")
                continue
            }
            let delta = max(1, Int((Double(value) * step).rounded()))
            let (low, high) = (max(domain.lowerBound, value - delta), min(domain.upperBound, value + delta))
            guard low < high else {
                skipped.append("\(parameter.name): its values hold no neighbour of \(value)")
                continue
            }
            func at(_ x: Int) -> [MetricsReport.Cell]?? {
                do throws(PlayLoadError) {
                    return cells(try game.setting(playable, [(parameter.name, String(x))]))
                } catch {
                    return .some(nil)
                }
            }
            guard let down = at(low), let up = at(high) else { return nil }
            guard let down, let up else {
                skipped.append("\(parameter.name): \(low) or \(high) makes no design")
                continue
            }
            for (i, cell) in base.enumerated() {
                var slope: MetricEstimate?
                var elasticity: Double?
                if let a = down[i].estimate, let b = up[i].estimate {
                    let s = b.change(from: a).scaled(by: 1 / Double(high - low))
                    slope = s
                    if let m = cell.estimate?.value, m != 0 { elasticity = s.value * Double(value) / m }
                }
                rows.append(Row(parameter: parameter.name, value: value, low: low, high: high, lineup: cell.lineup, metric: cell.metric, slope: slope, elasticity: elasticity))
            }
        }
        return MetricSensitivityResult(
            design: design, games: games, seed: seed, confidence: confidence.level, step: step, metrics: game.metrics, rows: rows, skipped: skipped)
    }

    /// The rows of `metric`, largest elasticity first.
    public func text(metric: String) -> String {
        var text = "sensitivity: \(design), \(counted(games, "game")) a point, seed \(seed), ±\(GateMarkdown.number(step, true)) of each value; ranked by \(metric)\n"
        let ranked = rows.filter { $0.metric == metric }.sorted { abs($0.elasticity ?? 0) > abs($1.elasticity ?? 0) }
        for row in ranked {
            let slope = row.slope.map { "\($0.value.decimalText(4)) [\($0.lower.decimalText(4)), \($0.upper.decimalText(4))] a unit" } ?? "no value"
            let elasticity = row.elasticity.map { "elasticity \($0.decimalText(2))" } ?? "no elasticity (the metric is 0)"
            text += "  \(row.parameter) \(row.low)…\(row.value)…\(row.high), \(row.lineup): \(slope); \(elasticity)\n"
        }
        for why in skipped { text += "  not moved: \(why)\n" }
        return text
    }
}
