/// A share of games with its 95% confidence interval (Wilson's score interval, which stays within
/// 0...1 and behaves at 0 and 1, unlike the normal approximation).
public struct Proportion: Sendable, Hashable, Codable {
    public var successes: Int
    public var trials: Int

    public init(_ successes: Int, of trials: Int) {
        self.successes = successes
        self.trials = trials
    }

    /// successes ÷ trials; 0 with no trials.
    public var value: Double { trials > 0 ? Double(successes) / Double(trials) : 0 }

    /// The 95% interval (z = 1.96); 0...1 with no trials.
    public var interval: ClosedRange<Double> {
        guard trials > 0 else { return 0...1 }
        let z = 1.959963984540054
        let n = Double(trials)
        let p = value
        let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        let half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()
        return max(0, centre - half)...min(1, centre + half)
    }
}
