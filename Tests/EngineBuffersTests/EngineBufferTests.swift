import EngineBuffers
import Randomness
import Testing

/// The engine's buffer (issue 44) against `Array`, the type it replaced, and the one place its
/// copies differ: they share elements until ``EngineBuffer/makeUnique()``.
@Suite("An engine buffer behaves as an array, except that copies share until made unique")
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
            buffer.sort()  // the standard library's, through MutableCollection
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
        let original = EngineBuffer<Int>(repeating: 0, count: 4)
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
}
