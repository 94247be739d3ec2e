/// A share of games with its confidence interval (Wilson's score interval, which stays within
/// 0...1 and behaves at 0 and 1, unlike the normal approximation).
///
/// ```swift
/// let alive = Proportion(412, of: 1000)
/// alive.value                      // 0.412
/// alive.interval                   // 0.3817...0.4430 (95%)
/// alive.interval(Confidence(0.99))  // wider
/// ```
public struct Proportion: Sendable, Hashable, Codable {
    public var successes: Int
    public var trials: Int

    public init(_ successes: Int, of trials: Int) {
        self.successes = successes
        self.trials = trials
    }

    /// successes ÷ trials; 0 with no trials.
    public var value: Double { trials > 0 ? Double(successes) / Double(trials) : 0 }

    /// The 95% interval.
    public var interval: ClosedRange<Double> { interval(.ninetyFive) }

    /// The interval at `confidence`; 0...1 with no trials.
    public func interval(_ confidence: Confidence) -> ClosedRange<Double> {
        guard trials > 0 else { return 0...1 }
        let z = confidence.z
        let n = Double(trials)
        let p = value
        let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        let half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()
        return max(0, centre - half)...min(1, centre + half)
    }
}
