import Diagnostics
import ReportKit
import GameSeam

/// What `tune` found for a game on the seam: the value of a parameter at which one lineup's
/// metric meets the target, with the interval of values the target cannot be told apart from.
public struct MetricTuneResult: Sendable, Codable {
    public var design: String
    public var parameter: String
    public var metric: MetricDefinition
    public var target: Double
    public var lineup: String
    public var seed: UInt64
    public var confidence: Double
    public var gamesPlayed: Int
    public var search: TargetSearch.Result

    public init(
        design: String, parameter: String, metric: MetricDefinition, target: Double, lineup: String, seed: UInt64, confidence: Double,
        gamesPlayed: Int, search: TargetSearch.Result
    ) {
        self.design = design
        self.parameter = parameter
        self.metric = metric
        self.target = target
        self.lineup = lineup
        self.seed = seed
        self.confidence = confidence
        self.gamesPlayed = gamesPlayed
        self.search = search
    }

    /// The answer, how sure it is, and every value tried.
    public var text: String {
        let level = GateMarkdown.number(confidence, true)
        func whole(_ x: Double) -> String { String(Int(x.rounded())) }
        var text = "tune: \(design), \(lineup)\n"
        text += "\(parameter) = \(whole(search.value)) gives \(metric.name) = \(metric.text(target)) "
        text += "(values \(whole(search.lower)) to \(whole(search.upper)) cannot be told apart from it at \(level))\n"
        text += search.converged
            ? "converged at \(counted(search.finalGames, "game")) a value, stage \(search.stages); \(counted(gamesPlayed, "game")) in all, seed \(seed)\n"
            : "NOT converged: the interval is still wider than --tolerance at \(counted(search.finalGames, "game")) a value (raise --max-games); \(counted(gamesPlayed, "game")) in all, seed \(seed)\n"
        text += "  \(parameter)  games  \(metric.name) [\(level)]\n"
        for e in search.evaluations.sorted(by: { ($0.games, $0.value) < ($1.games, $1.value) }) {
            text += "  \(whole(e.value))  \(e.games)  \(metric.text(e.estimate)) [\(metric.text(e.lower)), \(metric.text(e.upper))]\n"
        }
        return text
    }
}
