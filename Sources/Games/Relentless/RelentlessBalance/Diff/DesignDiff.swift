import RelentlessGeneration
import MonteCarlo
import Relentless
import RelentlessSimulation

/// Plays two designs on the same seeds and says what the change did, metric by metric, with
/// intervals; then applies each changed key alone to the old design to say which moved what.
///
/// ```swift
/// let diff = DesignDiff(old: before, new: after, changes: DesignChange.between(before, after, catalogueChanged: false), maxRounds: 30)
/// let result = try diff.run(games: 1000, seed: 1, confidence: .ninetyFive, labels: ("old", "new"))
/// result.metrics.first { $0.metric == .finalMoney }?.difference   // mean and interval of new − old
/// ```
///
/// Game i uses the same game seed in every variant, so both designs meet the same random draws
/// wherever the change leaves the rounds alike (common random numbers): the per-game differences
/// then vary much less than either design's games, and the interval of their mean is narrow.
public struct DesignDiff: Sendable {
    /// A change applied alone that can be played, or why it cannot.
    enum Attribution: Sendable {
        case playable(GameSimulator)
        case notApplicable(String)
    }

    public static let attributionCap = 12

    let old: GameSimulator
    let new: GameSimulator
    public let changes: [DesignChange]
    let attributions: [Attribution]

    /// - Parameters:
    ///   - startDifficulty: where every game starts (M3), in both designs and every change
    ///     alone; nil for each one's minDifficultyLevel.
    /// - Throws: a design that cannot be prepared for generation (the caller checked both).
    public init(old: DesignVariant, new: DesignVariant, changes: [DesignChange], maxRounds: Int, startDifficulty: Double? = nil) throws {
        func simulator(_ v: DesignVariant) throws -> GameSimulator {
            GameSimulator(
                design: try PreparedDesign(v.design), team: v.team, maxRounds: maxRounds, startDifficulty: startDifficulty, pipeline: v.pipeline.pipeline)
        }
        self.old = try simulator(old)
        self.new = try simulator(new)
        self.changes = changes
        attributions = changes.enumerated().map { k, change in
            guard k < Self.attributionCap else { return .notApplicable("past the first \(Self.attributionCap) changes: not played alone") }
            let variant = change.apply(to: old, from: new)
            // A key can be valid only together with another (minNumOfPlayers with
            // maxNumOfPlayers): alone it must pass the checks the design files pass (C5–C8),
            // on the ramp from the games' start.
            if let why = StartDifficulty.unplayable(startDifficulty, variant.design.parameters, alsoUsed: variant.pipeline.parametersRead) {
                return .notApplicable("alone it \(why)")
            }
            if let sizes = variant.design.parameters.teamSizes, !sizes.contains(variant.team.count) {
                return .notApplicable("alone it excludes a team of \(variant.team.count)")
            }
            do {
                let s = try simulator(variant)
                // A change may make rounds impossible only together with the others; find out
                // before the run rather than in the middle of it.
                _ = try s.play(seed: GameSeeds(runSeed: 0).seed(game: 0))
                return .playable(s)
            } catch {
                return .notApplicable("alone it cannot be played: \(error)")
            }
        }
    }

    /// - Returns: the result, marked partial when cancelled.
    public func run(
        games: Int, seed: UInt64, confidence: Confidence, labels: (old: String, new: String), threads: Int? = nil,
        cancellation: Cancellation? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(GameError) -> DiffResult {
        let (old, new, attributions) = (self.old, self.new, self.attributions)
        let run = try MonteCarloRunner(threads: threads).run(
            games: games, seeds: GameSeeds(runSeed: seed), empty: { PairedStatistics(changes: attributions.count) },
            cancellation: cancellation, progress: progress
        ) { (game: UInt64, gameSeed: UInt64, statistics: inout PairedStatistics) throws(GameError) in
            let a = try DiffMetric.measure(old, seed: gameSeed, game: game, into: &statistics.oldGames)
            let b = try DiffMetric.measure(new, seed: gameSeed, game: game, into: &statistics.newGames)
            var changed: [[Double]?] = []
            changed.reserveCapacity(attributions.count)
            for attribution in attributions {
                if case .playable(let s) = attribution { changed.append(try DiffMetric.measure(s, seed: gameSeed)) } else { changed.append(nil) }
            }
            statistics.record(old: a, new: b, changed: changed)
        }
        return result(run, seed: seed, confidence: confidence, labels: labels)
    }

    func result(_ run: MonteCarloRun<PairedStatistics>, seed: UInt64, confidence: Confidence, labels: (old: String, new: String)) -> DiffResult {
        let s = run.statistics
        func difference(_ m: Moments) -> DiffResult.Difference {
            let interval = m.meanInterval(confidence) ?? m.mean...m.mean
            return .init(mean: m.mean, lower: interval.lowerBound, upper: interval.upperBound)
        }
        let changeRows: [DiffResult.ChangeRow] = changes.enumerated().map { k, change in
            switch attributions[k] {
            case .notApplicable(let reason): return .init(change: change, effects: nil, reason: reason)
            case .playable:
                let effects = Dictionary(uniqueKeysWithValues: DiffMetric.allCases.enumerated().map { m, metric in (metric, difference(s.effects[k][m])) })
                return .init(change: change, effects: effects, reason: nil)
            }
        }
        let metrics = DiffMetric.allCases.enumerated().map { m, metric in
            DiffResult.MetricRow(
                metric: metric, old: s.old[m].mean, new: s.new[m].mean, oldStandardDeviation: s.old[m].standardDeviation,
                newStandardDeviation: s.new[m].standardDeviation, difference: difference(s.difference[m]),
                movedBy: changeRows.filter { $0.effects?[metric]?.isSignificant == true }.map(\.change.name))
        }
        var result = DiffResult(
            oldDesign: labels.old, newDesign: labels.new, team: old.team.map(\.name), seed: seed, gamesRequested: run.gamesRequested,
            gamesPlayed: run.gamesPlayed, maxRounds: old.maxRounds, startDifficulty: old.startDifficulty, confidence: confidence.level, metrics: metrics,
            changes: changeRows)
        switch Horizon.estimate(s.oldGames, confidence: confidence) {
        case .success(let h): result.oldHorizon = h
        case .failure(let why): result.oldHorizonUnavailable = why.reason
        }
        switch Horizon.estimate(s.newGames, confidence: confidence) {
        case .success(let h): result.newHorizon = h
        case .failure(let why): result.newHorizonUnavailable = why.reason
        }
        return result
    }
}
