import Diagnostics
import Foundation
import Generation
import Relentless
import Simulation
import TestSupport
import Testing

/// The engine saturates where a round made from unchecked values would overflow.
@Suite("Designs at the limits play")
struct LimitsPlayTests {
    /// A round made by hand from values no check accepts (a time limit G7 floored to Int.max):
    /// the engine's deadlines saturate instead of trapping; such an order never runs out.
    @Test("the engine saturates a time limit of Int.max: the order is delivered or stays open, nothing traps")
    func saturatedDeadline() throws {
        let design = try PlayerModelTests.design()
        let team = ["a", "b", "c"].map { PlayerModelTests.persona($0) }
        let delivered = PlayerModelTests.play(PlayerModelTests.round(seed: 1, orders: [[1], [], []], limit: Int.max), design, team)
        #expect(delivered.players[0].correct == 1)
        // Fruit 5 is in no warehouse: the order cannot be filled and never times out.
        let stuck = PlayerModelTests.play(PlayerModelTests.round(seed: 2, orders: [[5], [], []], limit: Int.max), design, team)
        #expect(stuck.players[0].timedOut == 0 && stuck.players[0].open == 1)
        #expect(stuck.end == .time)
    }
}
