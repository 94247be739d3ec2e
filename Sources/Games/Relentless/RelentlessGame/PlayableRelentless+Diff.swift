import GameSeam
import MonteCarlo
import Relentless
import RelentlessBalance
import RelentlessGeneration
import RelentlessReports
import RelentlessRuns
import RelentlessSimulation

/// `playbench diff` for Relentless: what differs between two designs (each parameter key, the
/// catalogue as a whole with its changes listed, each persona of the team, the pipeline), each
/// applied alone to the old design; and each design's horizon beside the paired comparison.
extension PlayableRelentless {
    /// One game both measured and recorded round by round, in one play.
    public func measure(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64, into statistics: inout SimulationStatistics) -> [Double] {
        let values = DiffMetric.measured(playable.simulators[lineup], seed: seed, game: game, into: &statistics)
        return Self.inGameMetricOrder(values)
    }

    public func changes(from old: Playable, to new: Playable) -> DesignChanges<Playable> {
        func variant(_ p: Playable) -> DesignVariant { DesignVariant(design: p.design, team: p.teams[0], pipeline: p.choice) }
        let (before, after) = (variant(old), variant(new))
        let changes = DesignChange.between(before, after, catalogueChanged: true).map { change -> DesignChanges<Playable>.Change in
            let alone = change.apply(to: before, from: after)
            func refused(_ why: String) -> DesignChanges<Playable>.Change {
                .init(name: change.name, old: change.old, new: change.new, details: change.details, design: nil, reason: why)
            }
            // A key can be valid only together with another (minNumOfPlayers with
            // maxNumOfPlayers): alone it must pass the checks the design files pass (C5–C8), on
            // the ramp from the games' start.
            if let why = StartDifficulty.unplayable(old.startDifficulty, alone.design.parameters, alsoUsed: alone.pipeline.parametersRead) {
                return refused("alone it \(why)")
            }
            if let sizes = alone.design.parameters.teamSizes, !sizes.contains(alone.team.count) {
                return refused("alone it excludes a team of \(alone.team.count)")
            }
            var design = old
            (design.design, design.choice) = (alone.design, alone.pipeline)
            design.teams[0] = alone.team
            do throws(PlayLoadError) { try Self.prepare(&design) } catch { return refused("alone it cannot be played: \(error)") }
            // A change may make rounds impossible only together with the others: found before the run.
            do throws(GameError) { _ = try design.simulators[0].play(seed: GameSeeds(runSeed: 0).seed(game: 0)) } catch {
                return refused("alone it cannot be played: \(error)")
            }
            return .init(name: change.name, old: change.old, new: change.new, details: change.details, design: design)
        }
        return DesignChanges(changes: changes, nothing: "no parameter, catalogue, persona or pipeline differs")
    }

    /// Each design's games beyond the last round, extrapolated from the top of its difficulty
    /// ramp (``Horizon``): money a round there, and the share eventually lost.
    public func comparisonNotes(old: SimulationStatistics, new: SimulationStatistics, of playable: Playable, confidence: Confidence) -> [ComparisonNote] {
        func horizon(_ games: SimulationStatistics) -> (text: String, estimates: [String: MetricEstimate]) {
            switch Horizon.estimate(games, confidence: confidence) {
            case .success(let h):
                let text = "money a round \(HorizonText.signed(h.drift.value)) [\(HorizonText.signed(h.drift.lower)), \(HorizonText.signed(h.drift.upper))]; "
                    + "eventually lost \(HorizonText.share(h.ruin.value)) [\(HorizonText.share(h.ruin.lower)), \(HorizonText.share(h.ruin.upper))]"
                return (text, ["drift": h.drift, "ruin": h.ruin])
            case .failure(let why): return ("– (\(why.reason))", [:])
            }
        }
        let (before, after) = (horizon(old), horizon(new))
        return [
            ComparisonNote(
                title: "beyond round \(playable.maxRounds), extrapolated from the top of the difficulty ramp (each design alone; the reference: Relentless, \"Simulating games\")",
                column: "beyond the horizon", old: before.text, new: after.text, oldEstimates: before.estimates, newEstimates: after.estimates)
        ]
    }
}
