import Calibration
import Dispatch
import MonteCarlo
import Randomness
import RelentlessGeneration
import RelentlessSimulation
import Synchronization

/// Fits persona parameters to playtest logs (issue 22): which values make the simulator's
/// playtests look like the real ones, how sure that is, and where the model still cannot match.
///
/// ```swift
/// let calibration = try PersonaCalibration(design: prepared, pipeline: .default, log: log, settings: settings)
/// let result = calibration.run()
/// result?.fitted[0].interval   // 90% credible interval of the first parameter
/// result?.predictive.flagged   // the logs lie outside what the fitted model plays
/// ```
///
/// The method, and why: a **synthetic likelihood** (Wood 2010) of the log's summaries
/// (``PlaytestSummary``: averages over every noted round), each candidate's mean and covariance
/// estimated from `replicates` simulated studies with **common random numbers**, and a
/// **population Monte-Carlo** posterior (``AdaptiveImportanceSampler``) under flat priors over
/// the ranges searched. Approximate Bayesian computation would need a tolerance, and its
/// intervals widen with it, so they would not cover at the rate they state; the summaries here are
/// averages of many rounds, for which the synthetic likelihood's normal approximation holds, and
/// common random numbers make the likelihood a smooth function of the persona. The predictive
/// check plays the study again with personas drawn from the posterior and asks how far the real
/// summaries lie from those (a Mahalanobis distance, its p-value the share of the simulated
/// studies lying farther).
public struct PersonaCalibration: Sendable {
    public struct Settings: Sendable, Hashable {
        public var fit: [FittablePersonaParameter]
        /// Ranges that replace the defaults (``FittablePersonaParameter/defaultRange(around:)``).
        public var ranges: [FittablePersonaParameter: ClosedRange<Double>]
        /// The persona every seat plays, with the fitted keys replaced.
        public var base: Persona
        /// One persona per seat, each with its own fitted keys, from the per-player counts the
        /// logs note (every playtest must seat as many); false: one persona for the whole team.
        public var perSeat: Bool
        /// Simulated studies per candidate.
        public var replicates: Int
        /// Studies simulated from the prior, once each, to fit the projection of the summaries
        /// onto the parameters (``SummaryProjection``).
        public var pilot: Int
        public var sampler: AdaptiveImportanceSampler.Settings
        /// Studies played from the posterior for the predictive check.
        public var predictiveDraws: Int
        /// The credible level of the intervals.
        public var level: Double
        public var seed: UInt64
        public var threads: Int

        public init(
            fit: [FittablePersonaParameter], ranges: [FittablePersonaParameter: ClosedRange<Double>] = [:], base: Persona, perSeat: Bool = false,
            replicates: Int = 40, pilot: Int = 400,
            sampler: AdaptiveImportanceSampler.Settings = .init(), predictiveDraws: Int = 199, level: Double = 0.9, seed: UInt64 = 1, threads: Int = 1
        ) {
            self.fit = fit
            self.ranges = ranges
            self.base = base
            self.perSeat = perSeat
            self.replicates = replicates
            self.pilot = pilot
            self.sampler = sampler
            self.predictiveDraws = predictiveDraws
            self.level = level
            self.seed = seed
            self.threads = threads
        }
    }

    public let settings: Settings
    public let parameters: [FittedParameter]
    /// What each parameter is: a key, and its seat in a per-seat fit.
    public let targets: [(key: FittablePersonaParameter, seat: Int?)]
    /// Personas a candidate stands for: 1, or a seat's each.
    public let seats: Int
    let replicator: PlaytestReplicator
    let observed: SummaryAccumulator
    let present: [PlaytestSummary]
    let presentSeats: [SummaryAccumulator.SeatSummary]

    /// The parameters a fit searches, and what each is, for a team of `seats` personas.
    public static func parameters(_ settings: Settings, seats: Int) throws(CalibrationError) -> [(parameter: FittedParameter, key: FittablePersonaParameter, seat: Int?)] {
        guard !settings.fit.isEmpty else { throw .nothingToFit }
        var result: [(FittedParameter, FittablePersonaParameter, Int?)] = []
        for seat in 0..<seats {
            for key in settings.fit {
                guard let range = settings.ranges[key] ?? key.defaultRange(around: settings.base) else { throw .zeroBase(key, persona: settings.base.name) }
                let name = settings.perSeat ? "\(key.rawValue) (seat \(seat + 1))" : key.rawValue
                guard let parameter = FittedParameter(name: name, range: range, scale: key.scale) else { throw .badRange(key, range) }
                result.append((parameter, key, settings.perSeat ? seat : nil))
            }
        }
        return result
    }

