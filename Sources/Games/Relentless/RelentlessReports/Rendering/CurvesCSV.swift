import MonteCarlo
import ReportKit

/// `curves.csv`: one row per team and round, every number the charts draw (RFC 4180; a header
/// row; empty cells where a round has no games).
public enum CurvesCSV {
    static let header = [
        "team", "round", "difficulty", "games", "alive_share", "alive_low95", "alive_high95", "lost_share",
        "money_p10", "money_p25", "money_p50", "money_p75", "money_p90", "money_mean",
        "satisfaction_mean", "satisfaction_sd", "correct", "wrong", "timed_out", "open", "never_shown",
    ]

    public static func render(_ report: BalanceReport) -> String {
        var lines = [header.joined(separator: ",")]
        for team in report.teams {
            for r in team.rounds {
                let cells: [String] = [
                    CSV.field(team.label), String(r.round), number(r.difficulty), String(r.games),
                    number(r.alive.value), number(r.alive.interval.lowerBound), number(r.alive.interval.upperBound), number(r.lost.value),
                    int(r.money.p10), int(r.money.p25), int(r.money.p50), int(r.money.p75), int(r.money.p90), number(r.money.mean),
                    number(r.satisfactionMean), number(r.satisfactionStandardDeviation),
                    number(r.correct), number(r.wrong), number(r.timedOut), number(r.open), number(r.neverShown),
                ]
                lines.append(cells.joined(separator: ","))
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func number(_ x: Double?) -> String {
        guard let x, x.isFinite else { return "" }
        return String(roundedTo6: x)
    }

    static func int(_ x: Int64?) -> String { x.map(String.init) ?? "" }
}
