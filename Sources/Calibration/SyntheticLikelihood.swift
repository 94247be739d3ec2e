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

    /// Nil when the replicates are not more than the summaries (K ≤ d) or the vectors disagree in
    /// length.
    public static func logLikelihood(observed: [Double], replicates: [[Double]]) -> Double? {
        let k = Double(replicates.count)
        let d = Double(observed.count)
        guard replicates.count > observed.count, replicates.allSatisfy({ $0.count == observed.count }),
            let sample = Covariance(of: replicates)?.regularized(ridge: ridge, floor: floor)
        else { return nil }
        let nu = k - d
        let scale = Covariance(mean: sample.mean, matrix: sample.matrix.map { $0 * (k + 1) * (k - 1) / (k * nu) })
        guard let (distance, logDet) = scale.mahalanobis(observed) else { return nil }
        return lgamma((nu + d) / 2) - lgamma(nu / 2) - d / 2 * log(nu * Double.pi) - logDet / 2 - (nu + d) / 2 * log1p(distance / nu)
    }
}
