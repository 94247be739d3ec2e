#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import MonteCarlo

/// Finds parameter values at which every one of several noisy metrics falls in its band (a
/// balance spec: "novices broke by round 12, casual teams to round 25 half the time"), by
/// Bayesian optimization on common random numbers.
///
/// ```swift
/// let search = SpecSearch(dimensions: [.init(name: "a", range: 0...10, integral: true)], bands: [Band(atLeast: 3)],
///                         games: 256...4096, maxPoints: 30, confidence: .ninetyFive)
/// let result = try search.run { point, games in play(point, games) }
/// result.answer   // a point whose every interval lies in its band, or nil
/// ```
///
/// Every point is played on the first n games of the same seeds, so the noise is common to all
/// points and differences between them are the parameters' own. Each target's metric gets a
/// Gaussian-process surrogate (``GaussianProcess``) of the points played so far, each point's
/// noise its own standard error. The next point is the one most likely to meet every target at
/// once, the product of each target's chance under its surrogate (the targets' surrogates are
/// taken as independent; Gardner et al. 2014 weigh constraints the same way). When that point is
/// one already played, and an interval there straddles its band's edge, its games double (its
/// earlier games kept), as the gate's looks do: games go where a verdict is still open (a point
/// that misses a target is not played again). The
/// search stops at the first point whose every interval lies inside its band (then plays
/// `regionPoints` more to map the region that meets the spec), when after a first exploration
/// (4d + 4 points) the surrogates give no point even a 0.1% chance, or after `maxPoints` points.
/// Without an answer, each target not met at any point played is then tried alone, at most
/// ``probes`` points each, where its own surrogate gives it the best chance: a conflict ("each
/// can be met, not both") is then told from games played.
///
/// Whole-number parameters are searched over whole numbers only (C7). The candidates are every
/// point of the grid when it has at most ``gridLimit`` points, else a Halton set; both are fixed,
/// so a search is a function of its evaluations and the same seed gives the same search.
public struct SpecSearch: Sendable {
    public struct Dimension: Sendable, Hashable, Codable {
        public var name: String
        public var range: ClosedRange<Double>
        public var integral: Bool

        public init(name: String, range: ClosedRange<Double>, integral: Bool) {
            self.name = name
            self.range = range
            self.integral = integral
        }
    }

    public var dimensions: [Dimension]
    /// Per target, the band its metric must lie in.
    public var bands: [Band]
    /// Games a point is first played on, and the most it is played on.
    public var games: ClosedRange<Int>
    /// Distinct points played at most.
    public var maxPoints: Int
    /// Points played after the answer to map the region that meets the spec (within
    /// `maxPoints`): each where the surrogates are least sure whether every target is met (the
    /// straddle of level-set estimation, Bryan et al. 2005), so the region's edges are drawn from
    /// games, not guessed.
    public var regionPoints: Int
    /// The confidence of the evaluations' intervals: their width gives each estimate's standard
    /// error.
    public var confidence: Confidence

    /// A grid of at most this many points is searched whole; a larger one by a Halton set of
    /// ``haltonCandidates`` points.
    public static let gridLimit = 4_096
    public static let haltonCandidates = 2_048
    /// Below this chance of meeting every target at the surrogates' best point, the spec is
    /// taken to be out of reach and the search stops.
    public static let hopeless = 0.001
    /// Points tried for each target alone when no point meets every one (beyond `maxPoints`).
    public static let probes = 2

    public init(dimensions: [Dimension], bands: [Band], games: ClosedRange<Int>, maxPoints: Int, regionPoints: Int = 0, confidence: Confidence) {
        self.dimensions = dimensions
        self.bands = bands
        self.games = games
        self.maxPoints = maxPoints
        self.regionPoints = regionPoints
        self.confidence = confidence
    }

    /// One point played: each target's estimate and interval on its first n games.
    public struct Evaluation: Sendable, Codable, Hashable {
        public var point: [Double]
        public var games: Int
        public var estimates: [Double]
        public var lower: [Double]
        public var upper: [Double]

        public init(point: [Double], games: Int, estimates: [Double], lower: [Double], upper: [Double]) {
            self.point = point
            self.games = games
            self.estimates = estimates
            self.lower = lower
            self.upper = upper
        }

