#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A Gaussian-process surrogate of one noisy metric over a box of parameters (Rasmussen and
/// Williams 2006, algorithm 2.1): the metric's mean and its uncertainty at any point, from the
/// points played so far and each one's standard error.
///
/// ```swift
/// let gp = GaussianProcess(points: [[0.1], [0.5], [0.9]], values: [1, 3, 2], standardErrors: [0.1, 0.1, 0.1])
/// gp?.predict([0.3])   // (mean, sd) of the metric there
/// ```
///
/// Inputs are scaled to the unit box by the caller. The values are standardized (their mean and
/// spread) so that one prior fits any metric; each point's noise is its own standard error,
/// known from its games (a share of 256 games is noisier than one of 4,096), not fitted. The
/// kernel is the squared exponential with a length scale per parameter and a signal variance,
/// chosen from a fixed grid by the largest marginal likelihood: a grid, not an optimizer, so
/// the same points give the same surrogate on every machine.
public struct GaussianProcess: Sendable {
    public let points: [[Double]]
    public let lengthScales: [Double]
    public let signalVariance: Double
    let offset: Double
    let scale: Double
    /// The Cholesky factor of K + noise, lower triangular, row by row.
    let factor: [[Double]]
    /// (K + noise)⁻¹ y, in standardized units.
    let weights: [Double]

    /// The grid each length scale is chosen from, in units of the box's side.
    public static let lengthScaleGrid = [0.08, 0.15, 0.25, 0.4, 0.7, 1.2]
    /// The grid the signal variance is chosen from, in units of the values' variance.
    public static let signalVarianceGrid = [0.3, 1, 3]

    /// Nil without points, with points and values of different counts, or with a value or
    /// error that is not finite.
    public init?(points: [[Double]], values: [Double], standardErrors: [Double]) {
        guard let dimensions = points.first?.count, points.count == values.count, points.count == standardErrors.count,
            points.allSatisfy({ $0.count == dimensions && $0.allSatisfy(\.isFinite) }), values.allSatisfy(\.isFinite),
            standardErrors.allSatisfy({ $0.isFinite && $0 >= 0 })
        else { return nil }
        let n = Double(values.count)
        let mean = values.reduce(0, +) / n
        let spread = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n).squareRoot()
        // A metric that has not varied yet: its errors set the scale, and at least a twentieth
        // of its size or a hundredth (a point of a share), so that where nothing is known the
        // surrogate is not certain.
        let scale = spread > 0 ? spread : max(standardErrors.max() ?? 0, abs(mean) / 20, 0.01)
        let y = values.map { ($0 - mean) / scale }
        let noise = standardErrors.map { ($0 / scale) * ($0 / scale) }
        var best: (score: Double, lengths: [Double], signal: Double, factor: [[Double]], weights: [Double])?
        for lengths in Self.grid(dimensions) {
            for signal in Self.signalVarianceGrid {
                guard let factor = Self.cholesky(Self.covariance(points, lengths, signal, noise)) else { continue }
                let weights = Self.solve(factor, y)
                // log p(y) = −½ yᵀα − Σ log Lᵢᵢ − n/2 log 2π; the last is the same for every choice.
                let score = -0.5 * zip(y, weights).reduce(0) { $0 + $1.0 * $1.1 } - factor.indices.reduce(0) { $0 + log(factor[$1][$1]) }
                if best.map({ score > $0.score }) ?? true { best = (score, lengths, signal, factor, weights) }
            }
        }
        guard let best else { return nil }
        self.points = points
        lengthScales = best.lengths
        signalVariance = best.signal
        offset = mean
        self.scale = scale
        factor = best.factor
        weights = best.weights
    }

    /// The metric's mean at `x` and the standard deviation of that mean (the surrogate's own
    /// uncertainty, without a new game's noise).
    public func predict(_ x: [Double]) -> (mean: Double, sd: Double) {
        let k = points.map { Self.kernel($0, x, lengthScales, signalVariance) }
        let mean = zip(k, weights).reduce(0) { $0 + $1.0 * $1.1 }
        let v = Self.forward(factor, k)
        let variance = max(0, signalVariance - v.reduce(0) { $0 + $1 * $1 })
        return (offset + scale * mean, scale * variance.squareRoot())
    }

    static func kernel(_ a: [Double], _ b: [Double], _ lengths: [Double], _ signal: Double) -> Double {
        var sum = 0.0
        for i in a.indices {
            let d = (a[i] - b[i]) / lengths[i]
            sum += d * d
        }
        return signal * exp(-0.5 * sum)
    }

    static func covariance(_ points: [[Double]], _ lengths: [Double], _ signal: Double, _ noise: [Double]) -> [[Double]] {
        points.indices.map { i in
            points.indices.map { j in
                // A little jitter keeps the factor defined where two points coincide.
                kernel(points[i], points[j], lengths, signal) + (i == j ? noise[i] + 1e-8 * signal : 0)
            }
        }
    }

    /// Every combination of the grid's length scales over `dimensions` parameters.
    static func grid(_ dimensions: Int) -> [[Double]] {
        var result: [[Double]] = [[]]
        for _ in 0..<dimensions { result = result.flatMap { prefix in lengthScaleGrid.map { prefix + [$0] } } }
        return result
    }

    /// L with L Lᵀ = a, or nil when a is not positive definite.
    static func cholesky(_ a: [[Double]]) -> [[Double]]? {
        let n = a.count
        var l = Array(repeating: Array(repeating: 0.0, count: n), count: n)
        for i in 0..<n {
            for j in 0...i {
                var sum = a[i][j]
                for k in 0..<j { sum -= l[i][k] * l[j][k] }
                if i == j {
                    guard sum > 0 else { return nil }
                    l[i][i] = sum.squareRoot()
                } else {
                    l[i][j] = sum / l[j][j]
                }
            }
        }
        return l
    }

    /// x with L x = b.
    static func forward(_ l: [[Double]], _ b: [Double]) -> [Double] {
        var x = b
        for i in b.indices {
            for k in 0..<i { x[i] -= l[i][k] * x[k] }
            x[i] /= l[i][i]
        }
        return x
    }

    /// x with L Lᵀ x = b.
    static func solve(_ l: [[Double]], _ b: [Double]) -> [Double] {
        var x = forward(l, b)
        for i in b.indices.reversed() {
            for k in (i + 1)..<b.count { x[i] -= l[k][i] * x[k] }
            x[i] /= l[i][i]
        }
        return x
    }
}
