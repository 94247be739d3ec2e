import GameSeam
import MonteCarlo
import TurnTracker

/// A number sessions of a table measure (issue 19's questions): how long a session takes, how
/// much of it players wait, how often the timer runs out and ready is forgotten.
public enum SessionMetric: String, Sendable, Hashable, CaseIterable, Codable {
    case sessionMinutes, sessionP10, sessionP50, sessionP90, waitingShare, mostWaiting, forgotten, expiries, expiryShare, turnP90

    /// What it measures, in a phrase with its rule ids.
    public var summary: String {
        switch self {
        case .sessionMinutes: "minutes a session lasts, on average (TT12, TT13)"
        case .sessionP10: "minutes a session lasts, its 10th percentile: one session in ten is shorter"
        case .sessionP50: "minutes a session lasts, its median"
        case .sessionP90: "minutes a session lasts, its 90th percentile: one session in ten is longer"
        case .waitingShare: "share of a session a player spends waiting, averaged over the players (TT14)"
        case .mostWaiting: "share of a session the player who waits most spends waiting (TT14)"
        case .forgotten: "readies forgotten in a session (TT10; seeds/000: 1-3 reminders a game)"
        case .expiries: "turns a session whose timer ran out (TT9)"
        case .expiryShare: "share of a session's turns whose timer ran out (TT9)"
        case .turnP90: "seconds a turn's actions take, their 90th percentile: the timer that covers 90% of turns' actions (a forgotten ready may still outlast it, TT9)"
        }
    }

    /// Why sessions can give it no value.
    public var withoutValue: String? {
        switch self {
        case .turnP90: "no turn of a player's own was played"
        case .expiries, .expiryShare: "the game sets no turn timer (TT9)"
        default: nil
        }
    }

    public var kind: MetricDefinition.Kind {
        switch self {
        case .sessionP10, .sessionP50, .sessionP90, .turnP90: .quantile
        default: .mean
        }
    }

    /// Whether every session has a value of it (what paired comparisons read game by game).
    public var isPerSession: Bool { kind == .mean }

    public var decimals: Int {
        switch self {
        case .waitingShare, .mostWaiting, .expiryShare: 3
        case .forgotten, .expiries: 2
        default: 1
        }
    }

    public var definition: MetricDefinition {
        MetricDefinition(name: rawValue, kind: kind, summary: summary, decimals: decimals, withoutValue: withoutValue)
    }

    /// Its value in one session; nil for a quantile, which no single session has.
    public func value(of session: SessionRecord) -> Double? {
        let shares = session.waitingShare
        switch self {
        case .sessionMinutes: return session.seconds / 60
        case .waitingShare: return shares.isEmpty ? 0 : shares.reduce(0, +) / Double(shares.count)
        case .mostWaiting: return shares.max() ?? 0
        case .forgotten: return Double(session.forgotten)
        case .expiries: return Double(session.expiries)
        case .expiryShare: return session.turnSeconds.isEmpty ? 0 : Double(session.expiries) / Double(session.turnSeconds.count)
        case .sessionP10, .sessionP50, .sessionP90, .turnP90: return nil
        }
    }

    /// Its estimate from sessions' statistics at `confidence`: a normal interval for means, the
    /// order statistics' for quantiles; nil when the sessions give none.
    public func estimate(_ s: SessionStatistics, confidence: Confidence) -> MetricEstimate? {
        guard s.games > 0 else { return nil }
        // Without a timer no turn can expire: zero expiries would say nothing of one.
        if self == .expiries || self == .expiryShare, s.timedSessions == 0 { return nil }
        func quantile(_ histogram: SignedHistogram, _ q: Double, unit: Double) -> MetricEstimate? {
            guard let value = histogram.quantile(q), let interval = histogram.quantileInterval(q, confidence) else { return nil }
            return MetricEstimate(
                value: Double(value) * unit, interval: Double(interval.lowerBound) * unit...Double(interval.upperBound) * unit, sample: histogram.count)
        }
        switch self {
        case .sessionMinutes:
            return MetricEstimate.mean(s.seconds, confidence).map { MetricEstimate(value: $0.value / 60, interval: $0.lower / 60...$0.upper / 60, sample: $0.sample) }
        case .sessionP10: return quantile(s.lengths, 0.1, unit: 1.0 / 60)
        case .sessionP50: return quantile(s.lengths, 0.5, unit: 1.0 / 60)
        case .sessionP90: return quantile(s.lengths, 0.9, unit: 1.0 / 60)
        case .turnP90: return quantile(s.turnTimes, 0.9, unit: SessionStatistics.turnTimeUnit)
        case .waitingShare: return .mean(s.waiting, confidence)
        case .mostWaiting: return .mean(s.mostWaiting, confidence)
        case .forgotten: return .mean(s.forgotten, confidence)
        case .expiries: return .mean(s.expiries, confidence)
        case .expiryShare: return .mean(s.expiryShare, confidence)
        }
    }
}
