import MonteCarlo
import Testing

/// `SignedHistogram.quantile` against sorting the same values: exact while values are buffered
/// or within ±2,000, the value's bucket (within 0.1 %) beyond.
@Suite struct SignedHistogramQuantileTests {
    static func histogram(_ values: [Int64]) -> SignedHistogram {
        var h = SignedHistogram()
        for v in values { h.record(v) }
        return h
    }

    static func values(count: Int, in range: ClosedRange<Int64>, seed: UInt64) -> [Int64] {
        var random = TestRandom(seed: seed)
        return (0..<count).map { _ in random.int(in: range) }
    }

    /// Values of either sign and many magnitudes: zero to ±10¹³, spread evenly over the decades.
    static func wideValues(count: Int, seed: UInt64) -> [Int64] {
        var random = TestRandom(seed: seed)
        return (0..<count).map { _ in
            let decade = Int64(random.next() % 13)
            var scale: Int64 = 1
            for _ in 0..<decade { scale *= 10 }
            let magnitude = random.int(in: 0...(10 * scale - 1))
            return random.next() % 2 == 0 ? magnitude : -magnitude
        }
    }

    @Test func emptyHasNoQuantile() {
        let h = SignedHistogram()
        #expect(h.count == 0)
        for q in quantileLevels { #expect(h.quantile(q) == nil) }
    }

    @Test func documentedLowerQuantileRanks() {
        // Ranks ⌈q·n⌉ of 1, 2, 3, 4: q = 0.5 is the 2nd value, not an interpolation.
        let h = Self.histogram([40, 10, 30, 20])
        #expect(h.quantile(0) == 10)
        #expect(h.quantile(0.25) == 10)
        #expect(h.quantile(0.26) == 20)
        #expect(h.quantile(0.5) == 20)
        #expect(h.quantile(0.51) == 30)
        #expect(h.quantile(0.75) == 30)
        #expect(h.quantile(1) == 40)
        #expect(h.count == 4)
    }

    /// Fewer values than the buffer holds: exact whatever their size.
    @Test(arguments: [1, 2, 7, 1000, SignedHistogram.bufferLimit - 1])
    func bufferedQuantilesAreExact(count: Int) {
        let values = Self.wideValues(count: count, seed: UInt64(count))
        let h = Self.histogram(values)
        let sorted = values.sorted()
        #expect(h.count == count)
        for q in quantileLevels {
            #expect(h.quantile(q) == sortedQuantile(sorted, q), "q = \(q)")
        }
    }

    /// Past the buffer, values within ±2,000 are still exact, mixed signs and zero included.
    @Test(arguments: [
        (Int64(0)...Int64(100), 5000),
        (Int64(-2000)...Int64(2000), 3 * SignedHistogram.bufferLimit + 17),
        (Int64(-2000)...Int64(-1), 10_000),
        (Int64(-5)...Int64(5), 20_000),
        (Int64(0)...Int64(0), 5000),
        (Int64(-1)...Int64(-1), 5000),
    ])
    func smallValuesAreExactPastTheBuffer(range: ClosedRange<Int64>, count: Int) {
        let values = Self.values(count: count, in: range, seed: UInt64(count))
        let h = Self.histogram(values)
        let sorted = values.sorted()
        #expect(h.count == count)
        for q in quantileLevels {
            #expect(h.quantile(q) == sortedQuantile(sorted, q), "q = \(q)")
        }
    }

    /// Past the buffer, a quantile is the bucket of the exact one: at most the exact value and
    /// within 0.1 % of it.
    @Test(arguments: [1 as UInt64, 2, 3])
    func largeValuesAreWithinATenthOfAPercent(seed: UInt64) throws {
        let values = Self.wideValues(count: 3 * SignedHistogram.bufferLimit + 5, seed: seed)
        let h = Self.histogram(values)
        let sorted = values.sorted()
        #expect(h.count == values.count)
        for q in quantileLevels {
            let exact = sortedQuantile(sorted, q)
            let reported = try #require(h.quantile(q))
            #expect(reported == h.bucket(of: exact), "q = \(q), exact \(exact)")
            #expect(reported <= exact, "q = \(q)")
            #expect(Double(exact - reported) <= 0.001 * Double(exact.magnitude), "q = \(q): \(reported) vs \(exact)")
        }
    }

    @Test func zeroAndOneGiveTheMinimumAndMaximumBuckets() throws {
        var values = Self.wideValues(count: 10_000, seed: 77)
        values += [-987_654_321_098, 876_543_210_987]
        let h = Self.histogram(values)
        let smallest = try #require(values.min())
        let largest = try #require(values.max())
        #expect(h.quantile(0) == h.bucket(of: smallest))
        #expect(h.quantile(1) == h.bucket(of: largest))
        // A quantile never falls outside the recorded range (to bucket precision).
        for q in quantileLevels {
            let value = try #require(h.quantile(q))
            #expect(value >= h.bucket(of: smallest))
            #expect(value <= h.bucket(of: largest))
        }
    }

    @Test func quantilesAreNondecreasingInQ() throws {
        let h = Self.histogram(Self.wideValues(count: 9000, seed: 5))
        var previous = Int64.min
        for step in 0...200 {
            let value = try #require(h.quantile(Double(step) / 200))
            #expect(value >= previous, "q = \(Double(step) / 200)")
            previous = value
        }
    }

    @Test func quantileDoesNotChangeTheHistogram() {
        var h = Self.histogram(Self.values(count: 5000, in: -3000...3000, seed: 8))
        let before = h.quantile(0.5)
        _ = h.quantile(0.1)
        #expect(h.quantile(0.5) == before)
        #expect(h.count == 5000)
        h.record(-1_000_000)
        #expect(h.count == 5001)
        #expect(h.quantile(0) == h.bucket(of: -1_000_000))
    }
}
