/// A posterior as a weighted population of parameter values: intervals, means, how many
/// candidates it effectively rests on, and which parameters the data did not pin down.
public struct WeightedPosterior: Sendable {
    public let parameters: [FittedParameter]
    /// Each candidate's values, in the order of `parameters`, on their own scales.
    public let points: [[Double]]
    /// Normalized to sum to 1.
    public let weights: [Double]
    public let logLikelihoods: [Double?]

    public init(parameters: [FittedParameter], points: [[Double]], weights: [Double], logLikelihoods: [Double?]) {
        self.parameters = parameters
        self.points = points
        self.weights = weights
        self.logLikelihoods = logLikelihoods
    }

    /// Kish's effective sample size, (Σw)² / Σw²: how many equally weighted candidates the
    /// population is worth. Few (under 30, say) means the intervals are rough.
    public var effectiveSampleSize: Double {
        let squares = weights.reduce(0) { $0 + $1 * $1 }
        return squares > 0 ? 1 / squares : 0
    }

    /// The weighted `q`-quantile of parameter `i`: the smallest value with at least `q` of the
    /// weight at or below it.
    public func quantile(_ i: Int, _ q: Double) -> Double {
        let order = points.indices.filter { weights[$0] > 0 }.sorted { points[$0][i] < points[$1][i] }
        var cumulative = 0.0
        for k in order {
            cumulative += weights[k]
            if cumulative >= q - 1e-12 { return points[k][i] }
        }
        return order.last.map { points[$0][i] } ?? .nan
    }

    /// The central credible interval holding `level` of the posterior.
    public func interval(_ i: Int, level: Double) -> ClosedRange<Double> {
        quantile(i, (1 - level) / 2)...quantile(i, 1 - (1 - level) / 2)
    }

    public func median(_ i: Int) -> Double { quantile(i, 0.5) }

    /// The share of the prior's range (on the parameter's fitting scale) the interval covers.
    public func shareOfRange(_ i: Int, level: Double) -> Double {
        let p = parameters[i]
        let range = p.internalRange
        let interval = interval(i, level: level)
        return (p.internalValue(of: interval.upperBound) - p.internalValue(of: interval.lowerBound)) / (range.upperBound - range.lowerBound)
    }

    /// A parameter the data leave about as uncertain as before: its interval covers more than
    /// half of the range searched (``shareOfRange(_:level:)``).
    public func isPinnedDown(_ i: Int, level: Double) -> Bool { shareOfRange(i, level: level) <= 0.5 }

    /// Candidates drawn in proportion to their weights (systematic resampling), for predictive
    /// simulations: `count` indices into `points`.
    public func resample(count: Int, offset: Double) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        var cumulative = 0.0
        var k = 0
        for j in 0..<count {
            let target = (Double(j) + offset) / Double(count)
            while k < weights.count - 1 && cumulative + weights[k] < target {
                cumulative += weights[k]
                k += 1
            }
            result.append(k)
        }
        return result
    }
}
