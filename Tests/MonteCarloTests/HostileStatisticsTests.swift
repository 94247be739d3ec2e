import Foundation
import MonteCarlo
import Testing

/// Statistics read from a file (a shard's part) must not be trusted: decoding refuses what
/// recording cannot produce, invariants name what is inconsistent, and merging does not trap on
/// extreme values. Writing is canonical, so a checksum over it is stable.
@Suite struct HostileStatisticsTests {
    static func encoded<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decoded<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(type, from: Data(json.utf8))
    }

    // MARK: Moments

    @Test func momentsOfAddedValuesKeepTheirInvariants() {
        #expect(Moments().invariantViolation == nil)
        var m = Moments()
        for x in [3.0, -7, 1e6, 0.25] { m.add(x) }
        #expect(m.invariantViolation == nil)
        var one = Moments()
        one.add(42)
        #expect(one.invariantViolation == nil)
    }

    @Test(arguments: [
        #"{"count": -1, "mean": 0, "m2": 0, "minimum": "inf", "maximum": "-inf"}"#,
        #"{"count": 0, "mean": 5, "m2": 0, "minimum": "inf", "maximum": "-inf"}"#,
        #"{"count": 2, "mean": "nan", "m2": 0, "minimum": 1, "maximum": 2}"#,
        #"{"count": 2, "mean": 1.5, "m2": "inf", "minimum": 1, "maximum": 2}"#,
        #"{"count": 2, "mean": 3, "m2": 0.5, "minimum": 1, "maximum": 2}"#,
        #"{"count": 2, "mean": 1.5, "m2": 0.5, "minimum": 2, "maximum": 1}"#,
        #"{"count": 2, "mean": 1.5, "m2": -0.5, "minimum": 1, "maximum": 2}"#,
        #"{"count": 2, "mean": 1.5, "m2": 50, "minimum": 1, "maximum": 2}"#,
        #"{"count": 1, "mean": 1, "m2": 0.5, "minimum": 1, "maximum": 1}"#,
    ])
    func inconsistentMomentsAreNamed(json: String) throws {
        let m = try Self.decoded(Moments.self, json)
        #expect(m.invariantViolation != nil, "\(json)")
    }

    /// Issue 15: a part whose count was Int64.max crashed merge in Moments.merge. The arithmetic
    /// now saturates (merge refuses such a part before it gets here; this is the second line).
    @Test func mergingCountsNearIntMaxDoesNotTrap() throws {
        let huge = try Self.decoded(Moments.self, #"{"count": 9223372036854775807, "mean": 1, "m2": 0, "minimum": 1, "maximum": 1}"#)
        var m = huge
        m.merge(huge)
        #expect(m.count == Int.max)
        #expect(m.mean == 1)
        var small = Moments()
        small.add(1)
        small.merge(huge)
        #expect(small.count == Int.max)
    }

    // MARK: SignedHistogram

    /// Values past the buffer (so the HDR histograms hold them), both signs, both extremes.
    static func spread() -> SignedHistogram {
        var h = SignedHistogram()
        var random = TestRandom(seed: 15)
        for _ in 0..<(SignedHistogram.bufferLimit + 1500) { h.record(random.int(in: -5_000_000...5_000_000)) }
        for v in [Int64.min, Int64.max, 0, -1, 1] { h.record(v) }
        return h
    }

    @Test func aHistogramPastItsBufferReadsBackToTheSameQuantilesAndBytes() throws {
        let h = Self.spread()
        let json = try Self.encoded(h)
        let back = try Self.decoded(SignedHistogram.self, json)
        #expect(back.count == h.count)
        for q in quantileLevels { #expect(back.quantile(q) == h.quantile(q), "q = \(q)") }
        #expect(try Self.encoded(back) == json)
        // Merging the copy behaves as merging the original.
        var a = h, b = h
        a.merge(h)
        b.merge(back)
        for q in quantileLevels { #expect(a.quantile(q) == b.quantile(q), "q = \(q)") }
    }

    @Test(arguments: [
        #"{"buffered": [], "nonNegative": []}"#,
        #"{"buffered": [], "nonNegative": [[5, 1], [3, 1]]}"#,
        #"{"buffered": [], "nonNegative": [[2049, 1]]}"#,
        #"{"buffered": [], "nonNegative": [[5, 0]]}"#,
        #"{"buffered": [], "nonNegative": [[5]]}"#,
        #"{"buffered": [], "negative": [[0, 1]]}"#,
        #"{"buffered": [], "nonNegative": [[9223372036854775807, 1]]}"#,
        #"{"buffered": [1], "nonNegative": [[0, 9223372036854775807]]}"#,
        #"{"buffered": [], "nonNegative": [[0, 9223372036854775807], [1, 1]]}"#,
    ])
    func histogramsNoRecordingCanMakeAreRefused(json: String) {
        #expect(throws: DecodingError.self, "\(json)") { try Self.decoded(SignedHistogram.self, json) }
    }

    @Test func tooManyBufferedValuesAreRefused() {
        let json = #"{"buffered": [\#(Array(repeating: "1", count: SignedHistogram.bufferLimit).joined(separator: ","))]}"#
        #expect(throws: DecodingError.self) { try Self.decoded(SignedHistogram.self, json) }
    }

    /// The largest count a file may hold: quantiles and merging stay within Int and do not trap.
    @Test func aCountOfIntMaxNeitherTrapsInQuantilesNorInMerging() throws {
        let h = try Self.decoded(SignedHistogram.self, #"{"buffered": [], "nonNegative": [[0, 9223372036854775807]]}"#)
        #expect(h.count == Int.max)
        #expect(h.quantile(1) == 0)
        var twice = h
        twice.merge(h)
        #expect(twice.count == Int.max)
        _ = twice.quantile(0.5)
    }

    // MARK: QuantileExemplars

    static func exemplars() -> QuantileExemplars {
        var e = QuantileExemplars()
        var random = TestRandom(seed: 7)
        for game in 0..<200 { e.record(random.int(in: -3000...3000), game: UInt64(game)) }
        return e
    }

    @Test func exemplarsAreWrittenInOrderAndReadBack() throws {
        let e = Self.exemplars()
        let json = try Self.encoded(e)
        // Sorted by value: the bytes do not depend on a dictionary's order in this process.
        #expect(e.recorded.map(\.value) == e.recorded.map(\.value).sorted())
        let back = try Self.decoded(QuantileExemplars.self, json)
        #expect(try Self.encoded(back) == json)
        for q in quantileLevels { #expect(back.exemplar(atQuantile: q) == e.exemplar(atQuantile: q)) }
    }

    @Test(arguments: [
        // Two exemplars of one bucket.
        #"{"histogram": {"buffered": [5]}, "exemplars": [{"game": 0, "value": 5}, {"game": 1, "value": 5}]}"#,
        // An exemplar of a value the histogram does not hold.
        #"{"histogram": {"buffered": [5]}, "exemplars": [{"game": 0, "value": 6}]}"#,
        // An occupied bucket without one.
        #"{"histogram": {"buffered": [5, 9]}, "exemplars": [{"game": 0, "value": 5}]}"#,
    ])
    func exemplarsRecordingCannotMakeAreRefused(json: String) {
        #expect(throws: DecodingError.self, "\(json)") { try Self.decoded(QuantileExemplars.self, json) }
    }
}
