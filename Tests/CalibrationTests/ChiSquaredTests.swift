import Calibration
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The predictive check's tail against closed forms: for even degrees of freedom the chi-squared
/// survival is the Poisson sum e^{-x/2} Σ_{j<k/2} (x/2)^j / j!; for one, erfc(√(x/2)).
@Suite struct ChiSquaredTests {
    static func evenSurvival(_ x: Double, _ k: Int) -> Double {
        var term = 1.0
        var sum = 0.0
        for j in 0..<(k / 2) {
            if j > 0 { term *= (x / 2) / Double(j) }
            sum += term
        }
        return exp(-x / 2) * sum
    }

    @Test(arguments: [2, 4, 6, 10, 20, 40])
    func evenDegreesMatchThePoissonSum(k: Int) {
        // Both branches of the computation: x below and above k/2 + 1.
        for x in [0.01, 0.5, 1, 3, 7.5, 12, 25, 60, 120] {
            let exact = Self.evenSurvival(x, k)
            #expect(abs(ChiSquared.survival(x, degreesOfFreedom: k) - exact) <= 1e-12 + 1e-10 * exact, "k \(k), x \(x)")
        }
    }

    @Test func oneDegreeIsTheNormalTail() {
        for x in [0.001, 0.2, 1, 2.705543454095404, 3.841458820694124, 10, 30] {
            let exact = erfc((x / 2).squareRoot())
            #expect(abs(ChiSquared.survival(x, degreesOfFreedom: 1) - exact) <= 1e-12 + 1e-10 * exact, "x \(x)")
        }
        // The textbook critical values: 3.841 cuts 5%, 6.635 cuts 1%.
        #expect(abs(ChiSquared.survival(3.841458820694124, degreesOfFreedom: 1) - 0.05) < 1e-9)
        #expect(abs(ChiSquared.survival(6.6348966010212145, degreesOfFreedom: 1) - 0.01) < 1e-9)
    }

    @Test func edges() {
        #expect(ChiSquared.survival(0, degreesOfFreedom: 3) == 1)
        #expect(ChiSquared.survival(-1, degreesOfFreedom: 3) == 1)
        #expect(ChiSquared.survival(.infinity, degreesOfFreedom: 3) == 0)
    }
}
