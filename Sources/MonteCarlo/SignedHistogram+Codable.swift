import Histogram

/// A histogram is written as what it holds, not as the HDR library's internals: the buffered
/// values, then, once values went into the HDR histograms, each occupied bucket as
/// `[lowest value, count]` in increasing order (for negative values, by magnitude).
///
/// ```json
/// {"buffered": [-40, 700, 1200]}
/// {"buffered": [5], "nonNegative": [[0, 12], [1200, 3]], "negative": [[40, 1]]}
/// ```
///
/// Reading rebuilds the HDR histograms through the same calls that record values, so nothing in a
/// file (a shard's part) can give the library an inconsistent layout to index out of; what cannot
/// have been written (a bucket out of order or not a bucket's lowest value, a zero count, counts
/// adding up past Int.max, more values buffered than ``bufferLimit``) is refused. The writing is
/// canonical: decoding and encoding again gives the same bytes, whatever the histograms' capacity.
extension SignedHistogram {
    private enum CodingKeys: String, CodingKey {
        case buffered, nonNegative, negative
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let buffered = try container.decodeIfPresent([Int64].self, forKey: .buffered) ?? []
        guard buffered.count < Self.bufferLimit else {
            throw DecodingError.dataCorruptedError(
                forKey: .buffered, in: container, debugDescription: "\(buffered.count) values buffered; a histogram buffers fewer than \(Self.bufferLimit)")
        }
        self.init()
        self.buffered = buffered
        var total = buffered.count
        for key in [CodingKeys.nonNegative, .negative] {
            guard let pairs = try container.decodeIfPresent([[UInt64]].self, forKey: key) else { continue }
            func refuse(_ why: String) -> DecodingError {
                DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: why)
            }
            guard !pairs.isEmpty else { throw refuse("an empty list of buckets (a histogram with no values is not written)") }
            // Magnitudes of negative values reach 2⁶³ (Int64.min); values ≥ 0 stop at Int64.max.
            let largest = key == .negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
            let smallest: UInt64 = key == .negative ? 1 : 0
            var previous: UInt64?
            for pair in pairs {
                guard pair.count == 2 else { throw refuse("a bucket is [lowest value, count], not \(pair)") }
                let (value, count) = (pair[0], pair[1])
                guard value >= smallest, value <= largest else { throw refuse("bucket \(value) is out of range") }
                guard Self.reference.lowestEquivalentForValue(value) == value else { throw refuse("\(value) is not the lowest value of a bucket") }
                guard previous.map({ $0 < value }) ?? true else { throw refuse("buckets out of order at \(value)") }
                guard count > 0 else { throw refuse("bucket \(value) with a count of 0") }
                let (sum, overflow) = total.addingReportingOverflow(Int(clamping: count))
                guard !overflow, count <= UInt64(Int.max) else { throw refuse("counts add up past \(Int.max)") }
                total = sum
                previous = value
            }
            var histogram: Histogram<UInt64>?
            Self.makeRoom(&histogram, for: previous ?? 0)
            for pair in pairs { _ = histogram?.record(pair[0], count: pair[1]) }
            if key == .nonNegative { nonNegative = histogram } else { negative = histogram }
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(buffered, forKey: .buffered)
        if let nonNegative { try container.encode(Self.occupiedBuckets(nonNegative), forKey: .nonNegative) }
        if let negative { try container.encode(Self.occupiedBuckets(negative), forKey: .negative) }
    }

    /// The buckets (``bucket(of:)``) that hold at least one value.
    var occupiedBucketKeys: Set<Int64> {
        var keys = Set(buffered.map { bucket(of: $0) })
        for pair in nonNegative.map(Self.occupiedBuckets) ?? [] { keys.insert(bucket(of: Int64(pair[0]))) }
        for pair in negative.map(Self.occupiedBuckets) ?? [] {
            keys.insert(bucket(of: pair[0] > UInt64(Int64.max) ? .min : -Int64(pair[0])))
        }
        return keys
    }

    /// `[lowest value, count]` of every bucket that holds a value, in increasing order.
    private static func occupiedBuckets(_ histogram: Histogram<UInt64>) -> [[UInt64]] {
        var buckets: [[UInt64]] = []
        var range = histogram.equivalentRangeForValue(0)
        while true {
            let count = UInt64(histogram.countForValue(range.lowerBound))
            if count > 0 { buckets.append([range.lowerBound, count]) }
            if range.upperBound >= histogram.maxRecorded { return buckets }
            range = histogram.equivalentRangeForValue(range.upperBound + 1)
        }
    }
}