        /// Each target's verdict: met when its interval lies in the band, missed when outside.
        /// A metric without a value (no game reached its round, where that is the least it can
        /// be) misses every band, as the gate has it.
        public func verdicts(_ bands: [Band]) -> [Verdict] {
            bands.indices.map { estimates[$0].isFinite ? bands[$0].verdict(for: lower[$0]...max(lower[$0], upper[$0])) : .missed }
        }
    }

    public struct Result: Sendable, Codable {
        /// The first point whose every interval lies in its band; nil when none did.
        public var answer: Evaluation?
        /// Every evaluation in the order played; a point played again on more games appears again.
        public var evaluations: [Evaluation]
        /// Games played in all, over every point (a point's earlier games counted once).
        public var gamesPlayed: Int
        /// When there is no answer: the points no other point beats on every target (each
        /// target's shortfall, how far its estimate lies outside its band), the last evaluation
        /// of each point.
        public var front: [Evaluation]
        /// Pairs of targets each met at some point played, never both at one, and together given
        /// less than a 5% chance anywhere by the surrogates.
        public var conflicts: [[Int]]
        /// Targets met at no point played, which the surrogates give less than a 5% chance
        /// anywhere in the range.
        public var unreachable: [Int]
        /// Per parameter, the extent of the candidates the surrogates give at least an even
        /// chance of meeting every target; nil when there are none.
        public var region: [ClosedRange<Double>]?
        /// Why the search stopped.
        public var stop: Stop
    }

    public enum Stop: String, Sendable, Codable {
        case met, hopeless, budget
    }

    /// - Parameter evaluate: every target's estimate and interval at a point on its first n
    ///   games of the fixed seeds; nil when interrupted (the search then returns nil).
    public func run<E: Error>(_ evaluate: (_ point: [Double], _ games: Int) throws(E) -> Evaluation?) throws(E) -> Result? {
        precondition(!dimensions.isEmpty && !bands.isEmpty && maxPoints >= 1 && games.lowerBound >= 1)
        var evaluations: [Evaluation] = []
        // Each point's last evaluation, in the order the points were first played.
        var last: [Evaluation] = []
        var position: [[Double]: Int] = [:]
        func latest(_ point: [Double]) -> Evaluation? { position[point].map { last[$0] } }
        var gamesPlayed = 0
        // Points with no more to learn: played on their most games with a verdict still open, or
        // missing a target.
        var spent: Set<[Double]> = []
        func play(_ point: [Double], _ n: Int) throws(E) -> Evaluation? {
            guard let e = try evaluate(point, n) else { return nil }
            gamesPlayed += n - (latest(point)?.games ?? 0)
            if let k = position[point] {
                last[k] = e
            } else {
                position[point] = last.count
                last.append(e)
            }
            evaluations.append(e)
            return e
        }
        let candidates = self.candidates()
        // Once a point meets the spec: the region around it mapped, then the result.
        func answered(_ answer: Evaluation) throws(E) -> Result? {
            for _ in 0..<regionPoints where last.count < maxPoints {
                let surrogates = fit(last)
                var edge: (point: [Double], doubt: Double)?
                for point in candidates where position[point] == nil {
                    let p = chance(surrogates, at: point)
                    if edge.map({ min(p, 1 - p) > $0.doubt }) ?? true { edge = (point, min(p, 1 - p)) }
                }
                guard let edge else { break }
                guard try play(edge.point, games.lowerBound) != nil else { return nil }
            }
            return finish(answer, evaluations, gamesPlayed, last, candidates, .met)
        }
        // Without an answer: each target not yet met anywhere is tried alone, where its own
        // surrogate gives it the best chance, so that a conflict or an unreachable target is
        // named from games played, not from the surrogates alone.
        func unanswered(_ stop: Stop) throws(E) -> Result? {
            for t in bands.indices {
                for _ in 0..<Self.probes where last.count < maxPoints + Self.probes * bands.count {
                    if last.contains(where: { $0.verdicts(bands)[t] == .met }) { break }
                    let surrogates = fit(last)
                    var best: (point: [Double], chance: Double)?
                    for point in candidates where position[point] == nil {
                        let p = targetChance(surrogates[t], bands[t], at: point)
                        if best.map({ p > $0.chance }) ?? true { best = (point, p) }
                    }
                    guard let best else { break }
                    guard let e = try play(best.point, games.lowerBound) else { return nil }
                    if e.verdicts(bands).allSatisfy({ $0 == .met }) { return try answered(e) }
                }
            }
            return finish(nil, evaluations, gamesPlayed, last, candidates, stop)
        }
        for point in initialDesign() where last.count < maxPoints {
            guard let e = try play(point, games.lowerBound) else { return nil }
            if e.verdicts(bands).allSatisfy({ $0 == .met }) { return try answered(e) }
        }
        let exploration = min(maxPoints, 4 * dimensions.count + 4)
        while true {
            let surrogates = fit(last)
            // The chance of meeting every target, by its logarithm: where every point's chance is
            // tiny the ranking still says which is nearest.
            var best: (point: [Double], logChance: Double)?
            for point in candidates where !spent.contains(point) {
                let l = logChance(surrogates, at: point)
                if best.map({ l > $0.logChance }) ?? true { best = (point, l) }
            }
            guard let best else { return try unanswered(.hopeless) }
            if best.logChance < log(Self.hopeless) && last.count >= exploration { return try unanswered(.hopeless) }
            let n: Int
            if let known = latest(best.point) {
                guard known.games * 2 <= games.upperBound else {
                    spent.insert(best.point)
                    continue
                }
                n = known.games * 2
            } else {
                guard last.count < maxPoints else { return try unanswered(.budget) }
                n = games.lowerBound
            }
            guard let e = try play(best.point, n) else { return nil }
            if e.verdicts(bands).allSatisfy({ $0 == .met }) { return try answered(e) }
            // A target missed is decided there: more games would not meet it.
            if e.verdicts(bands).contains(.missed) { spent.insert(best.point) }
        }
    }

