/// Every game of a run gets its own 64-bit seed, derived from the run's seed and the game's
/// index alone. A game is a function of its seed, so one game of a run of millions can be
/// replayed on its own (`playbench simulate --replay SEED`), and a run's games do not depend on
/// which thread plays them.
///
/// `seed(game:)` = SplitMix64's mix(mix(runSeed + φ) ^ mix(game + c)), the same construction as
/// Generation's stream keys, with a constant of its own.
public struct GameSeeds: Sendable, Hashable {
    public var runSeed: UInt64

    public init(runSeed: UInt64) { self.runSeed = runSeed }

    public func seed(game: UInt64) -> UInt64 {
        Self.mix(Self.mix(runSeed &+ 0x9E37_79B9_7F4A_7C15) ^ Self.mix(game &+ 0x2545_F491_4F6C_DD1D))
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