    public init(design: PreparedDesign, pipeline: Pipeline, log: PlaytestLog, settings: Settings) throws(CalibrationError) {
        guard !log.playtests.isEmpty else { throw .noPlaytests }
        let sizes = Set(log.playtests.map(\.teamSize))
        if settings.perSeat, sizes.count != 1 { throw .perSeatNeedsOneTeamSize(sizes.sorted()) }
        seats = settings.perSeat ? sizes.first ?? 1 : 1
        let list = try Self.parameters(settings, seats: seats)
        let parameters = list.map(\.parameter)
        targets = list.map { ($0.key, $0.seat) }
        var observed = SummaryAccumulator()
        for playtest in log.playtests { observed.add(playtest) }
        presentSeats = settings.perSeat ? observed.presentSeats : []
        if settings.perSeat, presentSeats.isEmpty { throw .perSeatNeedsPlayers }
        // The likelihood is of the projected summaries, one per parameter: its covariance is
        // estimated from the replicates, which must be well more than the parameters.
        let needed = 2 * parameters.count + 2
        guard settings.replicates >= needed else { throw .tooFewReplicates(settings.replicates, needed: needed) }
        // The projection's regression has a coefficient per summary compared.
        let summaries = observed.present.count + presentSeats.count
        guard settings.pilot >= 10 * summaries else { throw .tooFewPilotStudies(settings.pilot, needed: 10 * summaries) }
        self.settings = settings
        self.parameters = parameters
        self.observed = observed
        present = observed.present
        replicator = PlaytestReplicator(design: design, pipeline: pipeline, log: log, seeds: GameSeeds(runSeed: settings.seed))
    }

    /// The personas a candidate stands for (one, or a seat's each): the base with each fitted
    /// key set.
    public func team(_ values: [Double]) -> [Persona] {
        var team = Array(repeating: settings.base, count: seats)
        for ((key, seat), x) in zip(targets, values) { key.applying(x, to: &team[seat ?? 0], base: settings.base) }
        return team
    }

    /// The summaries compared, team's then seats'.
    func vector(_ summaries: SummaryAccumulator) -> [Double] { summaries.vector(of: present) + summaries.seatVector(of: presentSeats) }

    /// Stages an earlier, interrupted run finished, and where to keep each stage this run
    /// finishes, so that `calibrate --resume` simulates none of them again. The sampler is a
    /// function of the seed and the likelihoods, so the same settings propose the same candidates:
    /// a stage kept is taken only when its candidates are exactly those proposed.
    public struct StageMemo: Sendable {
        public var recall: @Sendable (_ stage: Int, _ candidates: [[Double]]) -> [Double?]?
        public var keep: @Sendable (_ stage: Int, _ candidates: [[Double]], _ logLikelihoods: [Double?]) -> Void

        public init(
            recall: @escaping @Sendable (Int, [[Double]]) -> [Double?]?, keep: @escaping @Sendable (Int, [[Double]], [Double?]) -> Void
        ) {
            self.recall = recall
            self.keep = keep
        }

        public static let none = StageMemo(recall: { _, _ in nil }, keep: { _, _, _ in })
    }

    /// - Parameter progress: candidates simulated (or recalled) so far, and how many the fit
    ///   will simulate; the predictive check's studies count as candidates.
    /// - Returns: nil when cancelled, or when no candidate can be played.
    public func run(
        cancellation: Cancellation? = nil, memo: StageMemo = .none, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) -> CalibrationResult? {
        let total = settings.pilot + settings.sampler.stages * settings.sampler.candidatesPerStage + settings.predictiveDraws
        let done = Atomic<Int>(0)
        guard let projection = pilotProjection(cancellation: cancellation, done: done, total: total, progress: progress) else { return nil }
        let observedVector = projection.apply(vector(observed))
        var stage = 0
        let posterior: WeightedPosterior?
        do throws(CancellationError) {
            posterior = try AdaptiveImportanceSampler.sample(parameters: parameters, settings: settings.sampler, seed: settings.seed) {
                candidates throws(CancellationError) in
                defer { stage += 1 }
                if let kept = memo.recall(stage, candidates), kept.count == candidates.count {
                    progress(done.add(candidates.count, ordering: .relaxed).newValue, total)
                    return kept
                }
                let values = parallelMap(candidates) { values -> Double? in
                    defer { progress(done.add(1, ordering: .relaxed).newValue, total) }
                    if cancellation?.isCancelled == true { return nil }
                    return logLikelihood(values, observed: observedVector, projection: projection)
                }
                if cancellation?.isCancelled == true { throw CancellationError() }
                memo.keep(stage, candidates, values)
                return values
            }
        } catch {
            return nil
        }
        guard let posterior else { return nil }
        let predictive = predictiveCheck(posterior, done: done, total: total, progress: progress)
        guard cancellation?.isCancelled != true else { return nil }
        let fitted = parameters.indices.map { i in
            FittedValue(
                parameter: targets[i].key, seat: targets[i].seat, median: posterior.median(i), interval: posterior.interval(i, level: settings.level),
                range: parameters[i].range, shareOfRange: posterior.shareOfRange(i, level: settings.level),
                pinnedDown: posterior.isPinnedDown(i, level: settings.level))
        }
        return CalibrationResult(
            fitted: fitted, personas: team(fitted.map(\.median)), effectiveSampleSize: posterior.effectiveSampleSize,
            predictive: predictive, posterior: posterior, settings: settings, playtests: replicator.log.playtests.count, rounds: replicator.log.roundCount)
    }

