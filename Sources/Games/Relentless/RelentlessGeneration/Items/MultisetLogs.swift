#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Multisets of a category too large to count in an `Int` (C3), in double precision: only for
/// drawing a uniform multiset of items of a huge category (see ``PreparedDesign/sampleItem(of:using:)``).
extension Multisets {
    /// ln n (−∞ for 0).
    static func logarithm(of n: Int) -> Double { n > 0 ? log(Double(n)) : -.infinity }

    /// ln C(n + k − 1, k) from ln n, as Σ_{i=1…k} (ln(n + i − 1) − ln i) with
    /// ln(n + i − 1) = ln n + log1p((i − 1)/n): no overflow however large n is (it can pass
    /// 10^308), a relative error of a few ulps per term. −∞ when n = 0 < k.
    static func logCount(logN: Double, choosing k: Int) -> Double {
        guard k > 0 else { return 0 }
        guard logN > -.infinity else { return -.infinity }
        let inverse = exp(-logN)
        var sum = 0.0
        for i in 1...k {
            sum += logN + log1p(Double(i - 1) * inverse) - log(Double(i))
        }
        return sum
    }

    /// The distribution of the number j of distinct items in a uniform multiset of k items drawn
    /// from n ≥ k, as cumulative weights for j = 1…k (index j − 1; the last is the total).
    ///
    /// A multiset with exactly j distinct items is a choice of those j items, C(n, j), times a
    /// composition of k into j positive multiplicities, C(k − 1, j − 1); there are
    /// C(n + k − 1, k) multisets in all, so P(j) = C(n, j) · C(k − 1, j − 1) / C(n + k − 1, k).
    /// The weights are built from j = k down by the exact ratio
    /// P(j − 1) / P(j) = j (j − 1) / ((n − j + 1)(k − j + 1)) in logarithms, so neither the
    /// binomials nor n itself are ever formed.
    ///
    /// Approximation: n enters as ln n in double precision (a category of more than 2^53 items is
    /// only known to 53 bits), the weights carry rounding errors of order k ulps, and a draw
    /// against them (``RandomSource/unit()``, multiples of 2^-53) cannot land on a j whose
    /// probability is below about 2^-53. Everything else in the draw is exact.
    static func distinctCountCumulative(logN: Double, choosing k: Int) -> [Double] {
        guard k > 1 else { return [1] }
        let inverse = exp(-logN)
        var logWeights = [Double](repeating: 0, count: k)
        var j = k
        while j >= 2 {
            let logNMinus = logN + log1p(-Double(j - 1) * inverse)  // ln(n − j + 1)
            logWeights[j - 2] = logWeights[j - 1] + log(Double(j)) + log(Double(j - 1)) - logNMinus - log(Double(k - j + 1))
            j -= 1
        }
        let top = logWeights.max() ?? 0
        var cumulative: [Double] = []
        cumulative.reserveCapacity(k)
        var total = 0.0
        for w in logWeights {
            total += exp(w - top)
            cumulative.append(total)
        }
        return cumulative
    }
}
