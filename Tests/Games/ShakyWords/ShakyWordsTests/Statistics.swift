import Foundation

/// The significance tests of the generator tests. Every draw comes from a fixed seed, so each
/// test is deterministic; a threshold says how surprising the counts would be if the generator
/// did exactly what it claims. All tests here use α ≈ 1e-6, so that the whole suite stays far
/// from a false alarm while a real bias of a few percent still shows at the sample sizes used.
enum Statistics {
    /// One-sided standard normal quantile for 1e-6 (Φ⁻¹(1 − 1e-6) = 4.753).
    static let zOneSided = 4.753
    /// Two-sided threshold for α ≈ 1e-6: P(|Z| ≥ 4.9) ≈ 9.6e-7.
    static let zTwoSided = 4.9

    /// Pearson's χ² of `counts` against `expected` counts.
    static func chiSquare(_ counts: [Int], expected: [Double]) -> Double {
        zip(counts, expected).reduce(0) { $0 + (Double($1.0) - $1.1) * (Double($1.0) - $1.1) / $1.1 }
    }

    /// The χ² critical value for `df` degrees of freedom at α ≈ 1e-6, by the Wilson–Hilferty
    /// cube-root normal approximation, df·(1 − 2/(9df) + z·√(2/(9df)))³; for df ≥ 5 it errs on
    /// the high side by under 5% (df 5: 37.5 against the exact 35.9), i.e. slightly more lenient.
    static func chiSquareCritical(df: Int) -> Double {
        let d = Double(df)
        let a = 2 / (9 * d)
        return d * pow(1 - a + zOneSided * a.squareRoot(), 3)
    }

    /// z of `successes` in `trials` Bernoulli trials of probability `p`.
    static func z(successes: Int, trials: Int, p: Double) -> Double {
        let n = Double(trials)
        return (Double(successes) - n * p) / (n * p * (1 - p)).squareRoot()
    }
}
