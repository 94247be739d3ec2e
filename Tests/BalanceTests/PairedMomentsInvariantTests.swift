import Balance
import MonteCarlo
import Testing

/// What a shard's part of paired moments must satisfy before merge folds it (sensitivity on a
/// cluster): the shape of the design's metrics and variants, every count the block's games, and
/// nothing recorded for a variant that makes no design.
@Suite struct PairedMomentsInvariantTests {
    /// Five games of a design and two variants, the second of which makes no design.
    static func block() -> PairedMoments {
        var moments = PairedMoments(metrics: 2, variants: 2)
        for game in 0..<5 {
            let x = Double(game)
            moments.record(base: [x, 10 - x], variants: [[x + 1, 9 - x], nil])
        }
        return moments
    }

    @Test func aBlockAsPlayedIsAccepted() {
        #expect(Self.block().invariantViolation(games: 5, metrics: 2, played: [true, false]) == nil)
    }

    @Test func anotherShapeOrCountIsRefusedWithWhatDiffers() throws {
        let moments = Self.block()
        let shape = try #require(moments.invariantViolation(games: 5, metrics: 3, played: [true, false]))
        #expect(shape.contains("2 metrics and 2 variants, not 3 and 2"), "\(shape)")
        let variants = try #require(moments.invariantViolation(games: 5, metrics: 2, played: [true, false, true]))
        #expect(variants.contains("not 2 and 3"), "\(variants)")
        let games = try #require(moments.invariantViolation(games: 6, metrics: 2, played: [true, false]))
        #expect(games.contains("counts 5 games of 6"), "\(games)")
        // A variant said to play that recorded nothing, and one said to make no design that did.
        let missing = try #require(moments.invariantViolation(games: 5, metrics: 2, played: [true, true]))
        #expect(missing.contains("variant 1's values of metric 0 count 0 games, not 5"), "\(missing)")
        let extra = try #require(moments.invariantViolation(games: 5, metrics: 2, played: [false, false]))
        #expect(extra.contains("variant 0's values of metric 0 count 5 games, not 0 (the variant makes no design)"), "\(extra)")
    }

    @Test func momentsNoRunCouldRecordAreRefused() throws {
        var moments = Self.block()
        moments.differences[0][1] = Moments()
        moments.differences[0][1].add(.nan)
        let why = try #require(moments.invariantViolation(games: 5, metrics: 2, played: [true, false]))
        #expect(why.contains("variant 0's differences of metric 1"), "\(why)")
    }
}
