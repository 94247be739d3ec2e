import EngineBuffers
import RelentlessGeneration
import Relentless
@testable import RelentlessSimulation
import Testing

/// A round table's copies stay independent although its state's buffers are shared by a copy
/// (``EngineBuffer``, issue 44): loading a round gives every buffer storage of its own.
@Suite("A round table's copies stay independent")
struct RoundTableCopyTests {
    /// Every engine buffer a value holds, by its property's name (the state's and its setup's).
    static func buffers(of state: RoundState) -> [String: ObjectIdentifier] {
        var found: [String: ObjectIdentifier] = [:]
        for (owner, value) in [("state", state as Any), ("setup", state.setup as Any)] {
            for child in Mirror(reflecting: value).children {
                if let buffer = child.value as? any EngineBufferIdentified { found["\(owner).\(child.label ?? "?")"] = buffer.storageIdentity }
            }
        }
        return found
    }

    @Test("loading a round gives every buffer of a copied table storage of its own, whichever copy plays first")
    func everyBufferIsMadeUnique() throws {
        let design = try SimulationFixtures.shipped()
        let team = try SimulationFixtures.team("casual", "expert", "novice")
        let simulator = GameSimulator(design: design, team: team, maxRounds: 2)
        var rounds: [(FlatRound, RoundParameters)] = []
        _ = try simulator.play(seed: 3) { rounds.append(($0.flatRound, simulator.roundParameters[$0.index])) }
        for originalFirst in [false, true] {
            var original = RoundTable(design: design)
            _ = original.play(rounds[0].0, parameters: rounds[0].1, team: team, rules: simulator.rules)
            var copy = original
            let shared = Self.buffers(of: original.state)
            #expect(shared.count >= 45, "the reflection found \(shared.count) buffers")
            #expect(shared == Self.buffers(of: copy.state))
            if originalFirst {
                _ = original.play(rounds[1].0, parameters: rounds[1].1, team: team, rules: simulator.rules)
            } else {
                _ = copy.play(rounds[1].0, parameters: rounds[1].1, team: team, rules: simulator.rules)
            }
            let after = Self.buffers(of: original.state), afterCopy = Self.buffers(of: copy.state)
            for (name, identity) in after {
                #expect(identity != afterCopy[name], "\(name) is still shared after a load (original first: \(originalFirst))")
            }
        }
    }

    @Test("a round table copied between rounds plays each round as a fresh table does, its copy playing in between")
    func tableCopiesAreIndependent() throws {
        let design = try SimulationFixtures.shipped()
        let team = try SimulationFixtures.team("casual", "expert", "novice", "casual")
        let simulator = GameSimulator(design: design, team: team, maxRounds: 6)
        var rounds: [(FlatRound, RoundParameters)] = []
        _ = try simulator.play(seed: 9) { rounds.append(($0.flatRound, simulator.roundParameters[$0.index])) }
        #expect(rounds.count == 6)
        var first = RoundTable(design: design)
        _ = first.play(rounds[0].0, parameters: rounds[0].1, team: team, rules: simulator.rules)
        for r in 1..<rounds.count {
            var second = first  // shares the buffers of the round just played
            let before = (Array(first.state.status), Array(first.state.satisfaction), Array(first.state.setup.orderItems), Array(first.state.spent.map(\.total)))
            let fresh = RoundEngine.play(Round(rounds[r].0), design: design, parameters: rounds[r].1, team: team, rules: simulator.rules)
            let other = rounds[(r + 1) % rounds.count]
            // The copy plays another round in between: the first table must not see its writes.
            let interleaved = second.play(other.0, parameters: other.1, team: team, rules: simulator.rules)
            let after = (Array(first.state.status), Array(first.state.satisfaction), Array(first.state.setup.orderItems), Array(first.state.spent.map(\.total)))
            #expect(before.0 == after.0 && before.1 == after.1 && before.2 == after.2 && before.3 == after.3, "the copy wrote into the first table's state")
            let played = first.play(rounds[r].0, parameters: rounds[r].1, team: team, rules: simulator.rules)
            #expect(played == fresh, "round \(r + 1)")
            #expect(interleaved == RoundEngine.play(Round(other.0), design: design, parameters: other.1, team: team, rules: simulator.rules))
        }
    }
}
