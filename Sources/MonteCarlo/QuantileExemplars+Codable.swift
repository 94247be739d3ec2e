/// Exemplars are written as a list in increasing order of value, without the bucket each is filed
/// under (it follows from the value): so the same statistics always give the same bytes (a
/// dictionary's order changes from process to process), and a file cannot file an exemplar under
/// another bucket.
///
/// ```json
/// {"histogram": {"buffered": [1200, -40, 700]},
///  "exemplars": [{"game": 1, "value": -40}, {"game": 2, "value": 700}, {"game": 0, "value": 1200}]}
/// ```
///
/// Reading refuses what recording cannot produce: two exemplars of one bucket, an exemplar of a
/// bucket that holds no value, or an occupied bucket without one.
extension QuantileExemplars {
    private enum CodingKeys: String, CodingKey {
        case histogram, exemplars
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        histogram = try container.decode(SignedHistogram.self, forKey: .histogram)
        let list = try container.decode([Exemplar].self, forKey: .exemplars)
        let occupied = histogram.occupiedBucketKeys
        for exemplar in list {
            let key = histogram.bucket(of: exemplar.value)
            guard occupied.contains(key) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .exemplars, in: container, debugDescription: "an exemplar of value \(exemplar.value), which the histogram does not hold")
            }
            guard exemplars.updateValue(exemplar, forKey: key) == nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: .exemplars, in: container, debugDescription: "two exemplars in the bucket of value \(exemplar.value)")
            }
        }
        guard exemplars.count == occupied.count else {
            throw DecodingError.dataCorruptedError(
                forKey: .exemplars, in: container,
                debugDescription: "\(exemplars.count) exemplars for \(occupied.count) occupied buckets (one each)")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(histogram, forKey: .histogram)
        try container.encode(recorded, forKey: .exemplars)
    }

    /// One game per occupied bucket, in increasing order of value.
    public var recorded: [Exemplar] {
        exemplars.keys.sorted().compactMap { exemplars[$0] }
    }
}
