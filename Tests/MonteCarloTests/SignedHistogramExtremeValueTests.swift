import MonteCarlo
import Testing

/// Values at the ends of Int64's range, and values whose sum overflows UInt64, must neither trap
/// nor lose their bucket. Each case runs in a child process (an exit test), since a trap would
/// otherwise end the whole test run.
///
/// Regressions: `quantile` once walked HDR's `recordedValues()`, whose iterator also sums
/// count × value in a UInt64 and traps once the recorded magnitudes add up past UInt64.max (e.g.
/// 2,500 values of 10¹⁶); and `bucket(of: Int64.min)` negated a magnitude bucket whose top,
/// 2⁶³ + 2⁵³ − 1, does not fit in an Int64.
@Suite struct SignedHistogramExtremeValueTests {
    @Test func quantileOfValuesWhoseSumOverflowsUInt64() async {
        await #expect(processExitsWith: .success) {
            var h = SignedHistogram()
            for i in 0..<5000 { h.record(i % 2 == 0 ? 10_000_000_000_000_000 : -10_000_000_000_000_000) }
            let low = h.quantile(0)!, high = h.quantile(1)!
            precondition(low == h.bucket(of: -10_000_000_000_000_000) && high == h.bucket(of: 10_000_000_000_000_000))
        }
    }

    @Test func quantileOfInt64MaxPastTheBuffer() async {
        await #expect(processExitsWith: .success) {
            var h = SignedHistogram()
            for i in 0..<5000 { h.record(i % 2 == 0 ? .max : -3) }
            precondition(h.quantile(1)! == h.bucket(of: .max) && h.quantile(0)! == -3)
        }
    }

    @Test func bucketOfInt64Min() async {
        await #expect(processExitsWith: .success) {
            precondition(SignedHistogram().bucket(of: .min) == .min)
            var e = QuantileExemplars()
            e.record(.min, game: 0)
            e.record(7, game: 1)
            precondition(e.exemplar(atQuantile: 0)?.game == 0)
        }
    }

    @Test func quantileOfInt64MinPastTheBuffer() async {
        await #expect(processExitsWith: .success) {
            var h = SignedHistogram()
            for i in 0..<5000 { h.record(i % 1000 == 0 ? .min : Int64(i)) }
            precondition(h.quantile(0)! == .min && h.quantile(1)! == h.bucket(of: 4999))
        }
    }
}
