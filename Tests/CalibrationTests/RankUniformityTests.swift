import Calibration
import Randomness
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The binomial behind the rank bands, against its closed form.
@Suite struct BinomialTests {
    /// Binomial(4, ½): P(X ≤ k) = (1, 5, 11, 15, 16) / 16.
    @Test func fourFairTrials() {
        let b = Binomial(trials: 4, chance: 0.5)
        for (k, sixteenths) in [1.0, 5, 11, 15, 16].enumerated() {
            #expect(abs(b.probability(atMost: k) - sixteenths / 16) < 1e-12, "k \(k)")
        }
        #expect(b.probability(atMost: -1) == 0 && b.probability(atLeast: 0) == 1)
        #expect(abs(b.probability(atLeast: 4) - 1.0 / 16) < 1e-12)
        #expect(b.quantile(0.3) == 1 && b.quantile(0.5) == 2 && b.quantile(0.99) == 4 && b.quantile(0) == 0)
    }

    /// Binomial(10, 0.3): P(X = 0) = 0.7^10 and P(X ≤ 1) = 0.7^10 + 10 · 0.3 · 0.7^9; thousands of
    /// trials neither overflow nor lose the total.
    @Test func unevenChanceAndManyTrials() {
        let b = Binomial(trials: 10, chance: 0.3)
        #expect(abs(b.probability(atMost: 0) - pow(0.7, 10)) < 1e-14)
        #expect(abs(b.probability(atMost: 1) - (pow(0.7, 10) + 3 * pow(0.7, 9))) < 1e-14)
        let large = Binomial(trials: 20_000, chance: 0.05)
        #expect(abs(large.cumulative[19_999] - 1) < 1e-9)
        // Mean 1,000, sd √950 = 30.8: the median is the mean, the 99.5% point about 2.576 sd above.
        #expect(large.quantile(0.5) == 1_000 || large.quantile(0.5) == 1_001)
        #expect(abs(Double(large.quantile(0.995)) - (1_000 + 2.576 * 950.0.squareRoot())) <= 3)
    }
}

/// The rank of a truth among a posterior's draws (``WeightedPosterior/rank(_:of:)``) and the
/// uniformity check over many fits.
@Suite struct RankUniformityTests {
    static let x = FittedParameter(name: "x", range: -10...10, scale: .linear)!

    /// A thousand equal candidates at (k + ½)/1000: the posterior is uniform on (0, 1), its
    /// quantile at j/200 is j/200, so a truth t ranks ⌈200 t⌉ − 1 (the quantiles strictly below).
    @Test func aTruthRanksByTheQuantilesBelowIt() {
        let points = (0..<1_000).map { [(Double($0) + 0.5) / 1_000] }
        let posterior = WeightedPosterior(parameters: [Self.x], points: points, weights: Array(repeating: 0.001, count: 1_000), logLikelihoods: points.map { _ in 0 })
        #expect(posterior.rank(0, of: -1) == 0 && posterior.rank(0, of: 2) == 199)
        for t in [0.0013, 0.1234, 0.5001, 0.77, 0.9949] {
            #expect(posterior.rank(0, of: t) == Int((200 * t).rounded(.up)) - 1, "t \(t)")
        }
    }

    /// The coverage counted from ranks is the fit's own interval: a truth ranks in the central
    /// `c` of the 200 ranks exactly when it lies in ``WeightedPosterior/interval(_:level:)``
    /// (its lower end excluded), on an uneven population.
    @Test func centralRanksAreTheIntervalsTruths() {
        var random = RandomSource(seed: 11)
        let points = (0..<300).map { _ in [-3 + 6 * random.unit() * random.unit()] }
        var weights = points.map { _ in random.unit() + 0.01 }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        let posterior = WeightedPosterior(parameters: [Self.x], points: points, weights: weights, logLikelihoods: points.map { _ in 0 })
        for _ in 0..<500 {
            let truth = -3.5 + 7 * random.unit()
            let rank = posterior.rank(0, of: truth)
            let check = RankUniformity(ranks: [rank], draws: WeightedPosterior.rankDraws)
            for (level, covered) in zip(RankUniformity.levels, check.covered) {
                let interval = posterior.interval(0, level: level)
                #expect((covered == 1) == (interval.lowerBound < truth && truth <= interval.upperBound), "truth \(truth), level \(level)")
            }
        }
    }

