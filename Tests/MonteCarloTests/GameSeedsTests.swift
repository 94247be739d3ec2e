import MonteCarlo
import Testing

/// Game seeds depend on the run seed and the game index alone, differ between games, differ
/// between run seeds, and follow the documented SplitMix64 construction (so that a seed printed by
/// one version replays in another).
@Suite struct GameSeedsTests {
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    @Test func distinctGamesGetDistinctSeeds() {
        let seeds = GameSeeds(runSeed: 42)
        let all = Set((0..<100_000 as Range<UInt64>).map { seeds.seed(game: $0) })
        #expect(all.count == 100_000)
    }

    @Test(arguments: [0 as UInt64, 1, 42, .max])
    func sameRunSeedAndGameGiveTheSameSeed(runSeed: UInt64) {
        let a = GameSeeds(runSeed: runSeed)
        let b = GameSeeds(runSeed: runSeed)
        #expect(a == b)
        for game in [0 as UInt64, 1, 2, 1000, .max] {
            #expect(a.seed(game: game) == b.seed(game: game))
        }
        // Asking in another order changes nothing: no hidden state.
        let forward = (0..<100 as Range<UInt64>).map { a.seed(game: $0) }
        let backward = (0..<100 as Range<UInt64>).reversed().map { a.seed(game: $0) }
        #expect(forward == backward.reversed())
    }

    @Test func differentRunSeedsGiveDifferentSeeds() {
        let one = GameSeeds(runSeed: 1)
        let two = GameSeeds(runSeed: 2)
        #expect(one != two)
        let first = Set((0..<1000 as Range<UInt64>).map { one.seed(game: $0) })
        let second = Set((0..<1000 as Range<UInt64>).map { two.seed(game: $0) })
        #expect(first.isDisjoint(with: second))
    }

    @Test func seedIsNotTheGameOrTheRunSeed() {
        let seeds = GameSeeds(runSeed: 0)
        #expect(seeds.seed(game: 0) != 0)
        #expect(seeds.seed(game: 1) != 1)
        // Swapping run seed and game index gives another seed.
        #expect(GameSeeds(runSeed: 5).seed(game: 7) != GameSeeds(runSeed: 7).seed(game: 5))
    }

    @Test(arguments: [(0 as UInt64, 0 as UInt64), (42, 0), (42, 12_345), (.max, .max), (7, 1 << 40)])
    func followsTheDocumentedConstruction(runSeed: UInt64, game: UInt64) {
        let expected = Self.mix(Self.mix(runSeed &+ 0x9E37_79B9_7F4A_7C15) ^ Self.mix(game &+ 0x2545_F491_4F6C_DD1D))
        #expect(GameSeeds(runSeed: runSeed).seed(game: game) == expected)
    }
}
