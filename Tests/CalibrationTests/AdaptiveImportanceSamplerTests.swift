import Calibration
import Randomness
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The posterior sampler against posteriors known in closed form: one observation y of
/// N(θ, σ²) with a flat prior on a range far wider than σ has the posterior N(y, σ²) (truncation
/// negligible), so its central 90% interval is y ± 1.6449 σ.
@Suite struct AdaptiveImportanceSamplerTests {
    static let z90 = 1.6448536269514722

    static func normalLogLikelihood(_ y: Double, sigma: Double) -> ([[Double]]) -> [Double?] {
        { candidates in candidates.map { c in -0.5 * ((y - c[0]) / sigma) * ((y - c[0]) / sigma) } }
    }

    @Test func recoversANormalPosterior() throws {
        let theta = try #require(FittedParameter(name: "theta", range: -20...20, scale: .linear))
        let posterior = try #require(AdaptiveImportanceSampler.sample(
            parameters: [theta], settings: .init(candidatesPerStage: 400, stages: 4), seed: 5,
            logLikelihood: Self.normalLogLikelihood(3.2, sigma: 0.5)))
        // The quantiles' Monte-Carlo error with ESS n is about √(q(1−q)/n)/φ(z) σ ≈ 0.012/√(n/1000) σ·…;
        // with the ESS asserted below (≥ 250) the 5% quantile's standard error is under 0.14 σ: a
        // tolerance of 0.35 σ is 2.5 standard errors for a fixed seed.
        #expect(posterior.effectiveSampleSize >= 250)
        let interval = posterior.interval(0, level: 0.9)
        #expect(abs(interval.lowerBound - (3.2 - Self.z90 * 0.5)) < 0.35 * 0.5)
        #expect(abs(interval.upperBound - (3.2 + Self.z90 * 0.5)) < 0.35 * 0.5)
        #expect(abs(posterior.median(0) - 3.2) < 0.25 * 0.5)
        #expect(posterior.isPinnedDown(0, level: 0.9))
    }

    @Test func aLogarithmicParameterHasALogNormalPosterior() throws {
        // log x observed with noise 0.2 on the log scale, flat prior on log x: the posterior of
        // log x is N(log 4, 0.2²), so x's 90% interval is 4 e^{±1.645·0.2}.
        let x = try #require(FittedParameter(name: "x", range: 0.1...100, scale: .logarithmic))
        let posterior = try #require(AdaptiveImportanceSampler.sample(
            parameters: [x], settings: .init(candidatesPerStage: 400, stages: 4), seed: 9,
            logLikelihood: { cs in cs.map { c in -0.5 * pow((log(4) - log(c[0])) / 0.2, 2) } }))
        let interval = posterior.interval(0, level: 0.9)
        #expect(abs(log(interval.lowerBound) - (log(4) - Self.z90 * 0.2)) < 0.35 * 0.2)
        #expect(abs(log(interval.upperBound) - (log(4) + Self.z90 * 0.2)) < 0.35 * 0.2)
    }

    @Test func aParameterTheDataIgnoreIsNotPinnedDown() throws {
        // The likelihood depends on the first parameter alone: the second's posterior is its prior.
        let a = try #require(FittedParameter(name: "a", range: 0...10, scale: .linear))
        let b = try #require(FittedParameter(name: "b", range: 0...1, scale: .linear))
        let posterior = try #require(AdaptiveImportanceSampler.sample(
            parameters: [a, b], settings: .init(candidatesPerStage: 300, stages: 3), seed: 2,
            logLikelihood: { cs in cs.map { c in -0.5 * pow((5 - c[0]) / 0.3, 2) } }))
        #expect(posterior.isPinnedDown(0, level: 0.9))
        #expect(!posterior.isPinnedDown(1, level: 0.9))
        // Flat on [0, 1]: its 90% interval is about [0.05, 0.95] (90% of the range).
        #expect(posterior.shareOfRange(1, level: 0.9) > 0.75)
    }

    @Test func noPlayableCandidateGivesNoPosterior() throws {
        let a = try #require(FittedParameter(name: "a", range: 0...1, scale: .linear))
        let none = AdaptiveImportanceSampler.sample(
            parameters: [a], settings: .init(candidatesPerStage: 10, stages: 2), seed: 1, logLikelihood: { cs in cs.map { _ in nil } })
        #expect(none == nil)
    }

    @Test func theSameSeedGivesTheSamePopulation() throws {
        let theta = try #require(FittedParameter(name: "theta", range: -5...5, scale: .linear))
        func run() throws -> WeightedPosterior {
            try #require(AdaptiveImportanceSampler.sample(
                parameters: [theta], settings: .init(candidatesPerStage: 50, stages: 3), seed: 4,
                logLikelihood: Self.normalLogLikelihood(1, sigma: 1)))
        }
        let (a, b) = (try run(), try run())
        #expect(a.points == b.points && a.weights == b.weights)
    }

    /// Simulation-based calibration: θ* drawn from the prior, y ~ N(θ*, 1), the 90% interval
    /// fitted. If the intervals mean what they say, the count that contain θ* over 200 repetitions
    /// is Binomial(200, 0.9): mean 180, sd 4.24; [166, 194] holds it with probability above 0.999.
    @Test func intervalsCoverAtTheirStatedRate() throws {
        let theta = try #require(FittedParameter(name: "theta", range: -10...10, scale: .linear))
        var random = RandomSource(seed: 77)
        var covered = 0
        for repetition in 0..<200 {
            // Away from the edges so that the flat prior's truncation does not matter.
            let truth = -6 + 12 * random.unit()
            let y = truth + (-2 * log(1 - random.unit())).squareRoot() * cos(2 * Double.pi * random.unit())
            let posterior = try #require(AdaptiveImportanceSampler.sample(
                parameters: [theta], settings: .init(candidatesPerStage: 150, stages: 3), seed: UInt64(repetition),
                logLikelihood: Self.normalLogLikelihood(y, sigma: 1)))
            if posterior.interval(0, level: 0.9).contains(truth) { covered += 1 }
        }
        #expect((166...194).contains(covered), "covered \(covered) of 200")
    }

    @Test func resamplingFollowsTheWeights() throws {
        let p = try #require(FittedParameter(name: "p", range: 0...1, scale: .linear))
        let posterior = WeightedPosterior(parameters: [p], points: [[0.1], [0.5], [0.9]], weights: [0.25, 0.5, 0.25], logLikelihoods: [0, 0, 0])
        let picks = posterior.resample(count: 8, offset: 0.5)
        #expect(picks == [0, 0, 1, 1, 1, 1, 2, 2])
    }
}

