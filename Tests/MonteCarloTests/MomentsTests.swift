import MonteCarlo
import Testing

/// `Moments` against a direct two-pass computation, and Chan's merge against adding every value
/// to one accumulator.
@Suite struct MomentsTests {
    /// Fixed data far from zero (an offset of 10⁶ with a spread of ±10³), where a naive
    /// sum-of-squares variance would lose most of its digits.
    static func data(count: Int, seed: UInt64) -> [Double] {
        var random = TestRandom(seed: seed)
        return (0..<count).map { _ in 1e6 + (random.unit() - 0.5) * 2e3 }
    }

    static func twoPass(_ values: [Double]) -> (mean: Double, variance: Double) {
        let mean = values.reduce(0, +) / Double(values.count)
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (mean, values.count > 1 ? squares / Double(values.count - 1) : 0)
    }

    static func moments(_ values: some Sequence<Double>) -> Moments {
        var m = Moments()
        for v in values { m.add(v) }
        return m
    }

    static func expectClose(_ a: Double, _ b: Double, relative: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(a - b) <= relative * max(abs(a), abs(b)), "\(a) vs \(b)", sourceLocation: sourceLocation)
    }

    @Test func documentedExample() {
        var a = Moments()
        a.add(1)
        a.add(2)
        var b = Moments()
        b.add(3)
        a.merge(b)
        #expect(a.count == 3)
        #expect(a.mean == 2)
        #expect(a.variance == 1)
        #expect(a.standardDeviation == 1)
        #expect(a.minimum == 1)
        #expect(a.maximum == 3)
    }

    @Test(arguments: [2, 3, 10, 1000, 20_000])
    func matchesTwoPassComputation(count: Int) {
        let values = Self.data(count: count, seed: UInt64(count))
        let m = Self.moments(values)
        let direct = Self.twoPass(values)
        #expect(m.count == count)
        Self.expectClose(m.mean, direct.mean)
        Self.expectClose(m.variance, direct.variance)
        Self.expectClose(m.standardDeviation, direct.variance.squareRoot())
        #expect(m.minimum == values.min())
        #expect(m.maximum == values.max())
    }

    @Test func smallIntegersGiveExactResults() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squared deviations sum to 32, sample variance 32/7.
        let m = Self.moments([2, 4, 4, 4, 5, 5, 7, 9])
        #expect(m.mean == 5)
        Self.expectClose(m.variance, 32.0 / 7, relative: 1e-15)
        #expect(m.minimum == 2)
        #expect(m.maximum == 9)
    }

    @Test func negativeValuesSetMinimumAndMaximum() {
        let m = Self.moments([-3, -7.5, -1])
        #expect(m.minimum == -7.5)
        #expect(m.maximum == -1)
        Self.expectClose(m.mean, -11.5 / 3)
    }

    @Test func varianceOfFewerThanTwoValuesIsZero() {
        let empty = Moments()
        #expect(empty.count == 0)
        #expect(empty.variance == 0)
        #expect(empty.standardDeviation == 0)

        let one = Self.moments([42.5])
        #expect(one.count == 1)
        #expect(one.mean == 42.5)
        #expect(one.variance == 0)
        #expect(one.minimum == 42.5)
        #expect(one.maximum == 42.5)
    }

    /// Pieces of uneven sizes (including empty and single-value ones), merged left to right.
    @Test(arguments: [1 as UInt64, 2, 3, 4, 5])
    func mergingPiecesInOrderEqualsAddingAll(seed: UInt64) {
        let values = Self.data(count: 5000, seed: 100 + seed)
        var random = TestRandom(seed: seed)
        var cuts = (0..<40).map { _ in Int(random.next() % 5001) } + [0, 0, 1, 1, 5000, 5000]
        cuts.sort()
        let bounds = [0] + cuts + [5000]

        var merged = Moments()
        for i in 0..<(bounds.count - 1) {
            merged.merge(Self.moments(values[bounds[i]..<bounds[i + 1]]))
        }
        let all = Self.moments(values)
        #expect(merged.count == all.count)
        Self.expectClose(merged.mean, all.mean)
        Self.expectClose(merged.variance, all.variance)
        #expect(merged.minimum == all.minimum)
        #expect(merged.maximum == all.maximum)
    }

    @Test func mergingTwoSingleValues() {
        var a = Self.moments([1])
        a.merge(Self.moments([3]))
        #expect(a.count == 2)
        #expect(a.mean == 2)
        #expect(a.variance == 2)
    }

    @Test func mergingWithAnEmptySideChangesNothing() {
        let values = Self.data(count: 100, seed: 9)
        let m = Self.moments(values)

        var left = m
        left.merge(Moments())
        #expect(left == m)

        var right = Moments()
        right.merge(m)
        #expect(right == m)

        var both = Moments()
        both.merge(Moments())
        #expect(both == Moments())
        #expect(both.count == 0)
    }
}
