import Randomness
import Testing

@testable import ShakyWords

/// The orders hints follow.
@Suite struct HintOrderTests {
    @Test func fromStartIsFirstToLast() {
        var random = RandomSource(seed: 31)
        #expect(HintOrder.fromStart.positions(length: 6, &random) == [0, 1, 2, 3, 4, 5])
        #expect(HintOrder.fromStart.positions(length: 0, &random) == [])
        #expect(HintOrder.random.positions(length: 0, &random) == [])
    }

    @Test("random is a permutation, with each position first equally often (χ² df 7, α ≈ 1e-6)")
    func randomIsAUniformPermutation() {
        var random = RandomSource(seed: 32)
        var firsts = [Int](repeating: 0, count: 8)
        var identity = 0
        for _ in 0..<40_000 {
            let order = HintOrder.random.positions(length: 8, &random)
            #expect(order.sorted() == Array(0..<8))
            firsts[order[0]] += 1
            if order == Array(0..<8) { identity += 1 }
        }
        let x2 = Statistics.chiSquare(firsts, expected: Array(repeating: 5000, count: 8))
        #expect(x2 < Statistics.chiSquareCritical(df: 7), "χ² = \(x2); first positions \(firsts)")
        // The order from the start is 1 in 8! = 40,320: about once in 40,000 (Poisson, mean 0.99;
        // 12 or more has probability below 1e-9), far more often if the shuffle left positions put.
        #expect(identity < 12, "the order from the start came \(identity) times in 40,000")
    }
}