    /// The result, with the trade-off, conflicts and region the surrogates show, from `last`:
    /// each point's last evaluation.
    private func finish(
        _ answer: Evaluation?, _ evaluations: [Evaluation], _ gamesPlayed: Int, _ last: [Evaluation], _ candidates: [[Double]], _ stop: Stop
    ) -> Result {
        let surrogates = fit(last)
        let chances = candidates.map { point in bands.indices.map { targetChance(surrogates[$0], bands[$0], at: point) } }
        let alone = bands.indices.map { t in chances.map { $0[t] }.max() ?? 0 }
        let verdicts = last.map { $0.verdicts(bands) }
        let met = bands.indices.map { t in verdicts.contains { $0[t] == .met } }
        var conflicts: [[Int]] = []
        for a in bands.indices {
            for b in bands.indices where b > a && met[a] && met[b] && !verdicts.contains(where: { $0[a] == .met && $0[b] == .met }) {
                if (chances.map { $0[a] * $0[b] }.max() ?? 0) < 0.05 { conflicts.append([a, b]) }
            }
        }
        let likely = zip(candidates, chances).filter { $0.1.reduce(1, *) >= 0.5 }.map(\.0)
        let region: [ClosedRange<Double>]? =
            likely.isEmpty ? nil : dimensions.indices.map { i in likely.map { $0[i] }.min()!...likely.map { $0[i] }.max()! }
        return Result(
            answer: answer, evaluations: evaluations, gamesPlayed: gamesPlayed, front: answer == nil ? front(last) : [], conflicts: conflicts,
            unreachable: bands.indices.filter { !met[$0] && alone[$0] < 0.05 }, region: region, stop: stop)
    }

    /// The points no other beats on every target's shortfall, each shortfall in units of that
    /// metric's spread over the points (so that a share and a count weigh alike); of points
    /// with the same shortfalls, the first played.
    func front(_ points: [Evaluation]) -> [Evaluation] {
        let spreads = bands.indices.map { t -> Double in
            let values = points.map { $0.estimates[t] }.filter(\.isFinite)
            guard let low = values.min(), let high = values.max(), high > low else { return 1 }
            return high - low
        }
        let shortfalls = points.map { e in
            bands.indices.map { t -> Double in
                let x = e.estimates[t]
                let below = bands[t].atLeast.map { $0 - x } ?? -.infinity
                let above = bands[t].atMost.map { x - $0 } ?? -.infinity
                return x.isFinite ? max(0, below, above) / spreads[t] : .infinity
            }
        }
        // A point whose shortfalls equal an earlier one's adds nothing to the trade-off.
        return points.indices.filter { i in
            !points.indices.contains { j in
                (j != i && zip(shortfalls[j], shortfalls[i]).allSatisfy { $0 <= $1 } && zip(shortfalls[j], shortfalls[i]).contains { $0 < $1 })
                    || (j < i && shortfalls[j] == shortfalls[i])
            }
        }.map { points[$0] }
    }

