import Generation
import MonteCarlo
import Simulation
import SimulationRuns

/// Tests a design against its balance targets: each team named by a target plays games look by
/// look (``SequentialGate``) until every one of its targets is decided or the cap is reached.
///
/// ```swift
/// let gate = Gate(plan: plan, design: prepared, pipeline: choice.pipeline) { model.persona(named: $0) }
/// let result = try gate.run(design: "Designs/relentless")
/// result.missed.isEmpty   // the build passes
/// ```
///
/// Every team plays from the same game seeds (`plan.seed`), so the result depends only on the
/// design and the plan, never on the thread count.
public struct Gate: Sendable {
    public var plan: BalancePlan
    public var design: PreparedDesign
    public var pipeline: Pipeline
    public var persona: @Sendable (String) -> Persona?

    public init(plan: BalancePlan, design: PreparedDesign, pipeline: Pipeline, persona: @escaping @Sendable (String) -> Persona?) {
        self.plan = plan
        self.design = design
        self.pipeline = pipeline
        self.persona = persona
    }

    /// - Parameters:
    ///   - progress: (team label, games played in this look, games of this look).
    /// - Returns: nil when interrupted through `cancellation`.
    public func run(
        design label: String, threads: Int? = nil, cancellation: Cancellation? = nil,
        progress: (@Sendable (String, Int, Int) -> Void)? = nil
    ) throws(GameError) -> GateResult? {
        let level = plan.perLookConfidence
        var results: [GateResult.TargetResult?] = Array(repeating: nil, count: plan.targets.count)
        for (team, indices) in plan.teams {
            let personas = team.compactMap(persona)
            // The reader checked every name against Players.plist; a caller that did not gets
            // its unknown names reported as a missed target rather than a crash.
            guard personas.count == team.count else {
                for i in indices { results[i] = .init(target: plan.targets[i], verdict: .missed, estimate: nil, games: 0, looks: 0) }
                continue
            }
            let simulator = GameSimulator(design: design, team: personas, maxRounds: plan.maxRounds, pipeline: pipeline)
            let label = TeamLabel.of(team)
            func verdicts(_ statistics: SimulationStatistics) -> [Verdict] {
                indices.map { i in
                    let t = plan.targets[i]
                    return t.metric.estimate(statistics, round: t.round, confidence: level).map { t.band.verdict(for: $0.interval) } ?? .undecided
                }
            }
            let report: (@Sendable (Int, Int) -> Void)? = progress.map { p in { @Sendable done, total in p(label, done, total) } }
            func play(_ games: Range<Int>) throws(GameError) -> SimulationStatistics? {
                let run = try SimulationBatch.run(
                    simulator, games: games.count, startingAt: games.lowerBound, seed: plan.seed, threads: threads,
                    cancellation: cancellation, progress: report)
                return run.isPartial ? nil : run.statistics
            }
            let outcome = try SequentialGate.run(schedule: plan.schedule, play: play, undecided: { verdicts($0).contains(.undecided) })
            guard let outcome else { return nil }
            for i in indices {
                let t = plan.targets[i]
                let estimate = t.metric.estimate(outcome.statistics, round: t.round, confidence: level)
                // Still no value after every look: no game reached the round, so the team cannot
                // have the money the target asks for after it.
                let verdict = estimate.map { t.band.verdict(for: $0.interval) } ?? .missed
                results[i] = .init(target: t, verdict: verdict, estimate: estimate, games: outcome.games, looks: outcome.looks)
            }
        }
        return GateResult(
            design: label, seed: plan.seed, confidence: plan.confidence.level, intervalConfidence: level.level,
            firstGames: plan.schedule.first, maxGames: plan.schedule.cap, maxRounds: plan.maxRounds, targets: results.compactMap { $0 })
    }
}
