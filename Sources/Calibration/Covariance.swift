#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The mean and covariance of vectors, and the Gaussian density they define: the few pieces of
/// linear algebra a synthetic likelihood and a proposal need (dimensions of tens, not
/// thousands, so plain arrays and a Cholesky factor do).
public struct Covariance: Sendable, Hashable {
    public let mean: [Double]
    /// Row-major, `dimension × dimension`.
    public let matrix: [Double]
    public var dimension: Int { mean.count }

    public init(mean: [Double], matrix: [Double]) {
        precondition(matrix.count == mean.count * mean.count, "a square matrix of the mean's dimension")
        self.mean = mean
        self.matrix = matrix
    }

    /// The weighted mean and covariance of `points` (weights need not sum to 1); the covariance
    /// is the unbiased sample one for equal weights. Nil for fewer than two points.
    public init?(of points: [[Double]], weights: [Double]? = nil) {
        guard points.count >= 2, let d = points.first?.count, d > 0 else { return nil }
        let w = weights ?? Array(repeating: 1, count: points.count)
        let total = w.reduce(0, +)
        let squares = w.reduce(0) { $0 + $1 * $1 }
        guard total > 0, total * total > squares else { return nil }
        var mean = Array(repeating: 0.0, count: d)
        for (p, x) in zip(points, w) { for i in 0..<d { mean[i] += x * p[i] / total } }
        var matrix = Array(repeating: 0.0, count: d * d)
        for (p, x) in zip(points, w) {
            for i in 0..<d { for j in i..<d { matrix[i * d + j] += x * (p[i] - mean[i]) * (p[j] - mean[j]) } }
        }
        // Unbiased for reliability weights: Σw / ((Σw)² − Σw²).
        let scale = total / (total * total - squares)
        for i in 0..<d {
            for j in i..<d {
                matrix[i * d + j] *= scale
                matrix[j * d + i] = matrix[i * d + j]
            }
        }
        self.init(mean: mean, matrix: matrix)
    }

    /// The matrix with `ridge` times its average diagonal (at least `floor`) added to the
    /// diagonal: a summary that never varies (every simulated round reached) would make the
    /// matrix singular.
    public func regularized(ridge: Double, floor: Double = 1e-12) -> Covariance {
        let d = dimension
        var trace = 0.0
        for i in 0..<d { trace += matrix[i * d + i] }
        let add = max(floor, ridge * trace / Double(max(d, 1)))
        var m = matrix
        for i in 0..<d { m[i * d + i] += add }
        return Covariance(mean: mean, matrix: m)
    }

    /// The lower Cholesky factor L (L Lᵀ = matrix), row-major; nil when the matrix is not
    /// positive definite.
    public func cholesky() -> [Double]? {
        let d = dimension
        var l = Array(repeating: 0.0, count: d * d)
        for i in 0..<d {
            for j in 0...i {
                var s = matrix[i * d + j]
                for k in 0..<j { s -= l[i * d + k] * l[j * d + k] }
                if i == j {
                    guard s > 0, s.isFinite else { return nil }
                    l[i * d + i] = s.squareRoot()
                } else {
                    l[i * d + j] = s / l[j * d + j]
                }
            }
        }
        return l
    }

    /// (x − mean)ᵀ matrix⁻¹ (x − mean) and log det(matrix), through the Cholesky factor; nil when
    /// the matrix is not positive definite.
    public func mahalanobis(_ x: [Double]) -> (distance: Double, logDeterminant: Double)? {
        guard x.count == dimension, let l = cholesky() else { return nil }
        let d = dimension
        // The distance is |y|² for L y = x − mean.
        let y = Self.forwardSolve(lower: l, zip(x, mean).map { $0 - $1 })
        var distance = 0.0
        var logDet = 0.0
        for i in 0..<d {
            distance += y[i] * y[i]
            logDet += 2 * log(l[i * d + i])
        }
        return (distance, logDet)
    }

    /// y with L y = b, for a row-major lower factor L (``cholesky()``).
    public static func forwardSolve(lower l: [Double], _ b: [Double]) -> [Double] {
        let d = b.count
        var y = b
        for i in 0..<d {
            for k in 0..<i { y[i] -= l[i * d + k] * y[k] }
            y[i] /= l[i * d + i]
        }
        return y
    }

    /// The log density of the normal distribution N(mean, matrix) at `x`.
    public func logDensity(_ x: [Double]) -> Double? {
        guard let (distance, logDet) = mahalanobis(x) else { return nil }
        return -0.5 * (distance + logDet + Double(dimension) * log(2 * Double.pi))
    }
}
