import Balance
import Randomness
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The tuner's surrogate against functions it must reproduce.
@Suite struct GaussianProcessTests {
    /// Noise-free points are interpolated: the mean is the value at each point, with next to no
    /// uncertainty there, and far from every point the uncertainty is back near the prior's.
    @Test func interpolatesExactValues() throws {
        let xs = stride(from: 0.0, through: 1.0, by: 0.125).map { [$0] }
        let f = { (x: Double) in sin(6 * x) + 0.5 * x }
        let gp = try #require(GaussianProcess(points: xs, values: xs.map { f($0[0]) }, standardErrors: xs.map { _ in 0 }))
        for x in xs {
            let (mean, sd) = gp.predict(x)
            #expect(abs(mean - f(x[0])) < 1e-3 && sd < 1e-2, "x \(x[0]): \(mean) ± \(sd)")
        }
        // Between the points the smooth function is recovered to a few hundredths.
        for x in stride(from: 0.0625, through: 0.94, by: 0.125) {
            let (mean, sd) = gp.predict([x])
            #expect(abs(mean - f(x)) < 0.05, "x \(x): \(mean) vs \(f(x)) ± \(sd)")
        }
        // Far outside, the mean returns to the values' average and the sd grows.
        #expect(gp.predict([4]).sd > 10 * gp.predict([0.5]).sd)
    }

    /// Noisy values are smoothed, not chased: 40 values of a line with noise of sd 0.5, each with
    /// its standard error given; the surrogate's mean stays within 0.3 of the line, where a curve
    /// through every point would be off by the noise itself (0.5 on average). The interval
    /// mean ± 2 sd holds the line at most points. Fixed seed.
    @Test func smoothsNoisyValues() throws {
        var random = RandomSource(seed: 47)
        let xs = (0..<40).map { [Double($0) / 39] }
        let line = { (x: Double) in 2 + 3 * x }
        let noisy = xs.map { x in line(x[0]) + 0.5 * (-2 * log(1 - random.unit())).squareRoot() * cos(2 * Double.pi * random.unit()) }
        let gp = try #require(GaussianProcess(points: xs, values: noisy, standardErrors: xs.map { _ in 0.5 }))
        var held = 0
        for x in stride(from: 0.05, through: 0.95, by: 0.05) {
            let (mean, sd) = gp.predict([x])
            #expect(abs(mean - line(x)) < 0.3, "x \(x): \(mean) vs \(line(x))")
            if abs(mean - line(x)) <= 2 * sd { held += 1 }
        }
        #expect(held >= 16, "held \(held) of 19")
    }

    /// Two parameters, one of which does nothing: the length scale chosen along it is the
    /// grid's longest, and the surrogate predicts a new point from the other alone.
    @Test func findsTheParameterThatMatters() throws {
        var points: [[Double]] = []
        for i in 0...5 { for j in 0...5 { points.append([Double(i) / 5, Double(j) / 5]) } }
        let f = { (p: [Double]) in p[0] * p[0] * 4 }
        let gp = try #require(GaussianProcess(points: points, values: points.map(f), standardErrors: points.map { _ in 0.01 }))
        #expect(gp.lengthScales[1] == GaussianProcess.lengthScaleGrid.last)
        #expect(gp.lengthScales[0] < gp.lengthScales[1])
        #expect(abs(gp.predict([0.5, 0.37]).mean - 1) < 0.05)
    }

    /// A metric that has not varied (every game reached the last round: errors 0) leaves the
    /// surrogate unsure away from the points, not certain: its scale is a twentieth of the
    /// value (1 here), and far away its sd is that times the smallest signal's root, √0.3.
    @Test func aConstantMetricIsNotCertainEverywhere() throws {
        let gp = try #require(GaussianProcess(points: [[0.1], [0.5], [0.9]], values: [20, 20, 20], standardErrors: [0, 0, 0]))
        #expect(abs(gp.predict([0.3]).mean - 20) < 1e-6)
        #expect(gp.predict([3]).sd >= 0.3.squareRoot() * 0.85, "\(gp.predict([3]))")
    }

    @Test func refusesWhatItCannotFit() {
        #expect(GaussianProcess(points: [], values: [], standardErrors: []) == nil)
        #expect(GaussianProcess(points: [[0]], values: [1, 2], standardErrors: [0]) == nil)
        #expect(GaussianProcess(points: [[0]], values: [.nan], standardErrors: [0]) == nil)
        #expect(GaussianProcess(points: [[0], [1, 2]], values: [1, 2], standardErrors: [0, 0]) == nil)
    }
}
