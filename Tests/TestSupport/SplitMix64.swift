/// SplitMix64 (Steele, Lea, Flood 2014): a tiny seedable generator, so that randomized tests
/// draw the same sequence on every run and every platform.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<n (n > 0), with the small modulo bias tests can live with.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// True with the given chance in percent.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// Uniform in [0, 1) with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }
}
