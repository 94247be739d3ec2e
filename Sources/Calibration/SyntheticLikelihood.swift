/// Wood's (2010) synthetic likelihood: the chance of the observed summaries under a normal
/// distribution whose mean and covariance are those of summaries simulated from the candidate.
///
/// ```swift
/// let replicates: [[Double]] = seeds.map { simulateStudy(candidate, seed: $0) }
/// SyntheticLikelihood.logLikelihood(observed: observed, replicates: replicates)
/// ```
///
/// The summaries are averages over many rounds of many playtests, so the central limit theorem
/// makes the normal approximation good; it is what lets an interval mean what it says (see
/// ``AdaptiveImportanceSampler``). A summary that no replicate varies gets a small ridge (1e-6 of
/// the average variance, and at least 1e-9): the observed value then counts against a candidate
/// by how far it lies from that constant.
public enum SyntheticLikelihood {
    public static let ridge = 1e-6
    public static let floor = 1e-9

    /// Nil when there are fewer replicates than two or the vectors disagree in length.
    public static func logLikelihood(observed: [Double], replicates: [[Double]]) -> Double? {
        guard replicates.allSatisfy({ $0.count == observed.count }),
            let moments = Covariance(of: replicates)?.regularized(ridge: ridge, floor: floor)
        else { return nil }
        return moments.logDensity(observed)
    }
}
