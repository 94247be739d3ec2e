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

    /// How each lineup's games are cut into blocks: at every look, so a look is a whole number of
    /// blocks, whether the games are played here or by the shards of a cluster job.
    public var blocks: GameBlocks { GameBlocks(cuts: plan.settings.schedule.looks) }

    /// The lineups (by index) that some target names, in the design's order: the only ones played.
    public var playedLineups: [Int] {
        let named = Set(plan.targets.map(\.lineup)), lineups = game.lineups(of: playable)
        return lineups.indices.filter { named.contains(lineups[$0].name) }
    }

    /// Plays here, on `threads`; nil when interrupted through `cancellation`.
    ///
    /// - Parameters:
    ///   - progress: (lineup, games played in this look, games of this look).
    public func run(
        design label: String, threads: Int? = nil, cancellation: Cancellation? = nil, progress: (@Sendable (String, Int, Int) -> Void)? = nil
    ) -> MetricGateResult? {
        let game = self.game, playable = self.playable, blocks = self.blocks, seed = plan.settings.seed
        let lineups = game.lineups(of: playable)
        return takeLooks(design: label) { index, indices, soFar in
            let lineup = lineups[index]
            var report: (@Sendable (Int, Int) -> Void)?
            if let progress { report = { done, total in progress(lineup.name, done, total) } }
            let run = MonteCarloRunner(threads: threads, chunkSize: lineup.chunkSize).run(
                blocks: blocks, indices: indices, into: soFar, seeds: lineup.seeds(seed), empty: { game.emptyStatistics() },
                cancellation: cancellation, progress: report
            ) { (i: UInt64, seed: UInt64, statistics: inout Game.Statistics) throws(Never) in
                game.play(playable, lineup: index, game: i, seed: seed, into: &statistics)
            }
            return run.isPartial ? nil : run.statistics
        }
    }

    /// Takes the looks from blocks played elsewhere (the shards of a cluster job, merged):
    /// `played[k]` holds every block (``blocks``) of lineup `playedLineups[k]`, in order. The
    /// looks fold exactly the blocks the unsharded gate would have played, in the same order, so
    /// the result is the same byte for byte.
    ///
    /// - Precondition: `played` has one list of all the blocks for each of ``playedLineups``.
    public func run(design label: String, played: [[Game.Statistics]]) -> MetricGateResult {
        let order = playedLineups, game = self.game
        precondition(played.count == order.count && played.allSatisfy { $0.count == blocks.count }, "a block of every lineup played")
        return takeLooks(design: label) { index, indices, soFar in
            var statistics = soFar ?? game.emptyStatistics()
            GameBlocks.fold(played[order.firstIndex(of: index)!][indices], into: &statistics)
            return statistics
        }!
    }

    /// The sequential looks of every target, with `play(lineup, blocks, soFar)` giving the
    /// statistics of the blocks before `blocks` (`soFar`, nil for none) and `blocks` together;
    /// nil when `play` does (interrupted).
    private func takeLooks(
        design label: String, play: (_ lineup: Int, _ blocks: Range<Int>, _ soFar: Game.Statistics?) -> Game.Statistics?
    ) -> MetricGateResult? {
        let level = plan.settings.perLookConfidence(targets: plan.targets.count)
        let blocks = self.blocks
        let lineups = game.lineups(of: playable)
        var results: [MetricGateResult.TargetResult?] = Array(repeating: nil, count: plan.targets.count)
        for (index, lineup) in lineups.enumerated() {
            let indices = plan.targets.indices.filter { plan.targets[$0].lineup == lineup.name }
            guard !indices.isEmpty else { continue }
            let game = self.game
            func estimates(_ statistics: Game.Statistics) -> [MetricEstimate?] {
                indices.map { game.estimate(plan.targets[$0].metric, of: statistics, confidence: level) }
            }
            let outcome = SequentialGate.run(schedule: plan.settings.schedule, play: { games, soFar in
                play(index, blocks.indices(upTo: games.lowerBound).upperBound..<blocks.indices(upTo: games.upperBound).upperBound, soFar)
            }) { statistics in
                zip(indices, estimates(statistics)).contains { i, e in e.map { plan.targets[i].band.verdict(for: $0.interval) } ?? .undecided == .undecided }
            }
            guard let outcome else { return nil }
            for (i, estimate) in zip(indices, estimates(outcome.statistics)) {
                let target = plan.targets[i]
                let definition = game.metric(named: target.metric)
                // Still no value after every look: undecided, unless no value is the least the
                // metric can be.
                let verdict = estimate.map { target.band.verdict(for: $0.interval) } ?? (definition?.noValueIsLeast == true ? .missed : .undecided)
                results[i] = .init(target: target, definition: definition, verdict: verdict, estimate: estimate, games: outcome.games, looks: outcome.looks)
            }
        }
        return MetricGateResult(
            design: label, seed: plan.settings.seed, confidence: plan.settings.confidence.level, intervalConfidence: level.level,
            firstGames: plan.settings.schedule.first, maxGames: plan.settings.schedule.cap, playedAs: plan.playedAs, lineupNoun: game.lineupNoun,
            properties: plan.properties.isEmpty ? nil : plan.properties, targets: results.compactMap { $0 })
    }
}
