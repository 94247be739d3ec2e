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

    /// The weighted `q`-quantile of parameter `i`, each candidate standing at the middle of its
    /// weight (cumulative weight before it plus half its own) and linear between: the plain
    /// "smallest value with q at or below it" moves both ends of an interval inward by about half
    /// a candidate's weight, which with a few dozen effective candidates costs a 90% interval a
    /// point or two of coverage.
    public func quantile(_ i: Int, _ q: Double) -> Double {
        let order = points.indices.filter { weights[$0] > 0 }.sorted { points[$0][i] < points[$1][i] }
        guard let first = order.first else { return .nan }
        let total = order.reduce(0) { $0 + weights[$1] }
        var before = 0.0
        var previous = (position: weights[first] / 2 / total, value: points[first][i])
        if q <= previous.position { return previous.value }
        for k in order {
            let position = (before + weights[k] / 2) / total
            before += weights[k]
            let value = points[k][i]
            if q <= position {
                let span = position - previous.position
                return span > 0 ? previous.value + (value - previous.value) * (q - previous.position) / span : value
            }
            previous = (position, value)
        }
        return previous.value
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
