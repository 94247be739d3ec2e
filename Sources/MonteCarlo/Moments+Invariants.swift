extension Moments {
    /// What is wrong with these moments, or nil when they could have come from adding numbers:
    /// for statistics read from a file (a shard's part), which must not be trusted.
    ///
    /// Checked: the count is not negative; no values means exactly the empty state (mean 0,
    /// extremes ±infinity); otherwise mean, extremes and the sum of squared deviations are finite,
    /// minimum ≤ mean ≤ maximum, one value has no spread, and the spread is at most what values
    /// between the extremes can have (n·(max − min)²/4). The comparisons with the mean allow for
    /// its rounding (a few parts in 10⁹ of the largest magnitude).
    ///
    /// ```swift
    /// var m = Moments(); m.add(3); m.add(5)
    /// m.invariantViolation   // nil
    /// ```
    public var invariantViolation: String? {
        guard count >= 0 else { return "a count of \(count) values" }
        guard count > 0 else {
            if mean != 0 || m2 != 0 || minimum != .infinity || maximum != -.infinity {
                return "no values, yet a mean, spread or extremes"
            }
            return nil
        }
        guard mean.isFinite, m2.isFinite, minimum.isFinite, maximum.isFinite else {
            return "a mean, spread or extreme that is not a finite number"
        }
        guard minimum <= maximum else { return "minimum \(minimum) above maximum \(maximum)" }
        let scale = Swift.max(1, Swift.abs(minimum), Swift.abs(maximum))
        let slack = 1e-9 * scale
        guard mean >= minimum - slack, mean <= maximum + slack else {
            return "mean \(mean) outside its extremes \(minimum)...\(maximum)"
        }
        guard m2 >= 0 else { return "a negative spread (\(m2))" }
        if count == 1 {
            guard minimum == maximum, mean == minimum, m2 == 0 else { return "one value, yet two extremes or a spread" }
        }
        let range = maximum - minimum
        let most = Double(count) * range * range / 4
        guard m2 <= most * (1 + 1e-9) + slack * slack * Double(count) else {
            return "a spread (\(m2)) larger than \(count) values within \(minimum)...\(maximum) can have"
        }
        return nil
    }
}
