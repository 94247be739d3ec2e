import RelentlessGeneration
import Randomness
import Testing

@Suite("StreamPath: independent streams of a seed")
struct StreamPathTests {
    @Test("the same stream path gives the same sequence; any field changed gives another")
    func streams() {
        func draws(_ seed: UInt64, _ path: StreamPath) -> [UInt64] {
            var random = RandomSource(seed: seed, stream: path)
            return (0..<4).map { _ in random.next() }
        }
        let base = StreamPath(game: 1, round: 2, player: 3, purpose: .orders)
        #expect(draws(5, base) == draws(5, base))
        let variants = [
            StreamPath(game: 2, round: 1, player: 3, purpose: .orders),  // game and round swapped
            StreamPath(game: 1, round: 2, player: 4, purpose: .orders),
            StreamPath(game: 1, round: 2, player: nil, purpose: .orders),
            StreamPath(game: 1, round: 2, player: 3, purpose: .houses),
            StreamPath(game: 0, round: 2, player: 3, purpose: .orders),
        ]
        var seen: Set<[UInt64]> = [draws(5, base), draws(6, base)]
        for path in variants { #expect(seen.insert(draws(5, path)).inserted, "\(path)") }
        #expect(seen.count == variants.count + 2)
        #expect(base.forPlayer(4) == variants[1])
    }

    /// A stream's key, written out from SplitMix64's output function (Steele, Lea and Flood):
    /// seed, game, round, player (none: all ones) and purpose folded in that order. Every
    /// generated round and every report depends on these keys, so they must not move.
    static func referenceKey(seed: UInt64, game: UInt64, round: UInt64, player: Int?, purpose: UInt64) -> UInt64 {
        func mix(_ value: UInt64) -> UInt64 {
            var z = value
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var key = mix(seed &+ 0x9E37_79B9_7F4A_7C15)
        for (field, constant): (UInt64, UInt64) in [
            (game, 0x5851_F42D_4C95_7F2D), (round, 0x1405_7B7E_F767_814F),
            (player.map { UInt64($0) } ?? .max, 0xD1B5_4A32_D192_ED03), (purpose, 0xAEF1_7502_108E_F2D9),
        ] {
            key = mix(key ^ mix(field &+ constant))
        }
        return key
    }

    @Test("a stream's key, through its path or through its round's streams, is the documented fold")
    func keysFollowTheLayout() {
        var random = RandomSource(seed: 2026)
        for _ in 0..<2000 {
            let seed = random.chance(0.1) ? UInt64.max - UInt64(random.uniform(below: 3)) : random.next()
            let (game, round) = (UInt64(random.uniform(below: 100_000)), UInt64(random.uniform(below: 50)))
            let player: Int? = random.chance(0.3) ? nil : random.uniform(below: 7)
            let purpose = StreamPath.Purpose.allCases[random.uniform(below: StreamPath.Purpose.allCases.count)]
            let expected = Self.referenceKey(seed: seed, game: game, round: round, player: player, purpose: purpose.rawValue)
            let path = StreamPath(game: game, round: round, player: player, purpose: purpose)
            #expect(path.key(seed: seed) == expected)
            let streams = RoundStreams(seed: seed, game: game, round: round)
            #expect(streams.key(player: player, purpose: purpose) == expected)
            var a = streams.source(player: player, purpose)
            var b = RandomSource(seed: seed, stream: path)
            #expect(a.next() == b.next())
        }
    }
}

