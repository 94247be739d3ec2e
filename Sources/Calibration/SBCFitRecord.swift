/// One fit of a simulation-based calibration (`calibrate --sbc N`): the truth it was simulated
/// from, the interval the fit gave each fitted key, the truth's rank among the posterior's draws
/// (``WeightedPosterior/rank(_:of:)``), and its predictive check. The unit a shard of a study
/// plays and `merge` puts back in order.
public struct SBCFitRecord: Sendable, Hashable, Codable {
    /// Per fitted key, in `--fit` order; empty intervals when the fit could not play.
    public var truth: [Double]
    public var lower: [Double]
    public var upper: [Double]
    /// The predictive check's p-value, and whether it flagged the fit; nil when the fit could not play.
    public var pValue: Double?
    public var flagged: Bool
    /// Per fitted key, the truth's rank among ``WeightedPosterior/rankDraws`` posterior draws;
    /// empty when the fit could not play.
    public var ranks: [Int]
    /// How many equally weighted candidates the fit's posterior is worth; nil when the fit could
    /// not play.
    public var effectiveSampleSize: Double?

    public init(truth: [Double], lower: [Double], upper: [Double], pValue: Double?, flagged: Bool, ranks: [Int], effectiveSampleSize: Double?) {
        self.truth = truth
        self.lower = lower
        self.upper = upper
        self.pValue = pValue
        self.flagged = flagged
        self.ranks = ranks
        self.effectiveSampleSize = effectiveSampleSize
    }

    /// What is wrong with a record read from a file (a shard's part), or nil when a fit could
    /// have made it: finite truths, intervals and ranks for every key or none (a fit that could
    /// not play, which has no p-value, no effective sample size and flags nothing), each lower end
    /// at most its upper one, each rank in 0...``WeightedPosterior/rankDraws``, a p-value in
    /// 0...1, an effective sample size of at least 1.
    public var invariantViolation: String? {
        guard truth.allSatisfy(\.isFinite) else { return "a truth that is not a finite number" }
        if lower.isEmpty && upper.isEmpty {
            guard pValue == nil, !flagged else { return "no interval (a fit that could not play), yet a predictive check" }
            guard ranks.isEmpty, effectiveSampleSize == nil else { return "no interval (a fit that could not play), yet a posterior's ranks" }
            return nil
        }
        guard lower.count == truth.count, upper.count == truth.count else {
            return "\(truth.count) truths but \(lower.count) lower and \(upper.count) upper ends"
        }
        for (low, high) in zip(lower, upper) {
            guard low.isFinite, high.isFinite, low <= high else { return "an interval \(low)...\(high) no fit gives" }
        }
        guard ranks.count == truth.count, ranks.allSatisfy({ (0...WeightedPosterior.rankDraws).contains($0) }) else {
            return "ranks \(ranks) where \(truth.count) in 0...\(WeightedPosterior.rankDraws) belong"
        }
        guard let effectiveSampleSize, effectiveSampleSize >= 1 - 1e-9, effectiveSampleSize.isFinite else {
            return "an effective sample size \(effectiveSampleSize.map { "\($0)" } ?? "missing") below 1"
        }
        guard let pValue, pValue >= 0, pValue <= 1 else { return "a predictive check's p-value \(pValue.map { "\($0)" } ?? "missing") outside 0...1" }
        return nil
    }
}
