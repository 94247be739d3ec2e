import Calibration
import MonteCarlo
import Randomness
import RelentlessGeneration
import RelentlessSimulation

/// Whether a fit's intervals mean what they say (simulation-based calibration, Talts et al.
/// 2018): again and again, true values drawn from the fit's own flat prior, a study of playtests
/// simulated from them, the fit made; the truth's rank among the posterior's draws must be
/// uniform (``Calibration/RankUniformity``), which checks every level at once, and the share of
/// intervals holding the truth must be the stated level. `calibrate --sbc N` runs it; the
/// Calibration article gives its results.
public struct SBCStudy: Sendable {
    public var calibration: PersonaCalibration.Settings
    public var repetitions: Int
    public var playtests: Int
    public var rounds: Int
    public var players: Int

    public init(calibration: PersonaCalibration.Settings, repetitions: Int, playtests: Int, rounds: Int, players: Int) {
        self.calibration = calibration
        self.repetitions = repetitions
        self.playtests = playtests
        self.rounds = rounds
        self.players = players
    }

    public struct Result: Sendable, Hashable, Codable {
        /// Per fitted key, in `--fit` order: how many intervals held the truth.
        public var keys: [String]
        public var covered: [Int]
        public var repetitions: Int
        /// Fits whose predictive check flagged the study (the model is the truth here, so about
        /// 1% should).
        public var flagged: Int
        public var level: Double
        /// Per fitted key, in `--fit` order: whether the truth's ranks are uniform, and how not.
        public var ranks: [RankUniformity]
        /// Every fit: the truth, the interval, the ranks and the predictive check's p-value (nil:
        /// the fit could not play), so that a shortfall can be traced to where it falls.
        public var fits: [Fit]
    }

    /// One fit: the truth, the interval and the predictive check (nil and no interval: the
    /// fit could not play).
    public typealias Fit = SBCFitRecord

    /// - Returns: nil when cancelled.
    public func run(
        design: PreparedDesign, pipeline: Pipeline, version: String, cancellation: Cancellation? = nil,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws(CalibrationError) -> Result? {
        guard
            let fits = try fits(0..<repetitions, design: design, pipeline: pipeline, version: version, cancellation: cancellation, progress: progress)
        else { return nil }
        return try result(fits)
    }

    /// Fits `range` of the study, each as the whole study makes it: the truths of the fits
    /// before `range` are drawn (and not fitted), so every fit's truth and seeds are the same
    /// whichever machine fits it. What a shard of a study on a cluster plays.
    /// - Returns: nil when cancelled.
    public func fits(
        _ range: Range<Int>, design: PreparedDesign, pipeline: Pipeline, version: String, cancellation: Cancellation? = nil,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws(CalibrationError) -> [Fit]? {
        let base = calibration.base
        var fits: [Fit] = []
        var random = RandomSource(seed: calibration.seed)
        for repetition in 0..<min(range.upperBound, repetitions) {
            if repetition >= range.lowerBound {
                progress(repetition - range.lowerBound, range.count)
                if cancellation?.isCancelled == true { return nil }
            }
            // The truth, drawn from the prior the fit searches: one persona, or a seat's each.
            var truth = Array(repeating: base, count: calibration.perSeat ? players : 1)
            var values: [Double] = []
            for (parameter, key, seat) in try PersonaCalibration.parameters(calibration, seats: truth.count) {
                let x = parameter.value(ofInternal: parameter.internalDraw(&random))
                key.applying(x, to: &truth[seat ?? 0], base: base)
                values.append(x)
            }
            guard repetition >= range.lowerBound else { continue }
            let seed = RandomSource.mix64(calibration.seed &+ UInt64(repetition) &* 0x9E37_79B9_7F4A_7C15)
            let log = SyntheticPlaytests.log(
                design: design, pipeline: pipeline, version: version, team: truth.count == 1 ? Array(repeating: truth[0], count: players) : truth,
                playtests: playtests, rounds: rounds,
                seed: seed)
            var settings = calibration
            settings.seed = seed ^ 1
            guard let result = try PersonaCalibration(design: design, pipeline: pipeline, log: log, settings: settings).run(cancellation: cancellation) else {
                if cancellation?.isCancelled == true { return nil }
                fits.append(Fit(truth: values, lower: [], upper: [], pValue: nil, flagged: false, ranks: [], effectiveSampleSize: nil))
                continue
            }
            fits.append(Fit(
                truth: values, lower: result.fitted.map(\.interval.lowerBound), upper: result.fitted.map(\.interval.upperBound),
                pValue: result.predictive.pValue, flagged: result.predictive.flagged,
                ranks: values.indices.map { result.posterior.rank($0, of: values[$0]) }, effectiveSampleSize: result.effectiveSampleSize))
        }
        progress(range.count, range.count)
        return fits
    }

    /// The study's result from every one of its fits, in order: from ``fits(_:design:pipeline:version:cancellation:progress:)``
    /// of the whole study here, or of its parts on a cluster.
    public func result(_ fits: [Fit]) throws(CalibrationError) -> Result {
        let keys = try PersonaCalibration.parameters(calibration, seats: calibration.perSeat ? players : 1).map(\.parameter.name)
        var covered = Array(repeating: 0, count: keys.count)
        for fit in fits where fit.lower.count == keys.count {
            for i in keys.indices where (fit.lower[i]...fit.upper[i]).contains(fit.truth[i]) { covered[i] += 1 }
        }
        // A fit that could not play has no rank: the check is of the fits that played.
        let ranks = keys.indices.map { i in
            RankUniformity(ranks: fits.filter { $0.ranks.count == keys.count }.map { $0.ranks[i] }, draws: WeightedPosterior.rankDraws)
        }
        return Result(
            keys: keys, covered: covered, repetitions: repetitions, flagged: fits.filter(\.flagged).count, level: calibration.level, ranks: ranks,
            fits: fits)
    }
}
