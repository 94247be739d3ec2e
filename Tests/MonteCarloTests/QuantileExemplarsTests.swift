import MonteCarlo
import Testing

/// The exemplar of a quantile is a game whose value lies in the quantile's bucket, the one with
/// the smallest index among all such games, whatever the order games were recorded and merged in.
@Suite struct QuantileExemplarsTests {
    /// Values with many repeats per bucket, both signs, small and large.
    static func values(count: Int, seed: UInt64) -> [Int64] {
        var random = TestRandom(seed: seed)
        return (0..<count).map { _ in
            switch random.next() % 3 {
            case 0: random.int(in: -30...30)
            case 1: random.int(in: -5_000_000...5_000_000)
            default: random.int(in: 100_000_000...100_500_000)
            }
        }
    }

    /// The smallest game whose value is in the bucket of the exact (sorted) quantile.
    static func expectedExemplar(_ values: [Int64], _ q: Double, bucket: (Int64) -> Int64) -> Pair {
        let target = bucket(sortedQuantile(values.sorted(), q))
        let game = values.indices.first { bucket(values[$0]) == target }!
        return Pair(game: UInt64(game), value: values[game])
    }

    /// An exemplar's contents (`Exemplar` has no public initializer to build one to compare with).
    struct Pair: Equatable {
        var game: UInt64
        var value: Int64
    }

    static func pair(_ e: QuantileExemplars.Exemplar?) -> Pair? { e.map { Pair(game: $0.game, value: $0.value) } }

    @Test func documentedExample() {
        var money = QuantileExemplars()
        money.record(1200, game: 0)
        money.record(-40, game: 1)
        money.record(700, game: 2)
        #expect(Self.pair(money.exemplar(atQuantile: 0.5)) == Pair(game: 2, value: 700))
        #expect(Self.pair(money.exemplar(atQuantile: 0)) == Pair(game: 1, value: -40))
        #expect(Self.pair(money.exemplar(atQuantile: 1)) == Pair(game: 0, value: 1200))
        #expect(money.histogram.count == 3)
    }

    @Test func emptyHasNoExemplar() {
        let e = QuantileExemplars()
        #expect(e.exemplar(atQuantile: 0.5) == nil)
        #expect(e.exemplar(atQuantile: 0) == nil)
        #expect(e.exemplar(atQuantile: 1) == nil)
    }

    @Test func equalValuesKeepTheSmallestGame() {
        var e = QuantileExemplars()
        e.record(5, game: 9)
        e.record(5, game: 3)
        e.record(5, game: 7)
        #expect(Self.pair(e.exemplar(atQuantile: 0.5)) == Pair(game: 3, value: 5))
    }

    /// Buffered (exact) and past the buffer (bucketed).
    @Test(arguments: [1000, 3 * SignedHistogram.bufferLimit + 1])
    func exemplarIsTheSmallestGameInTheQuantilesBucket(count: Int) throws {
        let values = Self.values(count: count, seed: UInt64(count))
        var e = QuantileExemplars()
        for (game, v) in values.enumerated() { e.record(v, game: UInt64(game)) }
        let bucket = { e.histogram.bucket(of: $0) }
        for q in quantileLevels {
            let exemplar = try #require(e.exemplar(atQuantile: q))
            #expect(Self.pair(exemplar) == Self.expectedExemplar(values, q, bucket: bucket), "q = \(q)")
            #expect(values[Int(exemplar.game)] == exemplar.value, "q = \(q)")
            let quantile = try #require(e.histogram.quantile(q))
            #expect(bucket(exemplar.value) == bucket(quantile), "q = \(q)")
        }
    }

    /// Games recorded in reverse order, or dealt round-robin to pieces merged in any order, give
    /// the same exemplars as recording them in order.
    @Test(arguments: [1000, 3 * SignedHistogram.bufferLimit + 1])
    func recordAndMergeOrderDoNotMatter(count: Int) {
        let values = Self.values(count: count, seed: 40 + UInt64(count))
        var inOrder = QuantileExemplars()
        for (game, v) in values.enumerated() { inOrder.record(v, game: UInt64(game)) }

        var backwards = QuantileExemplars()
        for (game, v) in values.enumerated().reversed() { backwards.record(v, game: UInt64(game)) }

        var pieces = Array(repeating: QuantileExemplars(), count: 7)
        for (game, v) in values.enumerated() { pieces[game % 7].record(v, game: UInt64(game)) }
        var mergedForward = QuantileExemplars()
        for piece in pieces { mergedForward.merge(piece) }
        var mergedBackward = QuantileExemplars()
        for piece in pieces.reversed() { mergedBackward.merge(piece) }
        var mergedShuffled = pieces[4]
        for i in [2, 6, 0, 5, 1, 3] { mergedShuffled.merge(pieces[i]) }

        for q in quantileLevels {
            let expected = inOrder.exemplar(atQuantile: q)
            #expect(expected != nil)
            #expect(backwards.exemplar(atQuantile: q) == expected, "q = \(q)")
            #expect(mergedForward.exemplar(atQuantile: q) == expected, "q = \(q)")
            #expect(mergedBackward.exemplar(atQuantile: q) == expected, "q = \(q)")
            #expect(mergedShuffled.exemplar(atQuantile: q) == expected, "q = \(q)")
        }
        #expect(mergedShuffled.histogram.count == count)
    }
}
