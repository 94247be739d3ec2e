import GameSeam
import MonteCarlo
import RelentlessBalance
import RelentlessRuns

/// What Relentless's games measure, by name, with intervals (gates, tables, sweeps).
extension PlayableRelentless {
    /// The metrics of a whole game. Those of Balance.plist's targets (survival(r), medianMoney(r),
    /// meanMoney(r), meanRounds, drift, ruin, unplayable) are named by ``metric(named:)``.
    public var metrics: [MetricDefinition] { Self.wholeGameMetrics }

    private static let wholeGameMetrics = [
        MetricDefinition(
            name: "survival", kind: .proportion,
            summary: "share of games never lost (M2: money never below 0 after a round), played to the last round or ended by a round the host could not make"),
        MetricDefinition(
            name: "roundsReached", kind: .mean,
            summary: "rounds a game played: through the one it was lost in (M2), those before a round the host could not make, or all of them", decimals: 2),
        MetricDefinition(name: "finalMoney", kind: .mean, summary: "money at the end of a game (M1)", decimals: 0),
        MetricDefinition(name: "medianFinalMoney", kind: .quantile, summary: "the median game's money at its end (M1)", decimals: 0),
    ]

    /// Survival and money after `--round`, the mean rounds reached, and beyond the horizon the
    /// money a round at the top of the ramp and the share eventually lost: what a sweep's
    /// tables show.
    public func reportedMetrics(of playable: Playable) -> [MetricDefinition] {
        let round = playable.round
        return [
            TargetMetric(metric: .survival, round: round), TargetMetric(metric: .medianMoney, round: round), TargetMetric(metric: .meanMoney, round: round),
            TargetMetric(metric: .meanRounds, round: nil), TargetMetric(metric: .drift, round: nil), TargetMetric(metric: .ruin, round: nil),
        ].map(\.definition)
    }

    /// One of ``metrics``, or a metric of Balance.plist's targets, a round in parentheses where
    /// it takes one ("survival(5)", "meanRounds").
    public func metric(named name: String) -> MetricDefinition? {
        if let whole = metrics.first(where: { $0.name == name }) { return whole }
        return TargetMetric(name).map(\.definition)
    }

    public func estimate(_ name: String, of s: SimulationStatistics, confidence: Confidence) -> MetricEstimate? {
        if let target = TargetMetric(name) { return target.estimate(s, confidence: confidence) }
        guard s.games > 0 else { return nil }
        switch name {
        case "survival": return .share(Proportion(s.games - s.lost, of: s.games), confidence)
        case "roundsReached": return .mean(s.roundsReached, confidence)
        case "finalMoney": return .mean(s.finalMoneyMoments, confidence)
        case "medianFinalMoney":
            guard let median = s.finalMoney.histogram.quantile(0.5), let interval = s.finalMoney.histogram.quantileInterval(0.5, confidence) else { return nil }
            return MetricEstimate(value: Double(median), interval: Double(interval.lowerBound)...Double(interval.upperBound), sample: s.games)
        default: return nil
        }
    }
}
