/// One fit of a coverage study (`calibrate --coverage N`): the truth it was simulated from, the
/// interval the fit gave each fitted key, and its predictive check. The unit a shard of a
/// study plays and `merge` puts back in order.
public struct CoverageFitRecord: Sendable, Hashable, Codable {
    /// Per fitted key, in `--fit` order; empty intervals when the fit could not play.
    public var truth: [Double]
    public var lower: [Double]
    public var upper: [Double]
    /// The predictive check's p-value, and whether it flagged the fit; nil when the fit could not play.
    public var pValue: Double?
    public var flagged: Bool

    public init(truth: [Double], lower: [Double], upper: [Double], pValue: Double?, flagged: Bool) {
        self.truth = truth
        self.lower = lower
        self.upper = upper
        self.pValue = pValue
        self.flagged = flagged
    }

    /// What is wrong with a record read from a file (a shard's part), or nil when a fit could
    /// have made it: finite truths, intervals for every key or none (a fit that could not play,
    /// which has no p-value and flags nothing), each lower end at most its upper one, a p-value
    /// in 0...1.
    public var invariantViolation: String? {
        guard truth.allSatisfy(\.isFinite) else { return "a truth that is not a finite number" }
        if lower.isEmpty && upper.isEmpty {
            guard pValue == nil, !flagged else { return "no interval (a fit that could not play), yet a predictive check" }
            return nil
        }
        guard lower.count == truth.count, upper.count == truth.count else {
            return "\(truth.count) truths but \(lower.count) lower and \(upper.count) upper ends"
        }
        for (low, high) in zip(lower, upper) {
            guard low.isFinite, high.isFinite, low <= high else { return "an interval \(low)...\(high) no fit gives" }
        }
        guard let pValue, pValue >= 0, pValue <= 1 else { return "a predictive check's p-value \(pValue.map { "\($0)" } ?? "missing") outside 0...1" }
        return nil
    }
}
