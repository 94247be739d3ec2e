import Calibration

/// How the real playtests compare with the studies the fitted model plays: per summary, where
/// the observed value falls among the simulated ones; overall, a Mahalanobis distance and the
/// share of simulated studies lying at least as far from their mean (a posterior predictive
/// p-value). A small p-value says the model, at any of its plausible personas, does not play
/// like these teams: something the model leaves out matters (``flagThreshold``).
public struct PredictiveCheck: Sendable {
    /// Flagged when the p-value is at most this.
    public static let flagThreshold = 0.01

    public struct Summary: Sendable, Hashable {
        public var summary: PlaytestSummary
        /// The seat (0-based) of a per-seat summary; nil for the team's.
        public var seat: Int?
        public var observed: Double
        public var mean: Double
        /// The simulated studies' 5% and 95% quantiles.
        public var band: ClosedRange<Double>
        /// Two-sided: twice the smaller share of simulated studies on either side of the observed.
        public var pValue: Double
    }

    /// Per round index (0-based) and per-round summary (correct, wrong, timed out): the observed
    /// average and the simulated studies' mean and 5–95% band; nil where nothing was noted.
    public struct RoundBand: Sendable, Hashable {
        public var observed: Double
        public var mean: Double
        public var band: ClosedRange<Double>
    }

    public var summaries: [Summary]
    public var rounds: [[RoundBand?]]
    public var distance: Double
    public var pValue: Double
    public var studies: Int
    public var flagged: Bool { pValue <= Self.flagThreshold }

    init(observed: SummaryAccumulator, simulated: [SummaryAccumulator], present: [PlaytestSummary], seats: [SummaryAccumulator.SeatSummary] = []) {
        let o = observed.vector(of: present) + observed.seatVector(of: seats)
        let sims = simulated.map { $0.vector(of: present) + $0.seatVector(of: seats) }
        let labels: [(PlaytestSummary, Int?)] = present.map { ($0, nil) } + seats.map { ($0.summary, $0.seat) }
        studies = sims.count
        func quantile(_ sorted: [Double], _ q: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            return sorted[min(sorted.count - 1, max(0, Int((q * Double(sorted.count - 1)).rounded())))]
        }
        summaries = labels.enumerated().map { k, label in
            let values = sims.map { $0[k] }.sorted()
            let below = Double(values.filter { $0 < o[k] }.count)
            let above = Double(values.filter { $0 > o[k] }.count)
            let ties = Double(values.count) - below - above
            let n = Double(max(1, values.count))
            let p = min(1, 2 * min(below + ties / 2, above + ties / 2) / n + 1 / (n + 1))
            return Summary(
                summary: label.0, seat: label.1, observed: o[k], mean: values.reduce(0, +) / n, band: quantile(values, 0.05)...quantile(values, 0.95), pValue: p)
        }
        let observedRounds = observed.perRound
        rounds = observedRounds.enumerated().map { r, kinds in
            kinds.enumerated().map { k, value in
                guard let value else { return nil }
                let values = simulated.compactMap { r < $0.perRound.count ? $0.perRound[r][k] : nil }.sorted()
                guard !values.isEmpty else { return nil }
                return RoundBand(observed: value, mean: values.reduce(0, +) / Double(values.count), band: quantile(values, 0.05)...quantile(values, 0.95))
            }
        }
        if let moments = Covariance(of: sims)?.regularized(ridge: SyntheticLikelihood.ridge, floor: SyntheticLikelihood.floor),
            let d = moments.mahalanobis(o)?.distance
        {
            distance = d
            let farther = sims.filter { (moments.mahalanobis($0)?.distance ?? 0) >= d }.count
            pValue = Double(farther + 1) / Double(sims.count + 1)
        } else {
            distance = .nan
            pValue = 1
        }
    }
}