    /// A surrogate per target from the points' last evaluations (finite estimates only; nil
    /// when a target has none).
    func fit(_ points: [Evaluation]) -> [GaussianProcess?] {
        let z = confidence.z
        return bands.indices.map { t in
            let usable = points.filter { $0.estimates[t].isFinite && $0.lower[t].isFinite && $0.upper[t].isFinite }
            return GaussianProcess(
                points: usable.map { unit($0.point) }, values: usable.map { $0.estimates[t] },
                standardErrors: usable.map { ($0.upper[t] - $0.lower[t]) / (2 * z) })
        }
    }

    /// The chance every target is met at `point`, the surrogates taken as independent.
    func chance(_ surrogates: [GaussianProcess?], at point: [Double]) -> Double {
        bands.indices.reduce(1) { $0 * targetChance(surrogates[$1], bands[$1], at: point) }
    }

    /// The logarithm of ``chance(_:at:)``, each target's chance kept above the smallest
    /// positive double so that a ranking survives where every chance underflows.
    func logChance(_ surrogates: [GaussianProcess?], at point: [Double]) -> Double {
        bands.indices.reduce(0) { $0 + log(max(targetChance(surrogates[$1], bands[$1], at: point), .leastNormalMagnitude)) }
    }

    /// The chance a target's metric lies in its band at `point` under its surrogate; ½ without
    /// one (nothing known).
    func targetChance(_ surrogate: GaussianProcess?, _ band: Band, at point: [Double]) -> Double {
        guard let surrogate else { return 0.5 }
        let (mean, sd) = surrogate.predict(unit(point))
        guard sd > 1e-12 else { return band.contains(mean) ? 1 : 0 }
        let above = band.atLeast.map { Normal.cdf((mean - $0) / sd) } ?? 1
        let below = band.atMost.map { Normal.cdf(($0 - mean) / sd) } ?? 1
        return max(0, above + below - 1)
    }

    /// A point scaled to the unit box.
    func unit(_ point: [Double]) -> [Double] {
        zip(point, dimensions).map { x, d in (x - d.range.lowerBound) / (d.range.upperBound - d.range.lowerBound) }
    }

    /// A point of the unit box in the parameters' own values, whole numbers for whole-number ones.
    func value(_ u: [Double]) -> [Double] {
        zip(u, dimensions).map { u, d in
            let x = d.range.lowerBound + u * (d.range.upperBound - d.range.lowerBound)
            return d.integral ? min(d.range.upperBound.rounded(.down), max(d.range.lowerBound.rounded(.up), x.rounded())) : x
        }
    }

    /// The first points: the centre and a Halton set, 2d + 3 in all, each once.
    func initialDesign() -> [[Double]] {
        var points: [[Double]] = []
        for u in [Array(repeating: 0.5, count: dimensions.count)] + (1...(2 * dimensions.count + 2)).map(halton) {
            let point = value(u)
            if !points.contains(point) { points.append(point) }
        }
        return points
    }

    /// The points the search chooses from: every point of a whole-number grid small enough,
    /// else a Halton set; each once.
    public func candidates() -> [[Double]] {
        let sizes = dimensions.map { d in d.integral ? Int(d.range.upperBound.rounded(.down) - d.range.lowerBound.rounded(.up)) + 1 : Int.max }
        if sizes.allSatisfy({ $0 <= Self.gridLimit }), sizes.reduce(1, { $0.multipliedReportingOverflow(by: $1).overflow ? Int.max : $0 * $1 }) <= Self.gridLimit {
            var grid: [[Double]] = [[]]
            for d in dimensions {
                grid = grid.flatMap { prefix in
                    stride(from: d.range.lowerBound.rounded(.up), through: d.range.upperBound.rounded(.down), by: 1).map { prefix + [$0] }
                }
            }
            return grid
        }
        var seen: Set<[Double]> = []
        return (1...Self.haltonCandidates).map { value(halton($0)) }.filter { seen.insert($0).inserted }
    }

    /// The `index`-th point of the Halton sequence in the unit box (bases 2, 3, 5, 7, …).
    func halton(_ index: Int) -> [Double] {
        let primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
        return dimensions.indices.map { i in
            let base = primes[i % primes.count]
            var (f, r, n) = (1.0, 0.0, index)
            while n > 0 {
                f /= Double(base)
                r += f * Double(n % base)
                n /= base
            }
            return r
        }
    }
}
