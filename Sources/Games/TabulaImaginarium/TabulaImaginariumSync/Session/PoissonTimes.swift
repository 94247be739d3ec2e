// The C library's log1p, not Foundation's: a pure module needs nothing more.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Randomness

extension RandomSource {
    /// The next event of a Poisson stream of `rate` events a second after one at `time`, or nil
    /// when it falls past `end` or the rate is 0: an exponential gap drawn by inversion,
    /// −ln(1 − u) / rate, one draw a gap.
    ///
    /// ```swift
    /// var time = 0.0
    /// while let next = random.nextPoissonTime(after: time, perSecond: 0.5, within: 60) { time = next }
    /// ```
    mutating func nextPoissonTime(after time: Double, perSecond rate: Double, within end: Double) -> Double? {
        guard rate > 0 else { return nil }
        let next = time + -log1p(-unit()) / rate
        return next <= end ? next : nil
    }
}
