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
}
