import RelentlessGeneration
import Relentless
@testable import RelentlessSimulation
import Randomness
import Testing

/// The engine's buffer (issue 44) against `Array`, the type it replaced, and the one place its
/// copies differ: they share elements until ``EngineBuffer/makeUnique()``.
@Suite("The engine's buffers behave as arrays, and a round table's copies stay independent")
struct EngineBufferTests {
    @Test("random appends, inserts, removals, writes and truncations leave the same elements as an Array")
    func sameAsArray() {
        var random = RandomSource(seed: 44)
        for _ in 0..<200 {
            var buffer = EngineBuffer<Int>()
            var array: [Int] = []
            for _ in 0..<random.uniform(below: 60) {
                let value = random.uniform(below: 1000)
                switch random.uniform(below: 6) {
                case 0, 1:
                    buffer.append(value)
                    array.append(value)
                case 2:
                    let i = random.uniform(below: array.count + 1)
                    buffer.insert(value, at: i)
                    array.insert(value, at: i)
                case 3 where !array.isEmpty:
                    let i = random.uniform(below: array.count)
                    #expect(buffer.remove(at: i) == array.remove(at: i))
                case 4 where !array.isEmpty:
                    let i = random.uniform(below: array.count)
                    buffer[i] = value
                    array[i] = value
                case 5 where !array.isEmpty:
                    let keep = random.uniform(below: array.count + 1)
                    buffer.removeSubrange(keep...)
                    array.removeSubrange(keep...)
                default:
                    buffer.append(contentsOf: [value, value + 1])
                    array.append(contentsOf: [value, value + 1])
                }
                #expect(Array(buffer) == array)
            }
            buffer.insertionSort(from: 0) { $0 < $1 }
            #expect(Array(buffer) == array.sorted())
        }
    }

    #if DEBUG
        @Test("in a debug build (the tests'), an index out of range traps as Array's does")
        func indicesCheckedInDebug() async {
            await #expect(processExitsWith: .failure) {
                var buffer = EngineBuffer<Int>()
                buffer.append(1)
                buffer.removeAll()
                _ = buffer[0]  // within the capacity, past the count
            }
        }
    #endif

    @Test("a copy shares its elements until makeUnique; growing or starting over gives storage of its own")
    func copiesShareUntilMadeUnique() {
        var original = EngineBuffer<Int>(repeating: 0, count: 4)
        var copy = original
        copy[1] = 7
        #expect(original[1] == 7, "the documented sharing: this is why load makes every buffer unique")
        copy.makeUnique()
        copy[2] = 9
        #expect(original[2] == 0 && copy[2] == 9)
        original.startOver(repeating: 3, count: 2)
        #expect(Array(original) == [3, 3] && Array(copy) == [0, 7, 9, 0])
        var grown = original
        for value in 0..<40 { grown.append(value) }  // past the capacity: moved
        grown[0] = -1
        #expect(original[0] == 3)
    }

    @Test("a round table copied between rounds plays each round as a fresh table does, whichever copy plays first")
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
