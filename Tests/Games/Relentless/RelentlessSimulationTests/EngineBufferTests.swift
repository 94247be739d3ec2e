import RelentlessGeneration
import Relentless
@testable import RelentlessSimulation
import Randomness
import Testing

/// The engine's buffer (issue 44) against `Array`, the type it replaced, and the one place its
/// copies differ: they share elements until ``EngineBuffer/makeUnique()``.
@Suite("The engine's buffers behave as arrays, and a round table's copies stay independent")
struct EngineBufferTests {
    @Test("shuffling a slice of a buffer draws and permutes as RandomSource.shuffle(_:in:) does on an Array")
    func sliceShuffleIsTheArrayShuffle() {
        for seed: UInt64 in 1...50 {
            var meta = RandomSource(seed: seed)
            let count = meta.uniform(below: 30)
            let lower = meta.uniform(below: count + 1)
            let range = lower..<(lower + meta.uniform(below: count - lower + 1))
            var array = Array(0..<count)
            var buffer = EngineBuffer<Int>()
            buffer.append(contentsOf: 0..<count)
            var a = RandomSource(seed: seed &* 31), b = a
            a.shuffle(&array, in: range)
            b.shuffle(&buffer[range])
            #expect(Array(buffer) == array && a.next() == b.next(), "seed \(seed)")
        }
    }

    @Test("random appends, inserts, removals, writes and truncations leave the same elements as an Array")
    func sameAsArray() {
        var random = RandomSource(seed: 44)
        for _ in 0..<200 {
            var buffer = EngineBuffer<Int>()
            var array: [Int] = []
            for _ in 0..<random.uniform(below: 60) {
                let value = random.uniform(below: 1000)
                switch random.uniform(below: 7) {
                case 6:
                    let n = random.uniform(below: 20)
                    buffer.append(repeating: value, count: n)
                    array.append(contentsOf: repeatElement(value, count: n))
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
            await #expect(processExitsWith: .failure) {
                let buffer = EngineBuffer<Int>(repeating: 0, count: 3)
                buffer[3] = 1  // a write past the count
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
        var restarted = copy
        let kept = copy  // shares restarted's storage until it starts over
        restarted.startOver(repeating: 3, count: 2)
        #expect(Array(restarted) == [3, 3] && Array(kept) == [0, 7, 9, 0])
        #expect(restarted.storageIdentity != kept.storageIdentity)
        var grown = restarted
        for value in 0..<40 { grown.append(value) }  // past the capacity: moved
        grown[0] = -1
        #expect(restarted[0] == 3)
    }

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
