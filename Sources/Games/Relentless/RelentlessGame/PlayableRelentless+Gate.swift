import Balance
import Diagnostics
import GameSeam
import Relentless
import RelentlessBalance
import RelentlessGeneration
import RelentlessSimulation

/// `playbench gate` for Relentless. Its Balance.plist (``BalanceFile``, the reference's "Balance
/// targets") is every game's, whose lineups may be any team of personas and where its games
/// start ("4 × casual from difficulty 5", M3), with games of up to `maxRounds` rounds: every
/// team and start the targets name is a lineup of the gate, and every target a metric of
/// ``TargetMetric`` on it.
extension PlayableRelentless: GatePlanning {
    public func gatePlan(_ design: any DesignFolder, for playable: Playable) throws(DesignFileError) -> GatePlanReading<Self> {
        let file = try RelentlessFiles.balanceFile(design)
        let parameters = playable.design.parameters
        let (read, diagnostics) = RelentlessFiles.balance(file, players: playable.model, parameters: parameters)
        func refused(_ diagnostics: [Diagnostic]) -> GatePlanReading<Self> {
            GatePlanReading(plan: nil, playable: nil, diagnostics: diagnostics, label: file.path, bytes: file.bytes)
        }
        guard var plan = read, !diagnostics.hasErrors else { return refused(diagnostics) }
        // --start-difficulty overrides the file's start, as --seed its seed; a target's own stays its own.
        if let asked = playable.startAsked { plan.startDifficulty = asked }
        let groups = plan.groups(minimum: parameters.difficultyRange?.low)

        var problems = diagnostics
        // Values on the ramps from the file's starts were never checked (check starts from the
        // minimum; --start-difficulty's ramp was checked with the design).
        for start in Set(groups.compactMap(\.start)).sorted() where start != playable.startAsked {
            let ramp = ParameterChecks.check(parameters, alsoUsed: playable.choice.parametersRead, start: start).filter { $0.severity == .error }
            guard !ramp.isEmpty else { continue }
            problems += ramp
            problems.append(
                Diagnostic(
                    .error, "cannot start at difficulty \(start.designerText) (startDifficulty): its parameters fail on the ramp from there",
                    file: file.path, rule: "M3"))
        }
        guard !problems.hasErrors else { return refused(problems) }

        var gated = playable
        gated.teams = groups.map { group in group.team.compactMap { playable.model.persona(named: $0) } }
        gated.teamStarts = groups.map(\.start)
        gated.teamsNamed = true
        gated.bounds = []
        gated.maxRounds = plan.maxRounds
        do throws(PlayLoadError) { try Self.prepare(&gated) } catch { return refused(problems + [Diagnostic(.error, "\(error)", file: file.path)]) }

        // A target beyond the horizon that the games cannot measure is refused before any game.
        for (k, group) in groups.enumerated() where gated.simulators[k].plateauStart == nil {
            let levels = parameters.reachableDifficulties(from: group.start)
            let reason = "its games must play two rounds at the top of the difficulty ramp (difficulty \((levels.last ?? 0).designerText) from round \(levels.count)), and maxRounds is \(plan.maxRounds): raise maxRounds to at least \(levels.count + 1)"
            for i in group.targets where plan.targets[i].metric.isBeyondTheHorizon {
                let target = plan.targets[i]
                problems.append(Diagnostic(.error, "\(target.metric.rawValue) of \(Lineup.name(ofPlayers: target.team)): \(reason)", file: target.source, rule: "M3"))
            }
        }
        guard !problems.hasErrors else { return refused(problems) }

        let names = lineups(of: gated).map(\.name)
        var targets: [MetricTarget?] = Array(repeating: nil, count: plan.targets.count)
        for (k, group) in groups.enumerated() {
            for i in group.targets {
                let target = plan.targets[i]
                targets[i] = MetricTarget(
                    name: target.name, lineup: names[k], metric: TargetMetric(metric: target.metric, round: target.round, seat: target.seat).name, band: target.band,
                    source: target.source)
            }
        }
        let start = StartDifficulty.normalised(plan.startDifficulty, for: parameters)
        let gatePlan = MetricGatePlan(
            settings: GateSettings(confidence: plan.confidence, schedule: plan.schedule, seed: plan.seed),
            targets: targets.compactMap { $0 } + Self.certainRuinTargets(plan, groups: groups, lineups: names, gated: gated, file: file.path),
            playedAs: "up to \(counted(plan.maxRounds, "round")) a game\(StartDifficulty.phrase(start))",
            properties: [GateProperty("maxRounds", String(plan.maxRounds))] + (start.map { [GateProperty("startDifficulty", $0.designerText)] } ?? []))
        return GatePlanReading(plan: gatePlan, playable: gated, diagnostics: problems, label: file.path, bytes: file.bytes)
    }

    /// A design whose team loses every game eventually fails its gate whatever the targets
    /// within the horizon say (issue 39: a starter's "90% alive after round 10" was met by a
    /// team certain to go broke later, M2): each team without a `ruin` target of its own gets
    /// one, eventual ruin below ``BalancePlan/certainRuin``, unless the file sets
    /// `allowCertainRuin`. Teams whose games never reach the top of the difficulty ramp cannot
    /// measure it (M3) and get none.
    static func certainRuinTargets(
        _ plan: BalancePlan, groups: [(team: [String], start: Double?, targets: [Int])], lineups: [String], gated: Playable, file: String
    ) -> [MetricTarget] {
        guard !plan.allowCertainRuin else { return [] }
        return groups.indices.compactMap { k in
            let group = groups[k]
            guard gated.simulators[k].plateauStart != nil, !group.targets.contains(where: { plan.targets[$0].metric == .ruin }) else { return nil }
            return MetricTarget(
                name: "\(Lineup.name(ofPlayers: group.team)) is not certain to lose every game eventually (every gate's; allowCertainRuin turns it off)",
                lineup: lineups[k], metric: TargetMetric(metric: .ruin, round: nil, seat: nil).name,
                band: Band(atMost: BalancePlan.certainRuin), source: file)
        }
    }
}
