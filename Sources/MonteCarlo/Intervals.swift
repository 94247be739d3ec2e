/// Confidence intervals for the statistics a run collects. Each holds approximately, for many
/// games, and needs no assumption about the shape of the distribution beyond what is said.

extension Moments {
    /// The interval for the mean (normal approximation: mean ± z·s/√n, good for a few dozen
    /// values or more of anything with a finite variance); nil for fewer than two values.
    public func meanInterval(_ confidence: Confidence = .ninetyFive) -> ClosedRange<Double>? {
        guard count > 1 else { return nil }
        let half = confidence.z * standardDeviation / Double(count).squareRoot()
        return (mean - half)...(mean + half)
    }
}

extension SignedHistogram {
    /// A distribution-free interval for the `q` quantile: the values at the ranks
    /// n·q ∓ z·√(n·q·(1 − q)) (the binomial count of values below the true quantile, in its
    /// normal approximation), widened by one rank each way. Past the exact buffer each end is
    /// its HDR bucket (within 0.1%). Nil when empty.
    public func quantileInterval(_ q: Double, _ confidence: Confidence = .ninetyFive) -> ClosedRange<Int64>? {
        let n = Double(count)
        guard n > 0 else { return nil }
        let centre = n * q
        let half = confidence.z * (n * q * (1 - q)).squareRoot()
        guard let lower = value(atRank: Int((centre - half).rounded(.down))),
            let upper = value(atRank: Int((centre + half).rounded(.up)) + 1)
        else { return nil }
        return lower...upper
    }
}
