/// A distribution of integers with, for every histogram bucket, one game that landed in it: so
/// that a quantile ("the median final money") comes with a game that replays it.
///
/// Memory is bounded by the number of histogram buckets the values reach (about 11,000 for values
/// up to a million in magnitude, 60,000 for the whole Int64 range), not by the number of games. The exemplar of a bucket is the game with the smallest index in it, which makes the
/// choice independent of how games were split among threads.
///
/// ```swift
/// var money = QuantileExemplars()
/// money.record(1200, game: 0); money.record(-40, game: 1); money.record(700, game: 2)
/// money.exemplar(atQuantile: 0.5)   // (game: 2, value: 700)
/// ```
public struct QuantileExemplars: MergeableStatistics, Codable {
    public struct Exemplar: Sendable, Hashable, Codable {
        public var game: UInt64
        public var value: Int64
    }

    public internal(set) var histogram = SignedHistogram()
    /// Keyed by ``SignedHistogram/bucket(of:)``; internal for QuantileExemplars+Codable.swift.
    var exemplars: [Int64: Exemplar] = [:]

    public init() {}

    public mutating func record(_ value: Int64, game: UInt64) {
        histogram.record(value)
        let key = histogram.bucket(of: value)
        if let existing = exemplars[key], existing.game <= game { return }
        exemplars[key] = Exemplar(game: game, value: value)
    }

    public mutating func merge(_ other: QuantileExemplars) {
        histogram.merge(other.histogram)
        for (key, candidate) in other.exemplars {
            if let existing = exemplars[key], existing.game <= candidate.game { continue }
            exemplars[key] = candidate
        }
    }

    /// The game whose value is the `q` quantile (to the histogram's precision), with its exact value.
    public func exemplar(atQuantile q: Double) -> Exemplar? {
        guard let value = histogram.quantile(q) else { return nil }
        return exemplars[histogram.bucket(of: value)]
    }
}
