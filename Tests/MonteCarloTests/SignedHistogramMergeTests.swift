import MonteCarlo
import Testing

/// Recording values into several histograms (some past the buffer, some not) and merging them
/// gives the same count and quantiles as recording them all into one, in any merge order.
@Suite struct SignedHistogramMergeTests {
    static func histogram(_ values: some Sequence<Int64>) -> SignedHistogram {
        var h = SignedHistogram()
        for v in values { h.record(v) }
        return h
    }

    /// Piece sizes around the buffer limit: empty, tiny, just under, at and over it.
    static let pieceSizes = [0, 1, 17, SignedHistogram.bufferLimit - 1, SignedHistogram.bufferLimit, 300,
                             2 * SignedHistogram.bufferLimit + 3, 0, 5]

    static func pieces(of values: [Int64]) -> [ArraySlice<Int64>] {
        var start = 0
        return pieceSizes.map { size in
            defer { start += size }
            return values[start..<(start + size)]
        }
    }

    static func expectSameQuantiles(_ a: SignedHistogram, _ b: SignedHistogram, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.count == b.count, sourceLocation: sourceLocation)
        for q in quantileLevels {
            #expect(a.quantile(q) == b.quantile(q), "q = \(q)", sourceLocation: sourceLocation)
        }
    }

    static func data(in range: ClosedRange<Int64>, seed: UInt64) -> [Int64] {
        var random = TestRandom(seed: seed)
        return (0..<pieceSizes.reduce(0, +)).map { _ in random.int(in: range) }
    }

    @Test(arguments: [
        Int64(-2000)...Int64(2000),
        Int64(-50_000_000)...Int64(3_000_000_000),
        Int64(0)...Int64(1_000_000),
        Int64(-1_000_000)...Int64(-1),
    ])
    func mergedPiecesMatchOneHistogram(range: ClosedRange<Int64>) {
        let values = Self.data(in: range, seed: UInt64(bitPattern: range.lowerBound))
        let one = Self.histogram(values)
        let pieces = Self.pieces(of: values).map { Self.histogram($0) }

        var inOrder = SignedHistogram()
        for piece in pieces { inOrder.merge(piece) }
        Self.expectSameQuantiles(inOrder, one)

        var reversed = SignedHistogram()
        for piece in pieces.reversed() { reversed.merge(piece) }
        Self.expectSameQuantiles(reversed, one)

        // Merging into a histogram that already holds values, not into an empty one.
        var intoFirst = pieces[3]
        for (i, piece) in pieces.enumerated() where i != 3 { intoFirst.merge(piece) }
        Self.expectSameQuantiles(intoFirst, one)
    }

    /// Within ±2,000 the merged quantiles are also the exact ones.
    @Test func mergedSmallValuesAreExact() {
        let values = Self.data(in: -2000...2000, seed: 11)
        var merged = SignedHistogram()
        for piece in Self.pieces(of: values) { merged.merge(Self.histogram(piece)) }
        let sorted = values.sorted()
        for q in quantileLevels {
            #expect(merged.quantile(q) == sortedQuantile(sorted, q), "q = \(q)")
        }
    }

    /// Many small buffered pieces, as a run's per-chunk histograms are, add up past the buffer.
    @Test func manySmallPiecesAddUpPastTheBuffer() {
        var random = TestRandom(seed: 3)
        let values = (0..<(3 * SignedHistogram.bufferLimit + 1)).map { _ in random.int(in: -2000...2000) }
        var merged = SignedHistogram()
        var start = 0
        while start < values.count {
            let end = min(values.count, start + 16)
            merged.merge(Self.histogram(values[start..<end]))
            start = end
        }
        let sorted = values.sorted()
        #expect(merged.count == values.count)
        for q in quantileLevels {
            #expect(merged.quantile(q) == sortedQuantile(sorted, q), "q = \(q)")
        }
    }

    @Test func mergingEmptyChangesNothing() {
        let values = Self.data(in: -10_000_000...10_000_000, seed: 4)
        let h = Self.histogram(values)
        var left = h
        left.merge(SignedHistogram())
        Self.expectSameQuantiles(left, h)
        var right = SignedHistogram()
        right.merge(h)
        Self.expectSameQuantiles(right, h)
    }

    /// A histogram of small values only, merged with one holding values far larger: the merged one
    /// grows its range instead of dropping them.
    @Test func mergeGrowsTheRange() throws {
        let small = Self.histogram((0..<5000).map { Int64($0 % 100) - 50 })
        let large = Self.histogram((0..<5000).map { Int64($0) * 1_000_000_007 * ($0 % 2 == 0 ? 1 : -1) })
        var merged = small
        merged.merge(large)
        #expect(merged.count == 10_000)
        #expect(merged.quantile(1) == merged.bucket(of: 4998 * 1_000_000_007))
        #expect(merged.quantile(0) == merged.bucket(of: -4999 * 1_000_000_007))
        var other = large
        other.merge(small)
        Self.expectSameQuantiles(merged, other)
    }
}
