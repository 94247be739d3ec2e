#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Randomness

/// Draws a posterior over a few parameters by population Monte Carlo (Cappé et al. 2004): a
/// first population from the flat prior, then stage after stage a population from a normal
/// proposal fitted to the last one (its covariance doubled, as Beaumont et al. 2009 do for
/// ABC-PMC), mixed with the prior so that no region is ever left out (a defensive share, Hesterberg
/// 1995); every candidate weighted by prior × likelihood / proposal.
///
/// ```swift
/// let posterior = try AdaptiveImportanceSampler.sample(
///     parameters: [findSeconds], settings: .init(), seed: 1) { candidates in
///         candidates.map { SyntheticLikelihood.logLikelihood(observed: o, replicates: simulate($0)) }
///     }
/// posterior?.interval(0, level: 0.9)
/// ```
///
/// Each stage's candidates are handed over together, so the caller can simulate them on every
/// core; the candidates depend on the seed and the likelihoods alone, never on how they were
/// computed. The posterior is every stage's candidates together, each weighted against the mixture
/// of all the proposals (see the weights below), so no simulation is wasted.
public enum AdaptiveImportanceSampler {
    public struct Settings: Sendable, Hashable, Codable {
        public var candidatesPerStage: Int
        public var stages: Int
        /// The share of each later stage drawn from the prior.
        public var defensiveShare: Double

        public init(candidatesPerStage: Int = 200, stages: Int = 4, defensiveShare: Double = 0.1) {
            self.candidatesPerStage = candidatesPerStage
            self.stages = stages
            self.defensiveShare = defensiveShare
        }
    }

    /// - Parameter logLikelihood: the log-likelihood of each candidate (values on the parameters'
    ///   own scales, in the order of `parameters`); nil where the model cannot play one.
    /// - Returns: nil when no candidate has a likelihood.
    public static func sample<E: Error>(
        parameters: [FittedParameter], settings: Settings, seed: UInt64,
        progress: (_ stage: Int, _ stages: Int) -> Void = { _, _ in },
        logLikelihood: ([[Double]]) throws(E) -> [Double?]
    ) throws(E) -> WeightedPosterior? {
        precondition(!parameters.isEmpty && settings.candidatesPerStage >= 2 && settings.stages >= 1)
        var random = RandomSource(seed: seed)
        let box = parameters.map(\.internalRange)
        let logPrior = -box.reduce(0) { $0 + log($1.upperBound - $1.lowerBound) }
        var population: [[Double]] = []
        var logLikelihoods: [Double?] = []
        var logWeights: [Double] = []
        // Every stage's proposal (nil: the prior alone), for the mixture's density.
        var proposals: [Proposal?] = []
        for stage in 0..<settings.stages {
            progress(stage, settings.stages)
            let proposal = stage == 0 ? nil : Proposal(population: population, logWeights: logWeights, box: box, random: &random)
            proposals.append(proposal)
            var candidates: [[Double]] = []
            for _ in 0..<settings.candidatesPerStage {
                if let proposal, random.unit() >= settings.defensiveShare, let u = proposal.draw(&random) {
                    candidates.append(u)
                } else {
                    candidates.append(parameters.map { $0.internalDraw(&random) })
                }
            }
            let values = candidates.map { u in zip(parameters, u).map { $0.value(ofInternal: $1) } }
            let found = try logLikelihood(values)
            precondition(found.count == candidates.count, "a likelihood per candidate")
            population += candidates
            logLikelihoods += found
            // Every candidate so far, weighted against the mixture of all the stages' proposals
            // (Veach and Guibas's balance heuristic, the deterministic mixture of AMIS, Cornuet et
            // al. 2012): the posterior rests on all of them, not on the last stage alone.
            logWeights = zip(population, logLikelihoods).map { u, ll in
                guard let ll else { return -.infinity }
                let each = proposals.map { p in
                    p.map { log(settings.defensiveShare * exp(logPrior) + (1 - settings.defensiveShare) * exp($0.logDensity(u))) } ?? logPrior
                }
                return ll + logPrior - (logSumExp(each) - log(Double(each.count)))
            }
            guard logWeights.contains(where: { $0.isFinite }) else { return nil }
        }
        progress(settings.stages, settings.stages)
        let top = logWeights.max() ?? 0
        let raw = logWeights.map { $0.isFinite ? exp($0 - top) : 0 }
        let total = raw.reduce(0, +)
        return WeightedPosterior(
            parameters: parameters, points: population.map { u in zip(parameters, u).map { $0.value(ofInternal: $1) } },
            weights: raw.map { $0 / total }, logLikelihoods: logLikelihoods)
    }

    static func logSumExp(_ xs: [Double]) -> Double {
        guard let top = xs.max(), top.isFinite else { return xs.max() ?? -.infinity }
        return top + log(xs.reduce(0) { $0 + exp($1 - top) })
    }

    /// A normal fitted to a weighted population on the internal scale, its covariance doubled,
    /// restricted to the prior's box. Its mass inside the box is estimated once by drawing.
    struct Proposal {
        let normal: Covariance
        let factor: [Double]
        let box: [ClosedRange<Double>]
        /// log P(a draw of the unrestricted normal lies in the box).
        let logMassInside: Double

        init?(population: [[Double]], logWeights: [Double], box: [ClosedRange<Double>], random: inout RandomSource) {
            let top = logWeights.max() ?? 0
            let weights = logWeights.map { $0.isFinite ? exp($0 - top) : 0 }
            guard let fitted = Covariance(of: population, weights: weights) else { return nil }
            let d = fitted.dimension
            // A degenerate population (one candidate carries all the weight) still proposes around it:
            // at least a hundredth of the box's width on each axis.
            var matrix = fitted.matrix.map { 2 * $0 }
            for i in 0..<d {
                let width = box[i].upperBound - box[i].lowerBound
                matrix[i * d + i] = max(matrix[i * d + i], (width / 100) * (width / 100))
            }
            let normal = Covariance(mean: fitted.mean, matrix: matrix)
            guard let factor = normal.cholesky() else { return nil }
            self.normal = normal
            self.factor = factor
            self.box = box
            var inside = 0
            let tries = 5_000
            for _ in 0..<tries where Self.contains(Self.gaussian(normal.mean, factor, &random), box) { inside += 1 }
            logMassInside = log(Double(max(inside, 1)) / Double(tries))
        }

        func draw(_ random: inout RandomSource) -> [Double]? {
            for _ in 0..<10_000 {
                let u = Self.gaussian(normal.mean, factor, &random)
                if Self.contains(u, box) { return u }
            }
            return nil
        }

        func logDensity(_ u: [Double]) -> Double { (normal.logDensity(u) ?? -.infinity) - logMassInside }

        static func contains(_ u: [Double], _ box: [ClosedRange<Double>]) -> Bool {
            zip(u, box).allSatisfy { $1.contains($0) }
        }

        /// mean + L z, z standard normal (Box–Muller, one pair per two coordinates).
        static func gaussian(_ mean: [Double], _ l: [Double], _ random: inout RandomSource) -> [Double] {
            let d = mean.count
            var z: [Double] = []
            z.reserveCapacity(d + 1)
            while z.count < d {
                let r = (-2 * log(1 - random.unit())).squareRoot()
                let angle = 2 * Double.pi * random.unit()
                z.append(r * cos(angle))
                z.append(r * sin(angle))
            }
            return (0..<d).map { i in mean[i] + (0...i).reduce(0) { $0 + l[i * d + $1] * z[$1] } }
        }
    }
}
