#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Randomness

/// Whether the ranks of the truth among posterior draws (``WeightedPosterior/rank(_:of:)``) over
/// a simulation-based calibration's fits are uniform, as they are when the fit is calibrated
/// (Talts et al. 2018; Modrák et al. 2023): the rank histogram with each bin's binomial band, the
/// ECDF difference with its simultaneous band (Säilynoja, Bürkner and Vehtari 2022), a χ² test,
/// the coverage of central intervals at several levels, and, where the ranks are not uniform,
/// the shape: ∪ (the posterior too narrow), ∩ (too wide) or a slope (biased).
///
/// ```swift
/// let check = RankUniformity(ranks: fits.map { $0.ranks[0] }, draws: WeightedPosterior.rankDraws)
/// check.isUniform   // the ECDF within its 99% simultaneous band
/// check.shape       // nil, or what is wrong
/// ```
///
/// Every band is exact for the count of fits (binomial, not a normal approximation) and the
/// simultaneous band is found by simulating uniform ranks on a fixed seed, so the same ranks give
/// the same verdict on every machine.
public struct RankUniformity: Sendable, Hashable, Codable {
    /// The confidence of the bands and the verdict.
    public static let confidence = 0.99
    /// Bins of the histogram: 20, of 10 ranks each for 199 draws.
    public static let bins = 20
    /// Central interval levels whose coverage is counted.
    public static let levels = [0.5, 0.8, 0.9, 0.95]
    /// Points of the ECDF difference: every bin edge inside (0, 1) and the midpoints between, 39
    /// for 20 bins.
    public static let ecdfPoints = 2 * bins - 1
    /// Uniform samples simulated to find the simultaneous band's pointwise level.
    public static let simulations = 2_000

    /// Fits ranked.
    public var fits: Int
    /// Draws each truth was ranked among (L): ranks run 0...draws.
    public var draws: Int
    /// Fits per bin, ranks split into ``bins`` equal runs.
    public var histogram: [Int]
    /// Each bin's count under uniform ranks lies in this band with chance ``confidence``.
    public var binBand: ClosedRange<Int>
    /// Pearson's χ² of the histogram against uniform, and its p-value (df = bins − 1).
    public var chiSquared: Double
    public var chiSquaredPValue: Double
    /// The ECDF difference: at each point z, the share of ranks below z minus z.
    public var ecdf: [ECDFPoint]
    /// Per level of ``levels``: fits whose truth lay in the central interval.
    public var covered: [Int]
    /// The mean of the fractional ranks minus ½, in standard errors: positive when the truth
    /// lies above the posterior (the fit underestimates), negative when below.
    public var locationZ: Double
    /// The mean squared distance of the fractional ranks from ½ against uniform's 1/12, in
    /// standard errors: positive when truths fall in the tails (too narrow), negative when they
    /// crowd the middle (too wide).
    public var spreadZ: Double

    public struct ECDFPoint: Sendable, Hashable, Codable {
        public var z: Double
        public var difference: Double
        /// The simultaneous band at z: every point of a uniform sample's difference lies in its
        /// band with chance ``RankUniformity/confidence``.
        public var lower: Double
        public var upper: Double
    }

    /// - Precondition: every rank in 0...draws, and draws + 1 a multiple of twice ``bins`` (the
    ///   ECDF's points lie at the bins' edges and midpoints).
    public init(ranks: [Int], draws: Int) {
        let values = draws + 1
        precondition(values % (2 * Self.bins) == 0 && ranks.allSatisfy { (0...draws).contains($0) })
        let n = ranks.count
        fits = n
        self.draws = draws
        let width = values / Self.bins
        var histogram = Array(repeating: 0, count: Self.bins)
        for rank in ranks { histogram[rank / width] += 1 }
        self.histogram = histogram
        // Uniform ranks are equally likely in each bin, so a bin's count is Binomial(n, 1/bins).
        let tail = (1 - Self.confidence) / 2
        if n > 0 {
            let bin = Binomial(trials: n, chance: 1 / Double(Self.bins))
            binBand = bin.quantile(tail)...bin.quantile(1 - tail)
        } else {
            binBand = 0...0
        }
        let expected = Double(n) / Double(Self.bins)
        chiSquared = n > 0 ? histogram.reduce(0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected } : 0
        chiSquaredPValue = ChiSquared.survival(chiSquared, degreesOfFreedom: Self.bins - 1)
        covered = Self.levels.map { level in
            // The central `level` of the 200 ranks: those whose truth lies inside the interval.
            let outside = Int(((1 - level) / 2 * Double(values)).rounded())
            return ranks.filter { $0 >= outside && $0 < values - outside }.count
        }
        let fractions = ranks.map { (Double($0) + 0.5) / Double(values) }
        let mean = fractions.reduce(0, +) / Double(max(n, 1))
        // Discrete uniform fractional ranks: mean ½, E(u − ½)² = (1 − 1/V²)/12, and
        // Var((u − ½)²) → 1/180 (its continuous value; the discrete one is within 1/V² of it).
        let spread = fractions.reduce(0) { $0 + ($1 - 0.5) * ($1 - 0.5) } / Double(max(n, 1))
        let meanSquare = (1 - 1 / Double(values * values)) / 12
        locationZ = n > 0 ? (mean - 0.5) / (meanSquare / Double(n)).squareRoot() : 0
        spreadZ = n > 0 ? (spread - meanSquare) / (1 / 180 / Double(n)).squareRoot() : 0
        ecdf = Self.ecdfDifference(ranks: ranks, values: values)
    }

