import GameSeam
import MonteCarlo
import RelentlessBalance
import RelentlessRuns

/// A metric of Balance.plist's targets named as the seam names metrics: the round in
/// parentheses where the metric takes one ("survival(5)", "medianMoney(10)"), the seat where it
/// is of one seat ("seatSatisfaction(2)", "seatWaitShare(3)"), alone where it takes neither
/// ("meanRounds", "drift").
struct TargetMetric: Hashable {
    var metric: BalanceTarget.Metric
    var round: Int?
    /// 1-based, for the metrics of one seat.
    var seat: Int?

    init(metric: BalanceTarget.Metric, round: Int?, seat: Int? = nil) {
        self.metric = metric
        self.round = metric.needsRound ? round : nil
        self.seat = metric.needsSeat ? seat : nil
    }

    /// Nil for a name that is none of these (or a round or seat that is not a whole number from 1).
    init?(_ name: String) {
        guard let open = name.firstIndex(of: "(") else {
            guard let metric = BalanceTarget.Metric(rawValue: name), !metric.needsRound, !metric.needsSeat else { return nil }
            self.init(metric: metric, round: nil)
            return
        }
        guard name.hasSuffix(")"), let metric = BalanceTarget.Metric(rawValue: String(name[..<open])), metric.needsRound || metric.needsSeat,
            let argument = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]), argument >= 1
        else { return nil }
        self.init(metric: metric, round: argument, seat: argument)
    }

    var name: String { metric.rawValue + ((round ?? seat).map { "(\($0))" } ?? "") }

    /// How messages list the metrics: "survival(ROUND)", "meanRounds", "seatSatisfaction(SEAT)".
    static var spellings: [String] {
        BalanceTarget.Metric.allCases.map { $0.rawValue + ($0.needsRound ? "(ROUND)" : $0.needsSeat ? "(SEAT)" : "") }
    }

    /// How gates and tables read it. Games that give no value after a round miss any band: no
    /// game reached the round, every team broke before it (as Relentless's gate has always
    /// judged them), the least money there is.
    var definition: MetricDefinition {
        let kind: MetricDefinition.Kind
        switch metric {
        case .survival, .ruin, .unplayable, .seatWaitShare, .seatHelpShare: kind = .proportion
        case .medianMoney: kind = .quantile
        case .meanMoney, .meanRounds, .drift, .seatSatisfaction: kind = .mean
        }
        let withoutValue: String? = switch metric {
        case .medianMoney, .meanMoney: "none solvent after round \(round ?? 0)"
        case .survival, .unplayable: "no game"
        case .meanRounds: "fewer than two games"
        case .drift, .ruin: "top difficulty not reached twice"
        case .seatSatisfaction, .seatWaitShare, .seatHelpShare: "no seat \(seat ?? 0), or fewer than two rounds"
        }
        let column = switch metric {
        case .survival: "alive after \(round ?? 0)"
        case .medianMoney: "median money"
        case .meanMoney: "mean money"
        case .meanRounds: "mean rounds"
        case .drift: "drift"
        case .ruin: "eventually lost"
        case .unplayable: "unplayable"
        case .seatSatisfaction: "seat \(seat ?? 0) satisfaction"
        case .seatWaitShare: "seat \(seat ?? 0) waiting"
        case .seatHelpShare: "seat \(seat ?? 0) helping"
        }
        let decimals = metric == .meanRounds || metric == .seatSatisfaction ? 1 : 0
        return MetricDefinition(
            name: name, kind: kind, summary: metric.describe(round: round, seat: seat), decimals: decimals, withoutValue: withoutValue,
            noValueIsLeast: round != nil, column: column)
    }

    /// The metric of `statistics`. Money after a round no team survived is a statistic of broke
    /// teams only: left out (no statistic of an empty set of solvent teams), the least there is.
    func estimate(_ statistics: SimulationStatistics, confidence: Confidence) -> MetricEstimate? {
        if let seat { return metric.estimate(statistics, seat: seat, confidence: confidence) }
        if let round, metric == .medianMoney || metric == .meanMoney, round - 1 < statistics.rounds.count, statistics.rounds[round - 1].survived == 0 {
            return nil
        }
        return metric.estimate(statistics, round: round, confidence: confidence)
    }
}
