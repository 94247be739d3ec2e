import Foundation
@testable import RelentlessGeneration
import Randomness
import Relentless
import TestSupport
import Testing

/// The arithmetic behind C3's multisets, against enumeration and closed forms.
@Suite("C3 multiset arithmetic: counts, ranks, and the draw for huge part categories")
struct MultisetMathTests {
    /// Every non-decreasing k-tuple over 0..<n, in lexicographic order, by walking them.
    static func enumerate(_ n: Int, _ k: Int) -> [[Int]] {
        guard k > 0 else { return [[]] }
        guard n > 0 else { return [] }
        var all: [[Int]] = []
        var tuple = [Int](repeating: 0, count: k)
        while true {
            all.append(tuple)
            var i = k - 1
            while i >= 0, tuple[i] == n - 1 { i -= 1 }
            guard i >= 0 else { return all }
            tuple[i] += 1
            for j in (i + 1)..<k { tuple[j] = tuple[i] }
        }
    }

    @Test("C3: C(n + k − 1, k) equals the enumerated multisets, and saturates instead of overflowing")
    func counts() {
        for n in 0...7 {
            for k in 0...6 {
                #expect(Multisets.count(n, choosing: k, cap: .max) == Self.enumerate(n, k).count, "n \(n), k \(k)")
            }
        }
        // C(70001, 2) = 70001 · 70000 / 2; C(2^40 + 2, 3) passes 2^40; n near Int.max cannot overflow.
        #expect(Multisets.count(70_000, choosing: 2, cap: .max) == 2_450_035_000)
        #expect(Multisets.count(1 << 40, choosing: 3, cap: 1 << 40) == 1 << 40)
        #expect(Multisets.count(.max, choosing: 2, cap: 100) == 100)
        #expect(Multisets.count(.max - 1, choosing: 2, cap: .max) == .max)
        #expect(Multisets.count(2, choosing: 1 << 16, cap: .max) == (1 << 16) + 1)
    }

    @Test("C3: unranking gives the enumerated multisets in lexicographic order")
    func unrank() {
        for (n, k) in [(1, 4), (2, 5), (3, 3), (4, 3), (5, 2), (6, 1), (1, 1), (1, 2), (10, 2), (7, 4)] {
            let expected = Self.enumerate(n, k)
            let decoded = expected.indices.map { Multisets.unrank($0, of: n, choosing: k) }
            #expect(decoded == expected, "n \(n), k \(k)")
        }
    }

    @Test("C3: the number j of distinct items among k drawn from n follows C(n, j) C(k − 1, j − 1) / C(n + k − 1, k)")
    func distinctCountDistribution() {
        func probabilities(_ n: Double, _ k: Int) -> [Double] {
            let cumulative = Multisets.distinctCountCumulative(logN: log(n), choosing: k)
            let total = cumulative.last ?? 1
            return cumulative.indices.map { ($0 == 0 ? cumulative[0] : cumulative[$0] - cumulative[$0 - 1]) / total }
        }
        // n = 4, k = 3, by hand over the C(6, 3) = 20 multisets: j = 1: 4, j = 2: C(4, 2) · 2 = 12, j = 3: 4.
        let small = probabilities(4, 3)
        for (p, q) in zip(small, [4.0 / 20, 12.0 / 20, 4.0 / 20]) { #expect(abs(p - q) < 1e-12) }
        // n = 100,000, k = 2: both equal with probability n / C(n + 1, 2) = 2 / (n + 1).
        let pair = probabilities(100_000, 2)
        #expect(abs(pair[0] / (2.0 / 100_001) - 1) < 1e-9)
        // n = e^1000 (beyond any Double), k = 5: all distinct but for a negligible chance.
        let huge = Multisets.distinctCountCumulative(logN: 1000, choosing: 5)
        #expect(huge.allSatisfy { $0.isFinite } && huge[3] / huge[4] < 1e-300)
    }

    @Test("C3: the draw for huge part categories (distinct count, rejection, composition) is uniform over the C(5, 3) = 10 multisets of 3 fruits (χ², α = 0.001)")
    func hugeMethodUniform() throws {
        // The method is exact for any n ≥ k, so it is checked where every multiset can be counted.
        let d = try RoundFixtures.prepared(catalogue: MultisetFixtures.catalogue)
        let fruit = try RoundFixtures.index(d, "Fruit")
        let cumulative = Multisets.distinctCountCumulative(logN: log(3.0), choosing: 3)
        let cells = Self.enumerate(3, 3)
        var counts = [Int](repeating: 0, count: cells.count)
        var random = RandomSource(seed: 33)
        for _ in 0..<20_000 {
            let drawn = d.multisetByDistinctCount(of: fruit, choosing: 3, cumulative: cumulative, using: &random)
            let key = drawn.compactMap(\.index).sorted()
            counts[try #require(cells.firstIndex(of: key))] += 1
        }
        ChiSquare.expectUniform(counts, "multisets of 3 fruits by distinct count")
    }

    @Test("C3: stars and bars is uniform over the C(4, 3) = 4 multisets of 3 wheels (χ², α = 0.001)")
    func starsAndBarsUniform() throws {
        let d = try RoundFixtures.prepared(catalogue: MultisetFixtures.catalogue)
        let wheel = try RoundFixtures.index(d, "Wheel")
        let cells = Self.enumerate(2, 3)
        var counts = [Int](repeating: 0, count: cells.count)
        var random = RandomSource(seed: 34)
        for _ in 0..<8_000 {
            let drawn = d.multisetByStarsAndBars(of: wheel, count: 2, choosing: 3, using: &random)
            counts[try #require(cells.firstIndex(of: drawn.compactMap(\.index).sorted()))] += 1
        }
        ChiSquare.expectUniform(counts, "multisets of 3 wheels by stars and bars")
    }
}
