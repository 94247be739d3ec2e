import Balance
import Diagnostics
import RelentlessGeneration
import MonteCarlo
import RelentlessSimulation
import RelentlessRuns

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

    /// The targets by team and start (M3): one run of games each (``BalancePlan/groups(minimum:)``).
    public var groups: [(team: [String], start: Double?, targets: [Int])] {
        plan.groups(minimum: design.design.parameters.difficultyRange?.low)
    }

    /// The blocks each team plays from its start (``GameBlocks`` cut at every look), in the
    /// order of ``groups``: what a shard of a sharded gate plays. A team whose personas are
    /// unknown has no simulator.
    public var runs: [(simulator: GameSimulator?, blocks: GameBlocks)] {
        let blocks = GameBlocks(cuts: plan.schedule.looks)
        return groups.map { team, start, _ in
            let personas = team.compactMap(persona)
            guard personas.count == team.count else { return (nil, blocks) }
            return (GameSimulator(design: design, team: personas, maxRounds: plan.maxRounds, startDifficulty: start, pipeline: pipeline), blocks)
        }
    }

    /// Targets measured beyond the horizon (drift, ruin) whose games never play two rounds at the
    /// top of the difficulty ramp within maxRounds, with why: refused before any game is played.
    public var unreachableTargets: [(target: BalanceTarget, reason: String)] {
        let runs = self.runs
        var found: [(BalanceTarget, String)] = []
        for (run, group) in groups.enumerated() {
            guard let simulator = runs[run].simulator, simulator.plateauStart == nil else { continue }
            let levels = design.design.parameters.reachableDifficulties(from: group.start)
            let top = levels.last ?? 0
            let reason = "its games must play two rounds at the top of the difficulty ramp (difficulty \(top.designerText) from round \(levels.count)), and maxRounds is \(plan.maxRounds): raise maxRounds to at least \(levels.count + 1)"
            for i in group.targets where plan.targets[i].metric.isBeyondTheHorizon { found.append((plan.targets[i], reason)) }
        }
        return found
    }

    /// Plays (or, from a sharded gate's parts, folds) each team's games look by look.
    ///
    /// - Parameters:
    ///   - source: played here (``LocalPlay`` with `plan.seed`), or the parts of a sharded gate.
    /// - Returns: nil when interrupted.
    public func run(design label: String, source: some BlockSource) throws(GameError) -> GateResult? {
        let level = plan.perLookConfidence
        var results: [GateResult.TargetResult?] = Array(repeating: nil, count: plan.targets.count)
        let runs = self.runs
        for (run, (_, _, indices)) in groups.enumerated() {
            let (simulator, blocks) = runs[run]
            // The reader checked every name against Players.plist; a caller that did not gets
            // its unknown names reported as a missed target rather than a crash.
            guard let simulator else {
                for i in indices { results[i] = .init(target: plan.targets[i], verdict: .missed, estimate: nil, games: 0, looks: 0) }
                continue
            }
            func verdicts(_ statistics: SimulationStatistics) -> [Verdict] {
                indices.map { i in
                    let t = plan.targets[i]
                    return t.metric.estimate(statistics, round: t.round, confidence: level).map { t.band.verdict(for: $0.interval) } ?? .undecided
                }
            }
            func play(_ games: Range<Int>, _ soFar: SimulationStatistics?) throws(GameError) -> SimulationStatistics? {
                let first = blocks.indices(upTo: games.lowerBound).upperBound
                return try source.fold(
                    run: run, simulator: simulator, blocks: blocks, indices: first..<blocks.indices(upTo: games.upperBound).upperBound, into: soFar)
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
            firstGames: plan.schedule.first, maxGames: plan.schedule.cap, maxRounds: plan.maxRounds,
            startDifficulty: StartDifficulty.normalised(plan.startDifficulty, for: design.design.parameters), targets: results.compactMap { $0 })
    }

    /// Plays here, on all cores.
    ///
    /// - Parameters:
    ///   - progress: (team label, games played in this look, games of this look).
    /// - Returns: nil when interrupted through `cancellation`.
    public func run(
        design label: String, threads: Int? = nil, cancellation: Cancellation? = nil,
        progress: (@Sendable (String, Int, Int) -> Void)? = nil
    ) throws(GameError) -> GateResult? {
        let labels = groups.map { TeamLabel.of($0.team) + StartDifficulty.phrase($0.start) }
        let local = LocalPlay(
            seed: plan.seed, threads: threads, cancellation: cancellation,
            progress: progress.map { p in { @Sendable run, done, total in p(labels[run], done, total) } })
        return try run(design: label, source: local)
    }
}
