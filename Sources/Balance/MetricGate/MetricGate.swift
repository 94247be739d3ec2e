import Diagnostics
import GameSeam
import MonteCarlo

/// The gate for a game on the seam: each lineup a target names plays games look by look
/// (``SequentialGate``) until every one of its targets is decided or the cap is reached.
///
/// Each lineup plays from its own seeds (``GameSeam/Lineup/seeds(_:)``) cut into blocks at
/// the looks, so the statistics at a look are exactly those of a run of that many games and the
/// verdicts do not depend on the thread count.
public struct MetricGate<Game: PlayableGame>: Sendable {
    public var game: Game
    public var playable: Game.Playable
    public var plan: MetricGatePlan

    public init(game: Game, playable: Game.Playable, plan: MetricGatePlan) {
        self.game = game
        self.playable = playable
        self.plan = plan
    }

    /// Plays here, on `threads`; nil when interrupted through `cancellation`.
    ///
    /// - Parameters:
    ///   - progress: (lineup, games played in this look, games of this look).
    public func run(
        design label: String, threads: Int? = nil, cancellation: Cancellation? = nil, progress: (@Sendable (String, Int, Int) -> Void)? = nil
    ) -> MetricGateResult? {
        let level = plan.settings.perLookConfidence(targets: plan.targets.count)
        let blocks = GameBlocks(cuts: plan.settings.schedule.looks)
        let lineups = game.lineups(of: playable)
        var results: [MetricGateResult.TargetResult?] = Array(repeating: nil, count: plan.targets.count)
        for (index, lineup) in lineups.enumerated() {
            let indices = plan.targets.indices.filter { plan.targets[$0].lineup == lineup.name }
            guard !indices.isEmpty else { continue }
            let game = self.game, playable = self.playable
            func estimates(_ statistics: Game.Statistics) -> [MetricEstimate?] {
                indices.map { game.estimate(plan.targets[$0].metric, of: statistics, confidence: level) }
            }
            func play(_ games: Range<Int>, _ soFar: Game.Statistics?) -> Game.Statistics? {
                var report: (@Sendable (Int, Int) -> Void)?
                if let progress { report = { done, total in progress(lineup.name, done, total) } }
                let run = MonteCarloRunner(threads: threads, chunkSize: lineup.chunkSize).run(
                    blocks: blocks, indices: blocks.indices(upTo: games.lowerBound).upperBound..<blocks.indices(upTo: games.upperBound).upperBound,
                    into: soFar, seeds: lineup.seeds(plan.settings.seed), empty: { game.emptyStatistics() }, cancellation: cancellation,
                    progress: report
                ) { (i: UInt64, seed: UInt64, statistics: inout Game.Statistics) throws(Never) in
                    game.play(playable, lineup: index, game: i, seed: seed, into: &statistics)
                }
                return run.isPartial ? nil : run.statistics
            }
            let outcome = SequentialGate.run(schedule: plan.settings.schedule, play: play) { statistics in
                zip(indices, estimates(statistics)).contains { i, e in e.map { plan.targets[i].band.verdict(for: $0.interval) } ?? .undecided == .undecided }
            }
            guard let outcome else { return nil }
            for (i, estimate) in zip(indices, estimates(outcome.statistics)) {
                let target = plan.targets[i]
                let verdict = estimate.map { target.band.verdict(for: $0.interval) } ?? .undecided
                results[i] = .init(
                    target: target, definition: game.metric(named: target.metric), verdict: verdict, estimate: estimate, games: outcome.games,
                    looks: outcome.looks)
            }
        }
        return MetricGateResult(
            design: label, seed: plan.settings.seed, confidence: plan.settings.confidence.level, intervalConfidence: level.level,
            firstGames: plan.settings.schedule.first, maxGames: plan.settings.schedule.cap, targets: results.compactMap { $0 })
    }
}
