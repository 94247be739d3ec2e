/// `summary.md`: a short Markdown summary that fits a CI job summary: per team, how many games
/// went broke and when, money at a few rounds, and the games to replay.
public enum SummaryMarkdown {
    public static func render(_ report: BalanceReport) -> String {
        var md = "## Balance: \(report.design)\n\n\(report.description)\n\n"
        if let warning = report.idleWarning { md += "> ⚠ \(warning)\n\n" }
        md += "| team | games | lost | rounds reached (mean) | alive after round 5 | alive after round 10 | median final money | money a round at the top (drift) | eventually lost (ruin) |\n"
        md += "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for team in report.teams {
            let lost = team.gamesPlayed > 0 ? Double(team.lost) / Double(team.gamesPlayed) : 0
            md += "| \(cell(team.label)) | \(team.gamesPlayed)\(team.partial ? " (partial)" : "") | \(team.lost) (\(percent(lost))) | "
            md += "\(team.roundsReachedMean.map { String(roundedTo6: ($0 * 10).rounded() / 10) } ?? "–") | "
            md += "\(alive(team, after: 5)) | \(alive(team, after: 10)) | \(team.finalMoney.p50.map(String.init) ?? "–") | "
            md += "\(drift(team)) | \(ruin(team)) |\n"
        }
        md += "\nDrift and ruin look beyond round \(report.maxRounds): extrapolated from the rounds at the top of the difficulty ramp (a random walk with the measured drift and spread; README, \"Beyond the horizon\").\n"
        for team in report.teams {
            md += "\n**\(cell(team.label))**: money p10 / median / p90 by round\n\n| round | difficulty | alive | p10 | median | p90 |\n|---:|---:|---:|---:|---:|---:|\n"
            for r in team.rounds where r.round == 1 || r.round % 5 == 0 || r.round == team.rounds.count {
                md += "| \(r.round) | \(String(roundedTo6: r.difficulty)) | \(percent(r.alive.value)) | \(r.money.p10.map(String.init) ?? "–") | \(r.money.p50.map(String.init) ?? "–") | \(r.money.p90.map(String.init) ?? "–") |\n"
            }
            if let median = team.exemplars.first(where: { $0.label == "median" }) {
                md += "\nMedian game (final money \(median.money)): `\(median.replay)`\n"
            }
        }
        return md
    }

    static func alive(_ team: TeamCurves, after round: Int) -> String {
        guard round <= team.rounds.count else { return team.rounds.isEmpty ? "–" : "\(percent(team.rounds.last?.alive.value ?? 0)) (≤ \(team.rounds.count) rounds)" }
        let r = team.rounds[round - 1]
        let ci = r.alive.interval
        return "\(percent(r.alive.value)) [\(percent(ci.lowerBound))–\(percent(ci.upperBound))]"
    }

    static func drift(_ team: TeamCurves) -> String {
        guard let d = team.horizon?.drift else { return "–" }
        return "\(HorizonText.signed(d.value)) [\(HorizonText.signed(d.lower)), \(HorizonText.signed(d.upper))]"
    }

    static func ruin(_ team: TeamCurves) -> String {
        guard let r = team.horizon?.ruin else { return "–" }
        return "\(HorizonText.share(r.value)) [\(HorizonText.share(r.lower)), \(HorizonText.share(r.upper))]"
    }

    static func percent(_ x: Double) -> String { String(roundedTo6: (x * 1000).rounded() / 10) + "%" }

    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
