/// A reproducible generator for every random choice of a game: xoshiro256** (Blackman and Vigna,
/// public domain), seeded through SplitMix64.
///
/// ```swift
/// var random = RandomSource(seed: 42)
/// let die = random.uniform(below: 6) + 1
/// var deck = Array(0..<52)
/// random.shuffle(&deck)
/// ```
///
/// Why write our own rather than use `SystemRandomNumberGenerator` or the standard library's
/// sampling helpers: a game must be the same for a seed on every machine, every Swift version and
/// every thread count. The standard library does not promise how `Int.random(in:using:)` or
/// `shuffle(using:)` consume a generator, so every draw Playbench makes goes through the helpers of
/// this type (`uniform(below:)`, `uniform(in:)`, `shuffle(_:)`), whose draws are fixed here.
/// Independent streams come from hashing indices into the seed with ``mix64(_:)``, so that a game
/// can give each of its steps its own sequence.
public struct RandomSource: RandomNumberGenerator, Sendable {
    @usableFromInline var s0: UInt64
    @usableFromInline var s1: UInt64
    @usableFromInline var s2: UInt64
    @usableFromInline var s3: UInt64

    /// A generator whose 256-bit state is four outputs of SplitMix64 started at `seed`, the
    /// seeding the algorithm's authors recommend (it never yields the all-zero state in practice;
    /// that state is still guarded against).
    @inlinable
    public init(seed: UInt64) {
        var splitMix = seed
        s0 = Self.splitMixNext(&splitMix)
        s1 = Self.splitMixNext(&splitMix)
        s2 = Self.splitMixNext(&splitMix)
        s3 = Self.splitMixNext(&splitMix)
        if s0 | s1 | s2 | s3 == 0 { s0 = 0x9E37_79B9_7F4A_7C15 }
    }

    /// A generator with exactly this state (for checking the algorithm against its reference
    /// outputs). The all-zero state, which would only ever yield zeros, is replaced.
    @inlinable
    public init(state: (UInt64, UInt64, UInt64, UInt64)) {
        (s0, s1, s2, s3) = state
        if s0 | s1 | s2 | s3 == 0 { s0 = 0x9E37_79B9_7F4A_7C15 }
    }

    /// xoshiro256**: 64 random bits.
    @inlinable @inline(__always)
    public mutating func next() -> UInt64 {
        let result = Self.rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = Self.rotateLeft(s3, 45)
        return result
    }

    /// For k in 1...63. Masking shifts: `<<` with a variable amount checks for overshift, and
    /// this runs twice a draw, billions of times a sweep.
    @inlinable @inline(__always)
    static func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 { (x &<< k) | (x &>> (64 &- k)) }

    /// One step of SplitMix64 (Steele, Lea and Flood 2014).
    @inlinable
    public static func splitMixNext(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return mix64(state)
    }

    /// SplitMix64's output function: a bijection of 64-bit words that spreads every input bit
    /// over the whole output. Used to seed and to derive streams.
    @inlinable
    public static func mix64(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
