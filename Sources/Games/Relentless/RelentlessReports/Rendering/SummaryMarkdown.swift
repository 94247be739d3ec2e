import Foundation
import GameSeam
import MonteCarlo
import RelentlessBalance
import ReportKit

/// `summary.md`: a short Markdown summary that fits a CI job summary: per team, how many games
/// went broke and when, money at a few rounds, and the games to replay.
public enum SummaryMarkdown {
    public static func render(_ report: BalanceReport) -> String {
        var md = "## Balance: \(report.design)\n\n\(report.description)\n\n"
        if let warning = report.idleWarning { md += "> ⚠ \(warning)\n\n" }
        let cut = report.maxRounds
        md += "| team | games | lost by round \(cut) | rounds reached (mean; games stop at \(cut)) | alive below 90% / 50% / 10% after round | round lost in (p25 / median / p75) | median final money | money a round at the top (drift) | eventually lost (ruin) |\n"
        md += "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for team in report.teams {
            let lost = team.lostShare
            md += "| \(cell(team.label)) | \(team.gamesPlayed)\(team.partial ? " (partial)" : "") | \(team.lost) (\(percent(lost))) | "
            md += "\(team.roundsReachedMean.map { String(roundedTo6: ($0 * 10).rounded() / 10) } ?? "–") | "
            md += "\(crossings(team, cut: cut)) | \(losingRounds(team, cut: cut)) | \(team.finalMoney.p50.map(String.init) ?? "–") | "
            md += "\(drift(team)) | \(ruin(team)) |\n"
        }
        md += adviceMarkdown(report)
        md += "\nEvery game stops at round \(cut) (--max-rounds): survival, losses and rounds reached are cut there; a team solvent then may still go broke later. Drift and ruin look beyond it: extrapolated from the rounds at the top of the difficulty ramp (a random walk with the measured drift and spread; the reference: Relentless, \"Simulating games\", \"Beyond the horizon\").\n"
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

    /// The report's findings as a list: each with its steps, drivers and commands.
    static func adviceMarkdown(_ report: BalanceReport) -> String {
        guard let advice = report.advice, !advice.findings.isEmpty else { return "" }
        var md = "\n### What to change\n\n\(advice.driversNote)\n\n"
        for finding in advice.findings {
            md += "- **\(finding.observation.text)**\n"
            if !finding.steps.isEmpty { md += "  Where it falls, the ramp steps up: \(finding.steps.joined(separator: "; ")) (C7).\n" }
            if finding.drivers.isEmpty, advice.measuredOn != nil {
                md += "  No parameter moved \(finding.metricSummary) at ±10% for \(finding.measuredTeam).\n"
            } else if !finding.drivers.isEmpty {
                md += "  What moves \(finding.metricSummary) most, for \(finding.measuredTeam): " + finding.drivers.map { "`\($0.key)` down \($0.down), up \($0.up)" }.joined(separator: "; ") + ".\n"
            }
            md += "  Explore: " + finding.commands.map { "`\($0)`" }.joined(separator: ", ") + "\n"
        }
        return md
    }

    /// "12 / 18 / –": the rounds where survival falls below 90%, 50% and 10%; "–" where it
    /// does not by the cut (said once when none does).
    static func crossings(_ team: TeamCurves, cut: Int) -> String {
        let rounds = [0.9, 0.5, 0.1].map { team.survivalFalls(below: $0) }
        if rounds.allSatisfy({ $0 == nil }) { return "– (not by round \(cut))" }
        return rounds.map { $0.map(String.init) ?? "–" }.joined(separator: " / ")
    }

    static func losingRounds(_ team: TeamCurves, cut: Int) -> String {
        guard let (q1, q2, q3) = team.losingRoundQuartiles else { return "– (none lost by round \(cut))" }
        return "\(q1) / \(q2) / \(q3)"
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
