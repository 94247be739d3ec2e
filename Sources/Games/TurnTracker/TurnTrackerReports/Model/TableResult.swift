import GameSeam
import MonteCarlo
import TurnTracker
import TurnTrackerRuns

/// One table's sessions in numbers: how long, how much each seat waits, the timer and the
/// forgotten readies, each with its interval.
public struct TableResult: Sendable, Encodable {
    /// A seat: its persona and how much of a session it waits (TT14).
    public struct Seat: Sendable, Encodable {
        public var persona: String
        public var waiting: MetricEstimate?
    }

    /// A phase's share of a session.
    public struct PhaseTime: Sendable, Encodable {
        public var name: String
        public var symmetric: Bool
        public var minutes: MetricEstimate?
        public var share: Double
    }

    /// The turn timer that covers a share of turns (TT9).
    public struct Coverage: Sendable, Encodable {
        public var share: Double
        public var seconds: Double
    }

    public var name: String
    public var game: String
    public var mode: Mode
    public var sessions: Int
    /// False for a table `report` added to show how length grows with players.
    public var isDesigns: Bool
    /// Every metric of ``SessionMetric``, by name.
    public var metrics: [String: MetricEstimate]
    public var rounds: Double
    public var seats: [Seat]
    public var phases: [PhaseTime]
    /// The design's turn timer, if any; expiries are counted against it.
    public var timer: Double?
    /// Turns played, and how many ran out the timer.
    public var turns: Int
    public var expired: Int
    /// The timer that covers each share of turns, from 5% to 99%: the coverage curve.
    public var coverage: [Coverage]

    public init(name: String, table: SessionTable, design: SessionDesign, statistics s: SessionStatistics, isDesigns: Bool, confidence: Confidence) {
        let game = design.games[table.game]
        self.name = name
        self.game = game.name
        mode = game.mode
        sessions = s.games
        self.isDesigns = isDesigns
        var metrics: [String: MetricEstimate] = [:]
        for metric in SessionMetric.allCases { metrics[metric.rawValue] = metric.estimate(s, confidence: confidence) }
        self.metrics = metrics
        rounds = s.rounds.count > 0 ? s.rounds.mean : 0
        seats = table.players.enumerated().map { seat, persona in
            Seat(persona: design.personas[persona].name, waiting: seat < s.seatWaiting.count ? .mean(s.seatWaiting[seat], confidence) : nil)
        }
        let total = s.seconds.count > 0 ? s.seconds.mean : 0
        phases = game.phases.enumerated().map { i, phase in
            let moments = i < s.phaseSeconds.count ? s.phaseSeconds[i] : Moments()
            let minutes = MetricEstimate.mean(moments, confidence).map { MetricEstimate(value: $0.value / 60, interval: $0.lower / 60...$0.upper / 60, sample: $0.sample) }
            return PhaseTime(name: phase.name, symmetric: game.mode == .coop && phase.symmetric, minutes: minutes, share: total > 0 && moments.count > 0 ? moments.mean / total : 0)
        }
        timer = design.timings[table.game]?.turnTimer
        turns = s.turns
        expired = s.expired
        coverage = ([0.05] + stride(from: 0.1, through: 0.9, by: 0.1).map { $0 } + [0.95, 0.99]).compactMap { q in
            s.turnTimes.quantile(q).map { Coverage(share: (q * 100).rounded() / 100, seconds: Double($0) * SessionStatistics.turnTimeUnit) }
        }
    }

    public func metric(_ metric: SessionMetric) -> MetricEstimate? { metrics[metric.rawValue] }

    /// The seconds of the coverage curve's point for `share`, if the curve has it.
    public func timer(covering share: Double) -> Double? { coverage.first { abs($0.share - share) < 1e-9 }?.seconds }
}
