import MonteCarlo
import Testing

/// `SignedHistogram.bucket(of:)`: the identity within ±2,047 (HDR's unit-resolution range for
/// three digits), otherwise the smallest value of a bucket less than 0.1 % wide, monotonic and
/// idempotent, for either sign.
@Suite struct SignedHistogramBucketTests {
    let h = SignedHistogram()

    @Test func smallValuesAreTheirOwnBucket() {
        for v in Int64(-2047)...2047 {
            #expect(h.bucket(of: v) == v, "v = \(v)")
        }
    }

    @Test func largerValuesShareBuckets() {
        // 2,048 onwards, buckets are 2 wide, then 4, ...
        #expect(h.bucket(of: 2048) == 2048)
        #expect(h.bucket(of: 2049) == 2048)
        #expect(h.bucket(of: -2049) == -2049)
        #expect(h.bucket(of: -2048) == -2049)
        #expect(h.bucket(of: 4097) == 4096)
        #expect(h.bucket(of: 4099) == 4096)
        #expect(h.bucket(of: 4100) == 4100)
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func bucketIsAtMostTheValueAndWithinATenthOfAPercent(seed: UInt64) {
        var random = TestRandom(seed: seed)
        for _ in 0..<20_000 {
            let magnitude = Int64(random.next() >> (1 + random.next() % 63))
            for v in [magnitude, -magnitude] {
                let b = h.bucket(of: v)
                #expect(b <= v, "v = \(v)")
                #expect(Double(v - b) <= 0.001 * Double(v.magnitude), "v = \(v), bucket \(b)")
                #expect(h.bucket(of: b) == b, "v = \(v)")
            }
        }
    }

    @Test func bucketsAreMonotonic() {
        var random = TestRandom(seed: 12)
        let values = (0..<20_000).map { _ in random.int(in: -5_000_000_000...5_000_000_000) }.sorted()
        for (a, b) in zip(values, values.dropFirst()) {
            #expect(h.bucket(of: a) <= h.bucket(of: b), "\(a) ≤ \(b)")
        }
    }

    /// Near the ends of Int64 (HDR's top bucket).
    @Test func extremeValuesHaveBuckets() {
        let b = h.bucket(of: .max)
        #expect(b <= .max)
        #expect(Double(Int64.max - b) <= 0.001 * Double(Int64.max))
        let c = h.bucket(of: .min + 1)
        #expect(c == .min + 1)
    }
}
