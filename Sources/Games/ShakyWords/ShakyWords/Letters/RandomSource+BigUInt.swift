import BigInt
import Randomness

extension RandomSource {
    /// Uniform in `0..<n` for a bound past `Int`: the bits of n − 1 filled 32 at a time with
    /// ``RandomSource/uniform(below:)`` (lowest chunk first), the draw repeated while it is not
    /// below n (fewer than two tries on average).
    ///
    /// Why not the BigInt package's own `BigUInt.randomInteger(lessThan:using:)`: it fills words
    /// with `next()` directly in a way that package may change, and a seed must give the same
    /// scramble on every platform and version; this consumes draws only through the helpers of
    /// Randomness.
    ///
    /// - Precondition: `n > 0`.
    mutating func uniformBigUInt(below n: BigUInt) -> BigUInt {
        precondition(n > 0, "uniformBigUInt(below:) needs a positive bound")
        if n == 1 { return 0 }
        let bits = (n - 1).bitWidth
        let chunks = (bits + 31) / 32
        let topBits = bits - 32 * (chunks - 1)
        while true {
            var value = BigUInt(0)
            for chunk in 0..<chunks {
                let width = chunk == chunks - 1 ? topBits : 32
                value |= BigUInt(uniform(below: 1 << width)) << (32 * chunk)
            }
            if value < n { return value }
        }
    }
}
