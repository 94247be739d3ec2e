import GameSeam
import MonteCarlo
import RelentlessRuns

/// A metric measured on games: its value and an interval that holds it at a confidence level
/// (the seam's, shared by every game's gate).
public typealias Estimate = MetricEstimate

extension BalanceTarget.Metric {
    /// The metric of `statistics` with its interval at `confidence`; nil when no game gives a
    /// value (no game reached the round, or fewer than two values for a mean).
    public func estimate(_ statistics: SimulationStatistics, round: Int?, confidence: Confidence) -> Estimate? {
        let index = (round ?? 1) - 1
        let played = index >= 0 && index < statistics.rounds.count ? statistics.rounds[index] : nil
        switch self {
        case .survival:
            guard statistics.games > 0 else { return nil }
            let alive = Proportion(played?.survived ?? 0, of: statistics.games)
            return Estimate(value: alive.value, interval: alive.interval(confidence), sample: statistics.games)
        case .medianMoney:
            guard let played, let median = played.money.quantile(0.5), let interval = played.money.quantileInterval(0.5, confidence)
            else { return nil }
            return Estimate(
                value: Double(median), interval: Double(interval.lowerBound)...Double(interval.upperBound), sample: played.played)
        case .meanMoney:
            guard let played, let interval = played.moneyMoments.meanInterval(confidence) else { return nil }
            return Estimate(value: played.moneyMoments.mean, interval: interval, sample: played.played)
        case .meanRounds:
            guard let interval = statistics.roundsReached.meanInterval(confidence) else { return nil }
            return Estimate(value: statistics.roundsReached.mean, interval: interval, sample: statistics.roundsReached.count)
        case .drift: return try? Horizon.estimate(statistics, confidence: confidence).get().drift
        case .ruin:
            if let horizon = try? Horizon.estimate(statistics, confidence: confidence).get() { return horizon.ruin }
            // Every game lost within the horizon: ruined, whether or not the plateau was reached.
            guard statistics.games > 0, statistics.lost == statistics.games else { return nil }
            let lost = Proportion(statistics.lost, of: statistics.games)
            return Estimate(value: 1, interval: lost.interval(confidence), sample: statistics.games)
        case .unplayable:
            guard statistics.games > 0 else { return nil }
            let share = Proportion(statistics.unplayable, of: statistics.games)
            return Estimate(value: share.value, interval: share.interval(confidence), sample: statistics.games)
        case .seatSatisfaction, .seatWaitShare, .seatHelpShare:
            return nil  // measured on a seat: estimate(_:seat:confidence:)
        }
    }

    /// A metric of one seat (1-based): the mean of the seat's figure over every round played,
    /// with its normal interval; nil for a seat the team does not have, or fewer than two rounds.
    public func estimate(_ statistics: SimulationStatistics, seat: Int, confidence: Confidence) -> Estimate? {
        let figure: SeatStatistics.Figure
        switch self {
        case .seatSatisfaction: figure = .satisfaction
        case .seatWaitShare: figure = .waitShare
        case .seatHelpShare: figure = .helpShare
        default: return nil
        }
        guard seat >= 1, seat <= statistics.seats.count else { return nil }
        let moments = statistics.seats[seat - 1].figure(figure)
        guard let interval = moments.meanInterval(confidence) else { return nil }
        return Estimate(value: moments.mean, interval: interval, sample: moments.count)
    }
}
