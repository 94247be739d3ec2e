extension WeightedPosterior {
    /// How many posterior draws a truth is ranked among in a simulation-based calibration
    /// (``RankUniformity``): 199, so that the 200 ranks split evenly into the central 50, 80, 90
    /// and 95% and into 20 bins of 10.
    public static let rankDraws = 199

    /// The rank of `truth` among ``rankDraws`` draws of parameter `i`: how many of the
    /// posterior's quantiles at 1/200, 2/200, … 199/200 lie below it, 0 through 199.
    ///
    /// The draws are the weighted population's own quantiles (``quantile(_:_:)``), evenly spaced:
    /// an importance-sampled population is not a chain, so there is no autocorrelation to thin,
    /// and the quantiles are the L draws that represent it best. Under a calibrated posterior the
    /// rank is uniform on 0...199 (Talts et al. 2018), and it falls in the central `c` share of
    /// ranks exactly when the truth lies in the fit's central `c` interval
    /// (``interval(_:level:)``), its lower end excluded.
    public func rank(_ i: Int, of truth: Double) -> Int {
        let draws = Self.rankDraws
        let sorted = (1...draws).map { quantile(i, Double($0) / Double(draws + 1)) }
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < truth { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
