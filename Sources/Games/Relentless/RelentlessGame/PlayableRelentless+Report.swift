import Diagnostics
import GameSeam
import Relentless
import RelentlessReports
import RelentlessSimulation

/// `playbench report` for Relentless: the teams it plays and the balance report it writes.
extension PlayableRelentless {
    /// Without `--team`: the default team, a team of its size of every other persona that
    /// really plays (not `idle`-like or `perfect`-like bounds), and the default team at the
    /// design's smallest and largest sizes (repeated or cut, as `--players` does): teams and team
    /// sizes side by side. Then, for every team size, the idle and the perfect bound on the same
    /// seeds: the floor and the ceiling of play.
    public func reportPlayable(_ playable: Playable) throws(PlayLoadError) -> Playable {
        var report = playable
        if !playable.teamsNamed {
            let model = playable.model
            var names = [model.defaultTeam]
            var seen: Set<[String]> = [model.defaultTeam]
            func add(_ team: [String]) {
                if !team.isEmpty, seen.insert(team).inserted { names.append(team) }
            }
            for persona in model.personas where !persona.isBound {
                add(Array(repeating: persona.name, count: model.defaultTeam.count))
            }
            let sizes = playable.design.parameters.teamSizes
            for size in [sizes?.lowerBound, sizes?.upperBound].compactMap({ $0 }) where !model.defaultTeam.isEmpty {
                add((0..<size).map { model.defaultTeam[$0 % model.defaultTeam.count] })
            }
            report.teams = []
            for team in names {
                report.teams.append(try Self.team(team.joined(separator: ","), players: nil, model: model, parameters: playable.design.parameters))
            }
        }
        report.bounds = Set(report.teams.map(\.count)).sorted().flatMap { size in
            [Persona.idleBound, Persona.perfectBound].map { [Persona](repeating: $0, count: size) }
        }
        try Self.prepare(&report)
        return report
    }

    /// The range P5 clamps satisfaction to, over every round the teams played: the lowest
    /// minSatisfaction to the highest maxSatisfaction (nil when a range is empty).
    static func satisfactionRange(_ teams: [TeamCurves], parameters: Parameters) -> ClosedRange<Double>? {
        var (low, high) = (Double.infinity, -Double.infinity)
        for team in teams {
            for round in team.rounds where round.games > 0 {
                let p = parameters.resolved(difficulty: round.difficulty, players: team.team.count)
                guard p.minSatisfaction.isFinite, p.maxSatisfaction.isFinite, p.minSatisfaction <= p.maxSatisfaction else { return nil }
                (low, high) = (min(low, p.minSatisfaction), max(high, p.maxSatisfaction))
            }
        }
        return low <= high ? low...high : nil
    }

    /// The balance report: every team's curves per round, the bounds at each team size, the
    /// games worth replaying (report.html, summary.md, curves.csv, results.json).
    public func report(_ run: PlayedRun<Self>) -> (files: [ReportFile], played: String) {
        let playable = run.playable
        func curves(_ k: Int) -> TeamCurves {
            let team = playable.lineupTeams[k].map(\.name)
            let statistics = run.statistics[k]
            return TeamCurves(statistics, gamesRequested: run.gamesRequested, team: team, seed: run.seed, maxRounds: playable.maxRounds, startDifficulty: playable.startDifficulty) { gameSeed in
                ReplayCommandLine.of(
                    designDirectory: playable.designDirectory, files: playable.named, names: team, maxRounds: playable.maxRounds,
                    startDifficulty: playable.startDifficulty, seed: gameSeed)
            }
        }
        let teams = playable.teams.indices.map(curves)
        let bounds = stride(from: playable.teams.count, to: playable.lineupTeams.count, by: 2).map { k in
            var (idle, perfect) = (curves(k), curves(k + 1))
            // A bound is a reference, not a game to replay.
            (idle.exemplars, perfect.exemplars) = ([], [])
            return BalanceReport.Bounds(players: playable.lineupTeams[k].count, idle: idle, perfect: perfect)
        }
        var report = BalanceReport(
            design: playable.label, playersFile: playable.playersLabel, seed: run.seed, games: run.gamesRequested, maxRounds: playable.maxRounds,
            startDifficulty: playable.startDifficulty, teams: teams, bounds: bounds,
            satisfactionRange: Self.satisfactionRange(teams, parameters: playable.design.parameters))
        report.advice = advice(report, run)
        let files: [ReportFile] = [
            .text(name: "report.html", contents: HTMLReport.render(report)), .text(name: "summary.md", contents: SummaryMarkdown.render(report)),
            .text(name: "curves.csv", contents: CurvesCSV.render(report)), .json(name: "results.json", value: report),
        ]
        return (files, counted(teams.count, "team"))
    }
}
