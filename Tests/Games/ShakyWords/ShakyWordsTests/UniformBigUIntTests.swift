import BigInt
import Randomness
import Testing

@testable import ShakyWords

/// The one draw of a rank past `Int` (RandomSource.uniformBigUInt(below:)), which the
/// noLetterInPlace sampler unranks: bounds of several 32-bit chunks.
@Suite struct UniformBigUIntTests {
    @Test("below 3·2^64: always below, the top part 0, 1, 2 equally often (χ² df 2, α = 1e-6: 27.63)")
    func multiChunkBoundIsUniform() {
        let n = BigUInt(3) << 64
        var random = RandomSource(seed: 41)
        var counts = [0, 0, 0]
        for _ in 0..<30_000 {
            let value = random.uniformBigUInt(below: n)
            #expect(value < n)
            counts[Int(value >> 64)] += 1
        }
        // With 2 degrees of freedom the χ² tail is exp(−x/2): the 1e-6 point is −2 ln 1e-6 = 27.63.
        let x2 = Statistics.chiSquare(counts, expected: [10_000, 10_000, 10_000])
        #expect(x2 < 27.63, "χ² = \(x2); counts \(counts)")
    }

    @Test("below 2^64 + 1 (a 65-bit bound, half its draws rejected): half the values below 2^63; a bound of 1 gives 0")
    func boundJustPastAWord() {
        let n = (BigUInt(1) << 64) + 1
        var random = RandomSource(seed: 42)
        var low = 0
        for _ in 0..<1000 where random.uniformBigUInt(below: n) < (BigUInt(1) << 63) { low += 1 }
        // Half the values are below 2^63: 500 of 1000 expected, sd 15.8; |z| < 4.9 (two-sided α ≈ 1e-6).
        #expect(abs(Statistics.z(successes: low, trials: 1000, p: 0.5)) < Statistics.zTwoSided, "\(low) of 1000 below 2^63")
        #expect(random.uniformBigUInt(below: 1) == 0)
    }
}
