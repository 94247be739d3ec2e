import Testing

/// Pearson's chi-square test against equal expected counts.
///
/// Every statistical test here draws from fixed seeds, so it is deterministic; the significance
/// says how surprising the observed counts would be if the generator were exactly uniform.
/// We test at α = 0.001 with critical values of the chi-square distribution from standard
/// tables (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.4), indexed by degrees of freedom.
enum ChiSquare {
    static let critical001: [Int: Double] = [
        1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 6: 22.458, 7: 24.322, 8: 26.124, 9: 27.877,
        10: 29.588, 11: 31.264, 12: 32.909,
    ]

    static func statistic(_ counts: [Int]) -> Double {
        let total = Double(counts.reduce(0, +))
        let expected = total / Double(counts.count)
        return counts.reduce(0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
    }

    /// Records an issue when uniformity is rejected at α = 0.001.
    static func expectUniform(_ counts: [Int], _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let df = counts.count - 1
        guard let limit = critical001[df] else {
            Issue.record("no critical value for \(df) degrees of freedom", sourceLocation: sourceLocation)
            return
        }
        let x2 = statistic(counts)
        #expect(x2 < limit, "\(what): χ² = \(x2) ≥ \(limit) (df \(df), α = 0.001); counts \(counts)", sourceLocation: sourceLocation)
    }
}