    /// The synthetic log-likelihood of a candidate: `replicates` studies played with its persona,
    /// their summaries projected as the observed ones were.
    func logLikelihood(_ values: [Double], observed: [Double], projection: SummaryProjection) -> Double? {
        let candidate = team(values)
        var replicates: [[Double]] = []
        for k in 0..<settings.replicates {
            var summaries = SummaryAccumulator()
            guard replicator.replicate(k, team: candidate, into: &summaries) else { return nil }
            replicates.append(projection.apply(vector(summaries)))
        }
        return SyntheticLikelihood.logLikelihood(observed: observed, replicates: replicates)
    }

    /// The summaries' projection onto the parameters (``SummaryProjection``), fitted to `pilot`
    /// studies, each played once by a candidate drawn from the flat prior, on seeds of their own.
    /// A function of the settings alone, so `--resume` fits the same one again. Nil when
    /// cancelled, or when too few pilot studies could be played.
    func pilotProjection(
        cancellation: Cancellation?, done: borrowing Atomic<Int>, total: Int, progress: @Sendable (Int, Int) -> Void
    ) -> SummaryProjection? {
        let seed = settings.seed ^ 0x5851_F42D_4C95_7F2D
        var random = RandomSource(seed: seed)
        let points = (0..<settings.pilot).map { _ in parameters.map { $0.internalDraw(&random) } }
        let pilot = PlaytestReplicator(
            design: replicator.design, pipeline: replicator.pipeline, log: replicator.log, seeds: GameSeeds(runSeed: seed))
        let studies: [[Double]?] = parallelMap(Array(points.enumerated())) { (j, point) in
            defer { progress(done.add(1, ordering: .relaxed).newValue, total) }
            if cancellation?.isCancelled == true { return nil }
            var summaries = SummaryAccumulator()
            let candidate = team(zip(parameters, point).map { $0.value(ofInternal: $1) })
            return pilot.replicate(j, team: candidate, into: &summaries) ? vector(summaries) : nil
        }
        guard cancellation?.isCancelled != true else { return nil }
        let played = zip(points, studies).compactMap { point, study in study.map { (point, $0) } }
        return SummaryProjection(points: played.map(\.0), summaries: played.map(\.1))
    }

    /// The study played once by each of `predictiveDraws` personas drawn from the posterior, on
    /// seeds the fit never used.
    func predictiveCheck(_ posterior: WeightedPosterior, done: borrowing Atomic<Int>, total: Int, progress: @Sendable (Int, Int) -> Void) -> PredictiveCheck {
        let picks = posterior.resample(count: settings.predictiveDraws, offset: 0.5)
        let fresh = PlaytestReplicator(
            design: replicator.design, pipeline: replicator.pipeline, log: replicator.log,
            seeds: GameSeeds(runSeed: settings.seed ^ 0x9E37_79B9_7F4A_7C15))
        let studies: [SummaryAccumulator?] = parallelMap(Array(picks.enumerated())) { (j, pick) in
            defer { progress(done.add(1, ordering: .relaxed).newValue, total) }
            var summaries = SummaryAccumulator()
            return fresh.replicate(j, team: team(posterior.points[pick]), into: &summaries) ? summaries : nil
        }
        return PredictiveCheck(observed: observed, simulated: studies.compactMap { $0 }, present: present, seats: presentSeats)
    }

    /// `transform` of every element on `settings.threads` threads, in order: each element's
    /// result depends on it alone, so the output does not depend on the thread count.
    func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        let results = Mutex([R?](repeating: nil, count: items.count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(settings.threads, items.count))) { _ in
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                guard i < items.count else { return }
                let r = transform(items[i])
                results.withLock { $0[i] = r }
            }
        }
        return results.withLock { $0.map { $0! } }
    }
}
