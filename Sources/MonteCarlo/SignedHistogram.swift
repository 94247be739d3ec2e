import Histogram

/// A mergeable histogram of integers of either sign, for quantiles in constant memory.
///
/// Up to ``bufferLimit`` values are simply kept, and quantiles are exact. Past that, values go
/// into two HDR histograms (hdrhistogram-swift), one for values ≥ 0 and one for the magnitudes of
/// negative values: exact up to 2,000 in magnitude, three significant digits beyond (HDR's
/// guarantee), so a reported quantile is then within 0.1 % of the true one, and reported as the
/// lowest value of its bucket (``bucket(of:)``).
///
/// Counts are integers, so merging is exact and order-free. A run's many short-lived per-chunk
/// histograms stay in the buffer and never allocate HDR arrays (16 KB or more each).
public struct SignedHistogram: MergeableStatistics, Codable {
    /// Values buffered before they go into the HDR histograms.
    public static let bufferLimit = 4096
    /// Only for computing buckets, which do not depend on a histogram's range.
    static let reference = Histogram<UInt64>(numberOfSignificantValueDigits: .three)

    // Internal rather than private for the Codable conformance (SignedHistogram+Codable.swift).
    var buffered: [Int64] = []
    var nonNegative: Histogram<UInt64>?
    var negative: Histogram<UInt64>?

    public init() {}

    /// Saturating at Int.max, which counts of values actually recorded never come near.
    public var count: Int {
        [nonNegative?.totalCount, negative?.totalCount].reduce(buffered.count) { sum, total in
            let (added, overflow) = sum.addingReportingOverflow(Int(clamping: total ?? 0))
            return overflow ? .max : added
        }
    }

    public mutating func record(_ value: Int64) {
        buffered.append(value)
        if buffered.count >= Self.bufferLimit { flush() }
    }

    public mutating func merge(_ other: SignedHistogram) {
        for value in other.buffered { record(value) }
        if let theirs = other.nonNegative {
            Self.makeRoom(&nonNegative, for: theirs.highestTrackableValue)
            nonNegative?.add(theirs)
        }
        if let theirs = other.negative {
            Self.makeRoom(&negative, for: theirs.highestTrackableValue)
            negative?.add(theirs)
        }
    }

    private mutating func flush() {
        var largest: UInt64 = 0
        var smallest: UInt64 = 0  // the largest magnitude of a negative value
        for value in buffered {
            if value >= 0 { largest = Swift.max(largest, UInt64(value)) } else { smallest = Swift.max(smallest, value.magnitude) }
        }
        if largest > 0 || buffered.contains(0) { Self.makeRoom(&nonNegative, for: largest) }
        if smallest > 0 { Self.makeRoom(&negative, for: smallest) }
        for value in buffered {
            if value >= 0 { nonNegative?.record(UInt64(value)) } else { negative?.record(value.magnitude) }
        }
        buffered.removeAll(keepingCapacity: true)
    }

    /// Makes `histogram` able to hold `value` without its own resizing, which appends zeros one
    /// generic element at a time (slow): a new histogram of the needed range is allocated at once
    /// and the old counts are added to it.
    static func makeRoom(_ histogram: inout Histogram<UInt64>?, for value: UInt64) {
        if let existing = histogram, value <= existing.highestTrackableValue { return }
        var roomy = Histogram<UInt64>(
            lowestDiscernibleValue: 1, highestTrackableValue: Swift.max(4, value.nextPowerOfTwoOrMax), numberOfSignificantValueDigits: .three)
        roomy.autoResize = true
        if let existing = histogram { roomy.add(existing) }
        histogram = roomy
    }

    /// The smallest recorded value v with at least `q` of the values ≤ v (the lower quantile:
    /// rank ⌈q·n⌉, at least 1): exact while every value is buffered, else the value's bucket
    /// (``bucket(of:)``). Nil when empty.
    public func quantile(_ q: Double) -> Int64? {
        let rank = (q * Double(count)).rounded(.up)
        // Clamped before converting: a rank past Int's range (or NaN) would trap.
        return value(atRank: rank >= 0x1p63 ? .max : rank > 0 ? Int(rank) : 1)
    }

    /// Every recorded value, in increasing order, while the histogram still holds them exactly
    /// (fewer than ``bufferLimit`` recorded); nil once they went into buckets.
    public var exactValues: [Int64]? {
        nonNegative == nil && negative == nil ? buffered.sorted() : nil
    }

    /// The `rank`-th smallest recorded value (1-based; clamped to 1...count), exact while every
    /// value is buffered, else its bucket (``bucket(of:)``). Nil when empty.
    public func value(atRank rank: Int) -> Int64? {
        if nonNegative == nil && negative == nil {
            guard !buffered.isEmpty else { return nil }
            return buffered.sorted()[Swift.min(buffered.count, Swift.max(1, rank)) - 1]
        }
        var all = self
        all.flush()
        let total = all.count
        guard total > 0 else { return nil }
        let rank = Swift.min(total, Swift.max(1, rank))
        let negatives = Int(clamping: all.negative?.totalCount ?? 0)
        if rank <= negatives, let negative = all.negative {
            // Sorted values run from the largest magnitude down: the rank-th smallest value is
            // minus the (negatives − rank + 1)-th smallest magnitude.
            return Self.negated(Self.value(atRank: negatives - rank + 1, in: negative).upperBound)
        }
        guard let nonNegative = all.nonNegative else { return nil }
        return Int64(Self.value(atRank: rank - negatives, in: nonNegative).lowerBound)
    }

    /// The bucket a value falls in, as its smallest equivalent value (for a negative value, minus
    /// the largest equivalent magnitude): values of one bucket are indistinguishable here.
    public func bucket(of value: Int64) -> Int64 {
        value >= 0
            ? Int64(Self.reference.lowestEquivalentForValue(UInt64(value)))
            : Self.negated(Self.reference.highestEquivalentForValue(value.magnitude))
    }

    /// Minus a magnitude bucket's top: Int64.min's bucket (2⁶³ up to 2⁶³ + 2⁵³ − 1) holds it alone.
    private static func negated(_ magnitude: UInt64) -> Int64 {
        magnitude > UInt64(Int64.max) ? .min : -Int64(magnitude)
    }

    /// The range of values equivalent to the `rank`-th smallest recorded value (1-based).
    private static func value(atRank rank: Int, in histogram: Histogram<UInt64>) -> ClosedRange<UInt64> {
        // Bucket by bucket, not through `recordedValues()`: its iterator also sums count × value
        // in a UInt64, which traps once the recorded values add up past UInt64.max.
        var seen: UInt64 = 0
        var range = histogram.equivalentRangeForValue(0)
        while true {
            let (sum, overflow) = seen.addingReportingOverflow(UInt64(histogram.countForValue(range.lowerBound)))
            seen = overflow ? .max : sum
            if seen >= UInt64(rank) || range.upperBound >= histogram.maxRecorded { return range }
            range = histogram.equivalentRangeForValue(range.upperBound + 1)
        }
    }
}

extension UInt64 {
    /// The smallest power of two ≥ self (UInt64.max / 2 + 1 at most, for values above it).
    fileprivate var nextPowerOfTwoOrMax: UInt64 {
        guard self > 1 else { return 1 }
        let shift = UInt64.bitWidth - (self - 1).leadingZeroBitCount
        return shift >= 63 ? UInt64.max / 2 : 1 << UInt64(shift)
    }
}
