import MonteCarlo

/// A design's games and variants of it played game by game from the same seeds: per metric the
/// design's values, and per variant the differences (variant − design) game by game, whose mean
/// is the variant's effect (paired: the noise the two games share cancels). Mergeable, so the
/// games run on all cores in flat memory.
public struct PairedMoments: MergeableStatistics, Codable {
    /// [metric]: the design's values.
    public var base: [Moments]
    /// [variant][metric]: the variant's values.
    public var values: [[Moments]]
    /// [variant][metric]: (variant − design), game by game.
    public var differences: [[Moments]]

    public init(metrics: Int, variants: Int) {
        let none = Array(repeating: Moments(), count: metrics)
        base = none
        values = Array(repeating: none, count: variants)
        differences = Array(repeating: none, count: variants)
    }

    /// One game: the design's values, and each variant's (nil: a variant not played).
    public mutating func record(base a: [Double], variants: [[Double]?]) {
        for m in a.indices { base[m].add(a[m]) }
        for (k, b) in variants.enumerated() {
            guard let b else { continue }
            for m in a.indices {
                values[k][m].add(b[m])
                differences[k][m].add(b[m] - a[m])
            }
        }
    }

    public mutating func merge(_ other: PairedMoments) {
        for m in base.indices { base[m].merge(other.base[m]) }
        for k in values.indices {
            for m in values[k].indices {
                values[k][m].merge(other.values[k][m])
                differences[k][m].merge(other.differences[k][m])
            }
        }
    }
}

/// A paired difference's mean and its interval.
public struct PairedDifference: Sendable, Hashable, Codable {
    public var mean: Double
    public var lower: Double
    public var upper: Double

    public init(_ moments: Moments, _ confidence: Confidence) {
        let interval = moments.meanInterval(confidence) ?? moments.mean...moments.mean
        mean = moments.mean
        lower = interval.lowerBound
        upper = interval.upperBound
    }

    /// The interval excludes 0: the change moved the metric.
    public var isSignificant: Bool { lower > 0 || upper < 0 }
}
