#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The binomial distribution's cumulative probabilities, for the bands of a rank uniformity
/// check (``RankUniformity``): how many of `trials` ranks fall at or below a point when each
/// does with chance `chance`.
public struct Binomial: Sendable {
    public let trials: Int
    public let chance: Double
    /// P(X ≤ k) for k in 0...trials.
    public let cumulative: [Double]

    /// - Precondition: `trials` ≥ 0 and `chance` in the open interval (0, 1).
    public init(trials: Int, chance: Double) {
        precondition(trials >= 0 && chance > 0 && chance < 1, "a binomial of \(trials) trials at chance \(chance)")
        self.trials = trials
        self.chance = chance
        let n = Double(trials)
        let logChoose: Double = lgamma(n + 1)
        var sum = 0.0
        var cumulative: [Double] = []
        cumulative.reserveCapacity(trials + 1)
        for k in 0...trials {
            let x = Double(k)
            // Each term from its logarithm: a product of n choose k and p^k overflows long before
            // the trials a study can have.
            sum += exp(logChoose - lgamma(x + 1) - lgamma(n - x + 1) + x * log(chance) + (n - x) * log1p(-chance))
            cumulative.append(min(1, sum))
        }
        self.cumulative = cumulative
    }

    /// P(X ≤ k): 0 below 0, 1 from `trials` on.
    public func probability(atMost k: Int) -> Double {
        k < 0 ? 0 : k >= trials ? 1 : cumulative[k]
    }

    /// P(X ≥ k).
    public func probability(atLeast k: Int) -> Double { 1 - probability(atMost: k - 1) }

    /// The smallest k with P(X ≤ k) ≥ q.
    public func quantile(_ q: Double) -> Int {
        var low = 0, high = trials
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] >= q { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
