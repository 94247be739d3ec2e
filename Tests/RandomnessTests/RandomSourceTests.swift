import Randomness
import Testing

@Suite("RandomSource: xoshiro256**, seeding and draws")
struct RandomSourceTests {
    @Test("xoshiro256** gives the reference outputs of Blackman and Vigna's C code for state 1, 2, 3, 4")
    func referenceOutputs() {
        var random = RandomSource(state: (1, 2, 3, 4))
        #expect((0..<4).map { _ in random.next() } == [11520, 0, 1_509_978_240, 1_215_971_899_390_074_240])
    }

    @Test("seeding takes the state from SplitMix64 (outputs checked against an independent implementation)")
    func seeding() {
        var zero = RandomSource(seed: 0)
        #expect((0..<4).map { _ in zero.next() } == [0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0, 0x6AA5_94F1_262D_2D2C])
        var splitMix = SplitMix64(seed: 42)
        let state = (splitMix.next(), splitMix.next(), splitMix.next(), splitMix.next())
        var fromState = RandomSource(state: state)
        var seeded = RandomSource(seed: 42)
        #expect((0..<8).map { _ in fromState.next() } == (0..<8).map { _ in seeded.next() })
    }

    @Test("uniform(below:) stays in range, handles 1 and large bounds, and is uniform (χ², α = 0.001)")
    func uniformBelow() {
        var random = RandomSource(seed: 7)
        for n in [1, 2, 3, 7, 1000, Int.max] {
            for _ in 0..<200 { #expect((0..<n).contains(random.uniform(below: n))) }
        }
        var counts = [Int](repeating: 0, count: 7)
        for _ in 0..<70_000 { counts[random.uniform(below: 7)] += 1 }
        ChiSquare.expectUniform(counts, "uniform(below: 7)")
    }

    @Test("unit() is in [0, 1); uniform(in:) stays in its range and returns the point of a one-point range")
    func reals() {
        var random = RandomSource(seed: 9)
        for _ in 0..<10_000 {
            let u = random.unit()
            #expect(u >= 0 && u < 1)
            let x = random.uniform(in: 0.5...1.0)
            #expect(x >= 0.5 && x <= 1.0)
        }
        #expect(random.uniform(in: 0.75...0.75) == 0.75)
        #expect(random.chance(1) && !random.chance(0))
    }

    @Test("shuffle gives a permutation, each of the 6 orders of 3 elements equally often (χ², α = 0.001)")
    func shuffle() {
        var random = RandomSource(seed: 11)
        var counts: [[Int]: Int] = [:]
        for _ in 0..<12_000 {
            var a = [0, 1, 2]
            random.shuffle(&a)
            counts[a, default: 0] += 1
        }
        #expect(counts.count == 6)
        ChiSquare.expectUniform(counts.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { counts[$0] ?? 0 }, "shuffle of 3")
        var big = Array(0..<100)
        random.shuffle(&big)
        #expect(big.sorted() == Array(0..<100))
        var empty: [Int] = []
        random.shuffle(&empty)
        #expect(empty.isEmpty)
    }

    @Test("choosePrefix puts a k-subset in front and leaves a permutation")
    func choosePrefix() {
        var random = RandomSource(seed: 12)
        var a = Array(0..<10)
        random.choosePrefix(4, of: &a)
        #expect(a.sorted() == Array(0..<10))
        #expect(Set(a.prefix(4)).count == 4)
        var few = [1, 2]
        random.choosePrefix(5, of: &few)
        #expect(few.sorted() == [1, 2])
    }

    @Test("choosePrefixPositions draws as choosePrefix does and names the same positions, in order")
    func choosePrefixPositions() {
        for count in 0..<40 {
            for k in [-1, 0, 1, 2, count / 2, count - 1, count, count + 3] {
                for seed in UInt64(0)..<8 {
                    var inPlace = RandomSource(seed: seed)
                    var positions = RandomSource(seed: seed)
                    var elements = Array(0..<count)
                    inPlace.choosePrefix(k, of: &elements)
                    let chosen = positions.choosePrefixPositions(k, ofCount: count)
                    #expect(chosen == Array(elements.prefix(max(k, 0))), "count \(count), k \(k), seed \(seed)")
                    // The same number of draws: the streams continue alike.
                    #expect(inPlace.next() == positions.next())
                }
            }
        }
    }
}

/// SplitMix64 written out independently of RandomSource's seeding (Steele, Lea and Flood 2014),
/// to check that seeding takes its state from it.
private struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
