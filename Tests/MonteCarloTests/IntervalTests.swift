import MonteCarlo
import Foundation
import Testing

/// Confidence intervals: critical values against published tables, and coverage measured by
/// drawing many samples from known distributions (fixed seeds): a 95% interval must hold the true
/// value in about 95% of samples, not 80% and not 100%.
@Suite struct IntervalTests {
    @Test(arguments: [(0.5, 0.6744897501960817), (0.9, 1.6448536269514722), (0.95, 1.959963984540054), (0.99, 2.5758293035489004), (0.999, 3.2905267314918945), (0.9999, 3.890591886413094)])
    func criticalValuesMatchTables(level: Double, z: Double) {
        #expect(abs(Confidence(level).z - z) < 1e-9 * max(1, z))
    }

    @Test func bonferroniSplitSharesTheErrorRate() {
        #expect(abs(Confidence(0.95).split(5).level - 0.99) < 1e-15)
        #expect(Confidence(0.95).split(1) == Confidence(0.95))
        #expect(Confidence(0.95).split(5).z > Confidence(0.95).z)
    }

    @Test func wilsonIntervalAtTheEdges() {
        #expect(Proportion(0, of: 0).interval == 0...1)
        let none = Proportion(0, of: 100).interval
        #expect(none.lowerBound == 0 && none.upperBound > 0.02 && none.upperBound < 0.05)
        let all = Proportion(100, of: 100).interval
        #expect(all.upperBound == 1 && all.lowerBound > 0.95 && all.lowerBound < 0.98)
        #expect(Proportion(412, of: 1000).interval(Confidence(0.99)).lowerBound < Proportion(412, of: 1000).interval.lowerBound)
    }

    /// Wilson score intervals (95%, no continuity correction) as published in Newcombe (1998),
    /// "Two-sided confidence intervals for the single proportion", Statistics in Medicine 17,
    /// Table I, method 3, to its four decimals: a wrong z or a wrong formula moves them.
    @Test(arguments: [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0000, 0.1611), (1, 29, 0.0061, 0.1718)])
    func wilsonIntervalsMatchNewcombe(successes: Int, trials: Int, lower: Double, upper: Double) {
        let interval = Proportion(successes, of: trials).interval
        #expect(abs(interval.lowerBound - lower) < 0.00005 && abs(interval.upperBound - upper) < 0.00005, "\(interval)")
    }

    /// The mean's interval of 1, 2, …, 10: mean 5.5, s = √(55/6) (by hand), half-width z·s/√10.
    @Test func meanIntervalOfOneToTen() throws {
        var moments = Moments()
        for x in 1...10 { moments.add(Double(x)) }
        let half = 1.959963984540054 * (55.0 / 6).squareRoot() / 10.0.squareRoot()
        let interval = try #require(moments.meanInterval())
        #expect(abs(interval.lowerBound - (5.5 - half)) < 1e-12 && abs(interval.upperBound - (5.5 + half)) < 1e-12, "\(interval)")
        let wide = try #require(moments.meanInterval(Confidence(0.99)))
        #expect(abs(wide.upperBound - (5.5 + half / 1.959963984540054 * 2.5758293035489004)) < 1e-12)
    }

    /// How often the interval holds the truth over `samples` samples.
    static func coverage(samples: Int, _ holds: (inout TestRandom) -> Bool) -> Double {
        var random = TestRandom(seed: 20_261_122)
        var hits = 0
        for _ in 0..<samples where holds(&random) { hits += 1 }
        return Double(hits) / Double(samples)
    }

    @Test(arguments: [0.05, 0.3, 0.5, 0.9])
    func wilsonCoverage(p: Double) {
        let covered = Self.coverage(samples: 2000) { random in
            var successes = 0
            for _ in 0..<200 where random.unit() < p { successes += 1 }
            return Proportion(successes, of: 200).interval.contains(p)
        }
        #expect(covered > 0.93 && covered < 0.975, "coverage \(covered)")
    }

    @Test func meanIntervalCoverageOfASkewedDistribution() {
        // Exponential with mean 10: skewed, yet the mean of 400 is close to normal.
        let covered = Self.coverage(samples: 2000) { random in
            var moments = Moments()
            for _ in 0..<400 { moments.add(-10 * log(1 - random.unit())) }
            return moments.meanInterval()?.contains(10) ?? false
        }
        #expect(covered > 0.93 && covered < 0.97, "coverage \(covered)")
        var one = Moments()
        one.add(3)
        #expect(one.meanInterval() == nil)
    }

    @Test(arguments: [0.1, 0.5, 0.9])
    func quantileIntervalCoverage(q: Double) {
        // Uniform integers 0..<10,000: the q quantile is 10,000·q; ties are rare.
        let truth = Int64(10_000 * q)
        let covered = Self.coverage(samples: 1000) { random in
            var histogram = SignedHistogram()
            for _ in 0..<500 { histogram.record(random.int(in: 0...9_999)) }
            return histogram.quantileInterval(q)?.contains(truth) ?? false
        }
        #expect(covered > 0.93 && covered < 0.99, "coverage \(covered)")
    }

    @Test func quantileIntervalNarrowsWithMoreValuesAndIsExactWhenAllAreEqual() {
        var random = TestRandom(seed: 7)
        var small = SignedHistogram(), large = SignedHistogram()
        for i in 0..<20_000 {
            let v = random.int(in: -5_000...5_000)
            if i < 200 { small.record(v) }
            large.record(v)
        }
        let s = small.quantileInterval(0.5)!, l = large.quantileInterval(0.5)!
        #expect(l.upperBound - l.lowerBound < s.upperBound - s.lowerBound)
        var same = SignedHistogram()
        for _ in 0..<50 { same.record(-42) }
        #expect(same.quantileInterval(0.5) == -42...(-42))
        #expect(SignedHistogram().quantileInterval(0.5) == nil)
    }
}
