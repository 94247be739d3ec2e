import Calibration
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct CovarianceTests {
    @Test func sampleMeanAndCovarianceByHand() throws {
        // x = 1, 2, 3, 6; y = 2, 4, 5, 1: means 3 and 3; Σ(dx²) = 14, Σ(dy²) = 10, Σ(dx dy) = -5.
        let c = try #require(Covariance(of: [[1, 2], [2, 4], [3, 5], [6, 1]]))
        #expect(c.mean == [3, 3])
        let expected = [14.0 / 3, -5.0 / 3, -5.0 / 3, 10.0 / 3]
        for (a, b) in zip(c.matrix, expected) { #expect(abs(a - b) < 1e-12) }
    }

    @Test func weightsCountAsRepeats() throws {
        // Weight 2 on a point is the point twice, for the mean; the covariance uses reliability weights.
        let weighted = try #require(Covariance(of: [[0.0], [3.0]], weights: [2, 1]))
        #expect(abs(weighted.mean[0] - 1) < 1e-12)
        // Σw = 3, Σw² = 5: Σ w (x − 1)² = 2 + 4 = 6, times 3 / (9 − 5).
        #expect(abs(weighted.matrix[0] - 4.5) < 1e-12)
        #expect(Covariance(of: [[1.0]]) == nil)
    }

    @Test func choleskyOfAKnownMatrix() throws {
        // [[4, 2], [2, 3]] = L Lᵀ with L = [[2, 0], [1, √2]].
        let l = try #require(Covariance(mean: [0, 0], matrix: [4, 2, 2, 3]).cholesky())
        #expect(abs(l[0] - 2) < 1e-12 && l[1] == 0 && abs(l[2] - 1) < 1e-12 && abs(l[3] - 2.0.squareRoot()) < 1e-12)
        #expect(Covariance(mean: [0, 0], matrix: [1, 2, 2, 1]).cholesky() == nil)  // indefinite
    }

    @Test func normalDensityMatchesTheClosedForm() throws {
        // Independent coordinates: the density is the product of the one-dimensional ones.
        let c = Covariance(mean: [1, -2], matrix: [4, 0, 0, 0.25])
        let x = [2.5, -1.0]
        let expected = -0.5 * (1.5 * 1.5 / 4 + 1 / 0.25) - 0.5 * log(2 * Double.pi * 4) - 0.5 * log(2 * Double.pi * 0.25)
        #expect(abs(try #require(c.logDensity(x)) - expected) < 1e-12)
        // Correlated: (x−m)ᵀ Σ⁻¹ (x−m) with Σ⁻¹ = [[3, -2], [-2, 4]] / 8 for Σ = [[4, 2], [2, 3]].
        let d = Covariance(mean: [0, 0], matrix: [4, 2, 2, 3])
        let (distance, logDet) = try #require(d.mahalanobis([1, 1]))
        #expect(abs(distance - (3 - 4 + 4) / 8.0) < 1e-12)
        #expect(abs(logDet - log(8.0)) < 1e-12)
    }

    @Test func ridgeMakesAConstantSummaryUsable() throws {
        let constant = try #require(Covariance(of: [[1, 5], [2, 5], [3, 5]]))
        #expect(constant.cholesky() == nil)
        let usable = constant.regularized(ridge: 1e-6, floor: 1e-9)
        #expect(usable.cholesky() != nil)
        // The varying coordinate is all but unchanged: variance 1 plus a millionth of the mean variance.
        #expect(abs(usable.matrix[0] - (1 + 1e-6 * 0.5)) < 1e-15)
    }
}

@Suite struct SyntheticLikelihoodTests {
    /// In one dimension the predictive density is Student's t with K − 1 degrees of freedom,
    /// centred on the replicates' mean with scale s √(1 + 1/K): checked against that closed form.
    @Test func oneDimensionIsStudentsT() throws {
        let replicates: [[Double]] = [[1], [2], [4], [7]]
        let (k, mean, s2) = (4.0, 3.5, (6.25 + 2.25 + 0.25 + 12.25) / 3)
        let nu = k - 1
        let scale = (s2 * (1 + 1 / k)).squareRoot()
        for y in [-3.0, 0, 3.5, 10] {
            let t = (y - mean) / scale
            let constant: Double = lgamma((nu + 1) / 2) - lgamma(nu / 2) - 0.5 * log(nu * Double.pi)
            let kernel: Double = -(nu + 1) / 2 * log(1 + t * t / nu)
            let exact = constant - log(scale) + kernel
            let computed = try #require(SyntheticLikelihood.logLikelihood(observed: [y], replicates: replicates))
            #expect(abs(computed - exact) < 1e-6, "y \(y)")  // the ridge adds 1e-6 of the variance
        }
    }

    @Test func needsMoreReplicatesThanSummaries() {
        #expect(SyntheticLikelihood.logLikelihood(observed: [0, 0], replicates: [[1, 2], [3, 1]]) == nil)
        #expect(SyntheticLikelihood.logLikelihood(observed: [0, 0], replicates: [[1, 2], [3, 1], [0, 5]]) != nil)
    }
}

@Suite struct ConstantSummaryTests {
    /// A summary every replicate and the observation share is a certainty: the likelihood is the
    /// one of the other summaries alone.
    @Test func aSharedConstantCountsForNothing() throws {
        let replicates: [[Double]] = [[1, 5], [2, 5], [4, 5], [7, 5]]
        let alone = try #require(SyntheticLikelihood.logLikelihood(observed: [3], replicates: replicates.map { [$0[0]] }))
        let with = try #require(SyntheticLikelihood.logLikelihood(observed: [3, 5], replicates: replicates))
        #expect(with == alone)
        // Observed elsewhere, the constant counts against the candidate.
        let off = try #require(SyntheticLikelihood.logLikelihood(observed: [3, 6], replicates: replicates))
        #expect(off < alone - 10)
    }
}
