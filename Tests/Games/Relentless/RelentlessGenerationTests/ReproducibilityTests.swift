@testable import RelentlessGeneration
import Relentless
import TestSupport
import Testing

@Suite("Reproducibility: a round depends on the seed and its indices alone")
struct ReproducibilityTests {
    struct Key: Hashable, Sendable {
        var game: UInt64
        var round: UInt64
    }

    static let keys: [Key] = (UInt64(0)..<10).flatMap { g in (UInt64(0)..<20).map { Key(game: g, round: $0) } }

    static func make(_ d: PreparedDesign, _ parameters: RoundParameters, _ key: Key) -> Round? {
        try? Pipeline.default.makeRound(d, parameters: parameters, seed: 99, game: key.game, round: key.round)
    }

    @Test("the same seed and indices give the same round; other seeds, games and rounds give others")
    func sameAndDifferent() throws {
        let d = try RoundFixtures.shipped()
        let parameters = d.design.parameters.resolved(difficulty: 10, players: 6)
        let a = try Pipeline.default.makeRound(d, parameters: parameters, seed: 5, game: 1, round: 2)
        let b = try Pipeline.default.makeRound(d, parameters: parameters, seed: 5, game: 1, round: 2)
        #expect(a == b)
        let others = [
            try Pipeline.default.makeRound(d, parameters: parameters, seed: 6, game: 1, round: 2),
            try Pipeline.default.makeRound(d, parameters: parameters, seed: 5, game: 2, round: 1),
            try Pipeline.default.makeRound(d, parameters: parameters, seed: 5, game: 1, round: 3),
        ]
        for other in others { #expect(other.players.map(\.warehouse) != a.players.map(\.warehouse)) }
        // Each player's orders and houses come from the player's own streams.
        let factors = a.players.map { $0.houses.map(\.factor) }
        #expect(Set(factors).count == factors.count)
    }

    @Test("changing one command changes only its own step's draws: other steps are untouched")
    func streamIsolation() throws {
        let d = try RoundFixtures.shipped()
        let parameters = d.design.parameters.resolved(difficulty: 8, players: 5)
        for round in UInt64(0)..<20 {
            let plain = try Pipeline.default.makeRound(d, parameters: parameters, seed: 1, round: round)
            let own = try Pipeline.with(orders: .ownItem).makeRound(d, parameters: parameters, seed: 1, round: round)
            #expect(plain.categories == own.categories && plain.inventory == own.inventory)
            #expect(plain.players.map(\.warehouse) == own.players.map(\.warehouse))
            #expect(plain.players.map { $0.houses.map(\.factor) } == own.players.map { $0.houses.map(\.factor) })
        }
    }

    @Test("rounds made in reverse order, or by 1 or 4 concurrent tasks, equal rounds made in order")
    func orderAndThreads() async throws {
        let d = try RoundFixtures.shipped()
        let parameters = d.design.parameters.resolved(difficulty: 10, players: 6)
        var inOrder: [Key: Round] = [:]
        for key in Self.keys { inOrder[key] = Self.make(d, parameters, key) }
        #expect(inOrder.count == 200)
        var reversed: [Key: Round] = [:]
        for key in Self.keys.reversed() { reversed[key] = Self.make(d, parameters, key) }
        #expect(reversed == inOrder)
        for width in [1, 4] {
            let concurrent = await withTaskGroup(of: [(Key, Round)].self) { group in
                for lane in 0..<width {
                    group.addTask {
                        stride(from: lane, to: Self.keys.count, by: width).compactMap { i in
                            Self.make(d, parameters, Self.keys[i]).map { (Self.keys[i], $0) }
                        }
                    }
                }
                var all: [Key: Round] = [:]
                for await part in group { for (key, round) in part { all[key] = round } }
                return all
            }
            #expect(concurrent == inOrder, "\(width) tasks")
        }
    }
}