    /// The ECDF difference and its simultaneous band by the simulation method of Säilynoja et al.
    /// (2022, §3.2): the count of ranks below each point z is Binomial(n, z) under uniformity;
    /// for each of ``simulations`` uniform samples, the smallest two-sided tail probability over
    /// the points; the pointwise level γ that 1 − ``confidence`` of the samples fall below makes
    /// the pointwise bands at γ hold every point at once with chance ``confidence``.
    static func ecdfDifference(ranks: [Int], values: Int) -> [ECDFPoint] {
        let n = ranks.count
        let step = values / (Self.ecdfPoints + 1)
        // A point at rank j counts the ranks below j: z = j / values.
        let points = (1...Self.ecdfPoints).map { $0 * step }
        guard n > 0 else { return points.map { ECDFPoint(z: Double($0) / Double(values), difference: 0, lower: 0, upper: 0) } }
        let distributions = points.map { Binomial(trials: n, chance: Double($0) / Double(values)) }
        func below(_ counts: [Int]) -> [Int] {
            var running = 0, next = 0
            var result: [Int] = []
            for (rank, count) in counts.enumerated() {
                while next < points.count && points[next] == rank {
                    result.append(running)
                    next += 1
                }
                running += count
            }
            return result
        }
        func smallestTail(_ below: [Int]) -> Double {
            zip(below, distributions).reduce(1) { smallest, pair in
                let (k, binomial) = pair
                return min(smallest, 2 * min(binomial.probability(atMost: k), binomial.probability(atLeast: k)))
            }
        }
        var random = RandomSource(seed: 0x5BC0_2022)
        var tails: [Double] = []
        tails.reserveCapacity(Self.simulations)
        for _ in 0..<Self.simulations {
            var counts = Array(repeating: 0, count: values)
            for _ in 0..<n { counts[min(values - 1, Int(random.unit() * Double(values)))] += 1 }
            tails.append(smallestTail(below(counts)))
        }
        tails.sort()
        // The 20th smallest of 2,000: a uniform sample's smallest tail falls below it (and its
        // ECDF leaves the band) in at most 1% of samples.
        let gamma = tails[max(0, Int(((1 - Self.confidence) * Double(Self.simulations)).rounded()) - 1)]
        var observed = Array(repeating: 0, count: values)
        for rank in ranks { observed[rank] += 1 }
        return zip(zip(points, below(observed)), distributions).map { pair, binomial in
            let (j, count) = pair
            let z = Double(j) / Double(values)
            return ECDFPoint(
                z: z, difference: Double(count) / Double(n) - z,
                lower: Double(binomial.quantile(gamma / 2)) / Double(n) - z, upper: Double(binomial.quantile(1 - gamma / 2)) / Double(n) - z)
        }
    }

    /// The ranks look uniform: the ECDF difference within its simultaneous band at every point.
    public var isUniform: Bool { ecdf.allSatisfy { $0.difference >= $0.lower - 1e-12 && $0.difference <= $0.upper + 1e-12 } }

    /// What the ranks show when they are not uniform, or nil: the larger of the spread's and the
    /// location's departures names it.
    public var shape: Shape? {
        guard !isUniform else { return nil }
        if abs(spreadZ) >= abs(locationZ) { return spreadZ > 0 ? .tooNarrow : .tooWide }
        return locationZ > 0 ? .biasedLow : .biasedHigh
    }

    public enum Shape: String, Sendable, Hashable, Codable {
        /// ∪: truths fall in the posterior's tails more often than its level says.
        case tooNarrow = "too narrow"
        /// ∩: truths crowd the middle; the intervals are wider than they need be.
        case tooWide = "too wide"
        /// A rising slope: truths lie above the posterior; the fit underestimates.
        case biasedLow = "biased low"
        /// A falling slope: truths lie below the posterior; the fit overestimates.
        case biasedHigh = "biased high"
    }
}
