import Relentless
import RelentlessSimulation
import Testing

/// The moves `playbench sensitivity --personas` makes to each assumption of the player model.
@Suite("Persona parameters move as documented")
struct PersonaParameterTests {
    @Test("numbers move by ±step, chances stay at most 1, ordersAtOnce by ±1 (not below 0), choices to their alternatives")
    func moves() throws {
        let casual = try SimulationFixtures.team("casual")[0]
        let (low, high) = try #require(PersonaParameter.describeSeconds.moved(casual, step: 0.1))
        #expect(low.describeSeconds.titled == 6 * 0.9 && high.describeSeconds.titled == 6 * 1.1)
        #expect(low.findSeconds == casual.findSeconds, "only the moved key changes")
        let (chanceLow, chanceHigh) = try #require(PersonaParameter.wrongTeammateChance.moved(casual, step: 0.5))
        #expect(chanceLow.wrongTeammateChance == 0.15 * 0.5 && chanceHigh.wrongTeammateChance == 0.15 * 1.5)
        var sure = casual
        sure.wrongTeammateChance = 0.9
        #expect(PersonaParameter.wrongTeammateChance.moved(sure, step: 0.5)?.high.wrongTeammateChance == 1)
        let idle = try SimulationFixtures.team("idle")[0]
        let orders = try #require(PersonaParameter.ordersAtOnce.moved(idle, step: 0.1))
        #expect(orders.low.ordersAtOnce == 0 && orders.high.ordersAtOnce == 1)
        let policy = try #require(PersonaParameter.hopelessOrders.moved(casual, step: 0.1))
        #expect(casual.hopelessOrders == .dropAndStartAnother)
        #expect(policy.low.hopelessOrders == .keepGoing && policy.high.hopelessOrders == .deliverWhatItHas)
        let strategy = try #require(PersonaParameter.strategy.moved(casual, step: 0.1))
        #expect(strategy.low.strategy == .fewestItems && strategy.high.strategy == .fewestItems)
        // A time of 0 scaled is still 0: nothing to move.
        let perfect = try SimulationFixtures.team("perfect")[0]
        #expect(PersonaParameter.findSeconds.moved(perfect, step: 0.1) == nil)
    }

    @Test("every persona key of Players.plist is a parameter, and the other way round")
    func everyKey() {
        #expect(Set(PersonaParameter.allCases.map(\.rawValue)) == Set(PlayersReader.personaKeys))
    }

    @Test("values print as Players.plist writes them, rounded to 6 significant digits")
    func text() throws {
        let casual = try SimulationFixtures.team("casual")[0]
        #expect(PersonaParameter.describeSeconds.text(of: casual) == "3/6/8/6")
        let moved = try #require(PersonaParameter.describeSeconds.moved(casual, step: 0.1)).high
        #expect(PersonaParameter.describeSeconds.text(of: moved) == "3.3/6.6/8.8/6.6")
        #expect(PersonaParameter.hopelessOrders.text(of: casual) == "dropAndStartAnother")
    }
}
