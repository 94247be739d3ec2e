#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wood's (2010) synthetic likelihood: the chance of the observed summaries under the
/// distribution of summaries simulated from the candidate.
///
/// ```swift
/// let replicates: [[Double]] = seeds.map { simulateStudy(candidate, seed: $0) }
/// SyntheticLikelihood.logLikelihood(observed: observed, replicates: replicates)
/// ```
///
/// The summaries are averages over many rounds of many games, so the central limit theorem
/// makes them close to normal. Their mean and covariance are not known, only estimated from K
/// replicates; plugging the estimates into a normal density would be overconfident (the inverse
/// of a covariance estimated from K draws in d dimensions overstates the precision by about
/// (K−1)/(K−d−2): 3.5 times for K = 15, d = 9), and intervals would not cover at their rate. So
/// the density used is the exact predictive one of a normal with unknown mean and covariance
/// (Jeffreys' prior): a multivariate t with K − d degrees of freedom, centred on the replicates'
/// mean, scale (K+1)(K−1)/(K(K−d)) times their covariance (Gelman et al., Bayesian Data Analysis,
/// §3.6). A summary that no replicate varies gets a small ridge (1e-6 of the average variance,
/// and at least 1e-9): the observed value then counts against a candidate by how far it lies from
/// that constant.
public enum SyntheticLikelihood {
    public static let ridge = 1e-6
    public static let floor = 1e-9

    /// Nil when the replicates are not more than the summaries that vary (K ≤ d) or the vectors
    /// disagree in length.
    ///
    /// A summary every replicate gives the same value is not a density but a certainty: where the
    /// observed value is that value too it counts for nothing (probability 1) and leaves the t, so
    /// that it costs no degree of freedom (kept, it would make the t sharper than the summaries
    /// that vary warrant); where the observed value differs it stays, with the ridge, and counts
    /// against the candidate by how far.
    public static func logLikelihood(observed: [Double], replicates: [[Double]]) -> Double? {
        guard let first = replicates.first, replicates.allSatisfy({ $0.count == observed.count }) else { return nil }
        let kept = observed.indices.filter { j in observed[j] != first[j] || replicates.contains { $0[j] != first[j] } }
        guard !kept.isEmpty else { return 0 }
        let k = Double(replicates.count)
        let d = Double(kept.count)
        guard replicates.count > kept.count,
            let sample = Covariance(of: replicates.map { r in kept.map { r[$0] } })?.regularized(ridge: ridge, floor: floor)
        else { return nil }
        let nu = k - d
        let scale = Covariance(mean: sample.mean, matrix: sample.matrix.map { $0 * (k + 1) * (k - 1) / (k * nu) })
        guard let (distance, logDet) = scale.mahalanobis(kept.map { observed[$0] }) else { return nil }
        return lgamma((nu + d) / 2) - lgamma(nu / 2) - d / 2 * log(nu * Double.pi) - logDet / 2 - (nu + d) / 2 * log1p(distance / nu)
    }
}