@Suite struct WeightedQuantileTests {
    static let p = FittedParameter(name: "x", range: 0...100, scale: .linear)!

    static func posterior(_ values: [Double], _ weights: [Double]) -> WeightedPosterior {
        WeightedPosterior(parameters: [p], points: values.map { [$0] }, weights: weights, logLikelihoods: values.map { _ in 0 })
    }

    /// Each candidate stands at the middle of its weight: ten equal ones at 0.05, 0.15, …, 0.95,
    /// so the 5% and 95% quantiles are the first and last, the median halfway between the fifth
    /// and sixth, and the 10% quantile halfway between the first two.
    @Test func equalWeightsStandAtTheMiddleOfTheirShare() {
        let posterior = Self.posterior((1...10).map(Double.init), Array(repeating: 0.1, count: 10))
        #expect(abs(posterior.quantile(0, 0.05) - 1) < 1e-12)
        #expect(abs(posterior.quantile(0, 0.95) - 10) < 1e-12)
        #expect(abs(posterior.median(0) - 5.5) < 1e-12)
        #expect(abs(posterior.quantile(0, 0.1) - 1.5) < 1e-12)
        #expect(posterior.quantile(0, 0.01) == 1 && posterior.quantile(0, 0.99) == 10)
    }

    /// Sorted by value, not by the order given, and a weightless candidate ignored: 1 (weight
    /// 0.25) stands at 0.125, 3 (0.5) at 0.5, 7 (0.25) at 0.875.
    @Test func unequalWeightsAndUnsortedPoints() {
        let posterior = Self.posterior([7, 3, 1, 50], [0.25, 0.5, 0.25, 0])
        #expect(posterior.median(0) == 3)
        #expect(posterior.quantile(0, 0.9) == 7)
        #expect(abs(posterior.quantile(0, 0.2) - (1 + 2 * 0.075 / 0.375)) < 1e-12)
        #expect(abs(posterior.quantile(0, 0.6) - (3 + 4 * 0.1 / 0.375)) < 1e-12)
    }
}
