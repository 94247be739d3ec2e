#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The chi-squared distribution's upper tail, for the predictive check's distance: the chance
/// that a model's own summaries lie at least this far from its mean.
public enum ChiSquared {
    /// P(X ≥ x) for X ~ χ²(degreesOfFreedom); 1 for x ≤ 0.
    public static func survival(_ x: Double, degreesOfFreedom k: Int) -> Double {
        precondition(k > 0, "a chi-squared distribution has at least one degree of freedom")
        guard x > 0 else { return 1 }
        guard x.isFinite else { return 0 }
        return IncompleteGamma.upperRegularized(Double(k) / 2, x / 2)
    }
}

/// The regularized incomplete gamma function, by its power series below a + 1 and Legendre's
/// continued fraction (modified Lentz) above, as in Numerical Recipes §6.2: each converges fast
/// where it is used.
enum IncompleteGamma {
    /// Q(a, x) = Γ(a, x) / Γ(a).
    static func upperRegularized(_ a: Double, _ x: Double) -> Double {
        if x < a + 1 { return max(0, 1 - series(a, x)) }
        return continuedFraction(a, x)
    }

    /// P(a, x) by the series x^a e^{-x} / Γ(a+1) Σ x^n / ((a+1)…(a+n)).
    private static func series(_ a: Double, _ x: Double) -> Double {
        var term = 1 / a
        var sum = term
        var n = a
        for _ in 0..<10_000 {
            n += 1
            term *= x / n
            sum += term
            if abs(term) < abs(sum) * 1e-16 { break }
        }
        return sum * exp(-x + a * log(x) - lgamma(a))
    }

    /// Q(a, x) by the continued fraction e^{-x} x^a / Γ(a) · 1/(x+1-a- 1·(1-a)/(x+3-a- …)).
    private static func continuedFraction(_ a: Double, _ x: Double) -> Double {
        let tiny = 1e-300
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var h = d
        for i in 1...10_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < 1e-16 { break }
        }
        return exp(-x + a * log(x) - lgamma(a)) * h
    }
}
