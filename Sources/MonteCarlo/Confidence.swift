#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A two-sided confidence level (0.95 for a 95% interval) and the normal critical value it
/// implies (1.96 for 95%).
///
/// ```swift
/// Confidence.ninetyFive.z          // 1.959963984540054
/// Confidence(0.95).split(4).level  // 0.9875: each of four looks at the data (Bonferroni)
/// ```
public struct Confidence: Sendable, Hashable, Codable {
    /// In (0, 1).
    public let level: Double

    /// - Precondition: `level` in (0, 1); callers validate user input first.
    public init(_ level: Double) {
        precondition(level > 0 && level < 1, "confidence level \(level) is not in (0, 1)")
        self.level = level
    }

    public static let ninetyFive = Confidence(0.95)

    /// z with P(|Z| ≤ z) = level for a standard normal Z.
    public var z: Double { Normal.quantile(1 - (1 - level) / 2) }

    /// The level each of `parts` statements must have so that all of them hold together with
    /// this level at least (Bonferroni: the error rate is shared out equally).
    public func split(_ parts: Int) -> Confidence {
        Confidence(1 - (1 - level) / Double(max(1, parts)))
    }
}

/// The standard normal distribution.
public enum Normal {
    /// Φ(x), through the complementary error function (accurate in both tails).
    public static func cdf(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

    /// Φ⁻¹(p) for p in (0, 1): Acklam's rational approximation (relative error 1.15e-9), then
    /// one Halley step on Φ, which brings it to double precision.
    public static func quantile(_ p: Double) -> Double {
        precondition(p > 0 && p < 1)
        let a = [-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00]
        let b = [-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01, -1.328068155288572e+01]
        let c = [-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        let low = 0.02425
        var x: Double
        if p < low {
            let q = (-2 * log(p)).squareRoot()
            x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        } else if p <= 1 - low {
            let q = p - 0.5
            let r = q * q
            x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
                / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
        } else {
            let q = (-2 * log(1 - p)).squareRoot()
            x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        let e = cdf(x) - p
        let u = e * (2 * Double.pi).squareRoot() * exp(x * x / 2)
        x -= u / (1 + x * u / 2)
        return x
    }
}