    /// Perfectly even ranks (each of the 200 five times): χ² 0, each level covered exactly, no
    /// departure of location, the ECDF difference 0 everywhere and inside its band.
    @Test func evenRanksAreUniform() {
        let ranks = (0..<1_000).map { $0 % 200 }
        let check = RankUniformity(ranks: ranks, draws: WeightedPosterior.rankDraws)
        #expect(check.histogram == Array(repeating: 50, count: 20))
        #expect(check.chiSquared == 0 && check.chiSquaredPValue == 1)
        #expect(check.covered == [500, 800, 900, 950])
        #expect(abs(check.locationZ) < 1e-9 && abs(check.spreadZ) < 1e-6)
        #expect(check.ecdf.count == 39 && check.ecdf.allSatisfy { abs($0.difference) < 1e-12 && $0.lower < 0 && $0.upper > 0 })
        #expect(check.isUniform && check.shape == nil)
        // Binomial(1000, 1/20): mean 50, sd 6.9; the 99% band is about ±2.6 sd.
        #expect(check.binBand.lowerBound >= 31 && check.binBand.lowerBound <= 33 && check.binBand.upperBound >= 67 && check.binBand.upperBound <= 69)
    }

    /// The simultaneous band holds every point of uniform ranks at once with 99% chance: over 300
    /// independent uniform samples of 100 ranks, the count inside is Binomial(300, 0.99) if the
    /// band is right (mean 297; below 290 has chance under 0.001, and at a pointwise 99% band
    /// over 39 points the count would be near 300 · 0.80 = 240). Fixed seed.
    @Test func theSimultaneousBandHoldsAtItsLevel() {
        var random = RandomSource(seed: 2_022)
        var inside = 0
        for _ in 0..<300 {
            let ranks = (0..<100).map { _ in Int(random.unit() * 200) }
            if RankUniformity(ranks: ranks, draws: WeightedPosterior.rankDraws).isUniform { inside += 1 }
        }
        #expect(inside >= 290 && inside <= 300, "inside \(inside) of 300")
    }

    /// Simulation-based calibration of the shared sampler on a model whose posterior is known
    /// (θ from the flat prior on −10…10, y ~ N(θ, 1)), 400 fits: ranks uniform when the fit uses
    /// the model that made the data, and each mutation of the fit caught with its shape: a
    /// likelihood of σ 0.6 (intervals 0.6 as wide: ∪), of σ 0.78 (its 80% interval reported as
    /// 90%: quantiles at 10/90 given as 5/95, 1.2816/1.6449 = 0.78), of σ 1.7 (∩), centred 0.6
    /// above y (the truth below the posterior: biased high). Fixed seeds; the calibrated case
    /// passes at this seed, as a calibrated fit does with chance 0.99.
    @Test(arguments: [(1.0, 0.0, nil), (0.6, 0.0, RankUniformity.Shape.tooNarrow), (0.78, 0.0, .tooNarrow), (1.7, 0.0, .tooWide), (1.0, 0.6, .biasedHigh)] as [(Double, Double, RankUniformity.Shape?)])
    func theSamplersRanksShowAMutatedFit(sigma: Double, shift: Double, shape: RankUniformity.Shape?) throws {
        var random = RandomSource(seed: 46)
        var ranks: [Int] = []
        for repetition in 0..<400 {
            let truth = -10 + 20 * random.unit()
            let y = truth + (-2 * log(1 - random.unit())).squareRoot() * cos(2 * Double.pi * random.unit())
            let posterior = try #require(AdaptiveImportanceSampler.sample(
                parameters: [Self.x], settings: .init(candidatesPerStage: 150, stages: 3), seed: UInt64(repetition)
            ) { candidates in
                candidates.map { c in -(c[0] - y - shift) * (c[0] - y - shift) / (2 * sigma * sigma) }
            })
            ranks.append(posterior.rank(0, of: truth))
        }
        let check = RankUniformity(ranks: ranks, draws: WeightedPosterior.rankDraws)
        #expect(check.isUniform == (shape == nil), "χ² p \(check.chiSquaredPValue), location z \(check.locationZ), spread z \(check.spreadZ)")
        #expect(check.shape == shape)
        if shape == nil {
            // Coverage at 90%: Binomial(400, 0.9), mean 360, sd 6; ±4 sd.
            #expect(abs(check.covered[2] - 360) <= 24, "covered \(check.covered)")
        }
    }
}
