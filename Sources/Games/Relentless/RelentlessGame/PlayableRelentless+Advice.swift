import Balance
import Diagnostics
import GameSeam
import MonteCarlo
import Relentless
import RelentlessReports

/// The report's "What to change" (issue 39): what the curves show (``BalanceReport/observations``),
/// what drives it, measured by a quick sensitivity of the report's first team on the report's own
/// seed, and the commands that go further.
extension PlayableRelentless {
    /// Games per move of the quick sensitivity (fewer when the report plays fewer): enough to
    /// rank the parameters of a design whose findings are large, a fraction of the report's games.
    static let adviceGames = 100

    func advice(_ report: BalanceReport, _ run: PlayedRun<Self>) -> Advice? {
        let observations = report.observations
        guard !observations.isEmpty, !run.interrupted else { return nil }
        let playable = run.playable
        let step = 0.1
        let games = Self.adviceGames
        // A quick report (fewer than twice the sensitivity's games a team) lists its findings and
        // the commands, not drivers: the sensitivity would cost more than the report itself.
        let measures = run.gamesRequested >= 2 * games
        // One sensitivity per team a finding is worst for (the teams are the first lineups).
        var measured: [Int: SensitivityResult] = [:]
        for o in observations where measures && measured[o.team] == nil {
            measured[o.team] = SensitivityResult.run(
                self, playable, lineup: o.team, moves: moves(of: playable, step: step, subject: nil), design: playable.label, step: step,
                games: games, seed: run.seed, confidence: .ninetyFive, threads: run.threads, cancellation: nil)
        }
        let findings = observations.map { o -> Advice.Finding in
            let metric = Advice.metric(for: o.kind)
            let drivers = measured[o.team].map { Advice.drivers($0, metric: metric) } ?? []
            let team = report.teams[o.team]
            return Advice.Finding(
                observation: o, metric: metric, metricSummary: gameMetrics.first { $0.name == metric }?.summary ?? metric,
                steps: zip(o.rounds, o.difficulties).map { round, d in
                    "round \(round): " + Self.steps(playable.design.parameters, from: d[0], to: d[1], players: team.team.count).joined(separator: ", ")
                },
                drivers: drivers, commands: Self.commands(o, team: team, drivers: drivers, current: measured[o.team], playable: playable),
                measuredTeam: team.label)
        }
        return Advice(
            findings: findings,
            measuredOn: measures
                ? "\(counted(games, "game")) of the team a finding is worst for (seed \(run.seed)), every parameter moved ±10% alone, as playbench sensitivity does"
                : nil,
            unmeasured: measures ? nil : "not measured: the report played fewer than \(2 * games) games a team (--games); the sensitivity commands below measure them")
    }

    /// The keys whose value the game plays differs between two difficulties: "numOfOrdersPerPlayer
    /// 2 → 3". Satisfaction changes are expressions of each order and have no one value.
    static func steps(_ parameters: Parameters, from: Double, to: Double, players: Int) -> [String] {
        ParameterKey.allCases.compactMap { key in
            guard let a = parameters.value(key, difficulty: from, players: players), let b = parameters.value(key, difficulty: to, players: players),
                  a != b, a.isFinite, b.isFinite
            else { return nil }
            return "\(key.rawValue) \(ParameterScheduleText.short(a)) → \(ParameterScheduleText.short(b))"
        }
    }

    /// Commands that go further: the sensitivity of the finding's metric for its team, and for a
    /// driver whose value is a number, a sweep of it around the design's value; for a cliff, the
    /// parameters at every difficulty.
    static func commands(_ o: Advice.Observation, team: TeamCurves, drivers: [Advice.Driver], current sensitivity: SensitivityResult?, playable: Playable) -> [String] {
        func command(_ name: String, _ words: [String]) -> String {
            (DesignCommandWords.of(name, designDirectory: playable.designDirectory, files: playable.named) + words).joined(separator: " ")
        }
        let teamWords = ["--team", team.team.joined(separator: ",")]
        var commands: [String] = []
        if o.kind == .cliff { commands.append(command("params", ["--players", String(team.team.count)])) }
        commands.append(command("sensitivity", teamWords + ["--metric", Advice.metric(for: o.kind)]))
        if let top = drivers.first, let row = sensitivity?.rows.first(where: { $0.key == top.key }), let value = Double(row.current), value.isFinite, value != 0 {
            // A key the game plays in whole numbers (C7) is swept over whole numbers.
            let whole = ParameterKey(rawValue: top.key)?.isIntegral == true
            var values: [String] = []
            for factor in [0.5, 0.75, 1, 1.25, 1.5] {
                let text = (whole ? (factor * value).rounded() : factor * value).designerText
                if !values.contains(text) { values.append(text) }
            }
            commands.append(command("sweep", ["--set", "\(top.key)=\(values.joined(separator: ","))"] + teamWords))
        }
        return commands
    }
}
