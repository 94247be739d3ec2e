import RelentlessBalance
import Diagnostics
import Foundation
import ReportKit
import RelentlessRuns
import RelentlessSimulation

/// `simulate --format text`: a table per round, then how games ended and the games to replay.
public enum SimulationText {
    /// - Parameter how: how the games were played ("0.52 s on 2 threads", "merged from 4 parts").
    public static func render(_ report: SimulationReport, how: String) -> String {
        var text = "\(report.design): \(counted(report.gamesPlayed, "game"))"
        if report.partial { text += " of \(report.gamesRequested) (INTERRUPTED: partial result)" }
        text += ", team \(report.team.joined(separator: ", ")), seed \(report.seed), up to \(counted(report.maxRounds, "round"))\(StartDifficulty.phrase(report.startDifficulty))"
        text += " (\(how))\n"
        text += "players: \(report.playersFile)\n\n"

        let header = ["round", "diff", "alive", "money p10", "p50", "p90", "satisf.", "correct", "wrong", "timed out", "open", "ended by time/done/ran out"]
        var rows: [[String]] = []
        for row in report.rounds {
            let ends = RoundOutcome.End.allCases.map { String(row.ends[$0.rawValue] ?? 0) }.joined(separator: "/")
            rows.append([
                String(row.round), row.difficulty.designerText, percent(row.aliveShare),
                number(row.moneyQuantiles.p10), number(row.moneyQuantiles.p50), number(row.moneyQuantiles.p90),
                decimal(row.satisfaction.mean), decimal(row.correct.mean), decimal(row.wrong.mean),
                decimal(row.timedOut.mean), decimal(row.open.mean), ends,
            ])
        }
        text += table(header, rows)
        text += "\nalive: share of all games with money ≥ 0 after the round (M2). money: after the round (M1), over the games that played it.\n"
        text += "satisf.: mean per player at the round's end; correct, wrong, timed out, open: mean orders per game (P5–P7).\n\n"
        text += seats(report)

        let played = max(report.gamesPlayed, 1)
        text += "lost: \(report.lost) of \(counted(report.gamesPlayed, "game")) (\(percent(Double(report.lost) / Double(played))))"
        text += "; rounds reached: mean \(decimal(report.roundsReached.mean)), sd \(decimal(report.roundsReached.standardDeviation))"
        let solventAtTheCut = report.rounds.count == report.maxRounds ? report.rounds.last.map { Int(($0.aliveShare * Double(report.gamesPlayed)).rounded()) } ?? 0 : 0
        text += " (games stop at round \(report.maxRounds): \(solventAtTheCut) still solvent there)\n"
        let u = report.unplayable
        if u.games > 0 {
            text += "unplayable: \(u.games) of \(counted(report.gamesPlayed, "game")) (\(percent(u.share)) [\(percent(u.lower)), \(percent(u.upper))]) ended at a round the host could not make"
            if let first = u.first {
                text += "; the first, round \(first.round) of game seed \(first.seed) (\(first.players) players, difficulty \(first.difficulty.designerText)): \(first.reason)\n"
                text += "  reproduce: \(first.reproduce)\n"
            } else {
                text += "\n"
            }
        }
        text += "final money: p10 \(number(report.finalMoneyQuantiles.p10)), p50 \(number(report.finalMoneyQuantiles.p50)), p90 \(number(report.finalMoneyQuantiles.p90))\n"
        for e in report.exemplars {
            text += "  p\(Int(e.quantile * 100)) game (final money \(e.money)): \(e.replay)\n"
        }
        text += "\n" + HorizonText.lines(report.horizon, unavailable: report.horizonUnavailable, maxRounds: report.maxRounds)
        return text
    }

    /// Seat by seat, per round: satisfaction, orders, where the time went and the requests (P4).
    static func seats(_ report: SimulationReport) -> String {
        guard !report.seats.isEmpty else { return "" }
        let header = ["seat", "persona", "satisf.", "correct", "wrong", "timed out", "work", "help", "describe", "wait", "idle", "served", "asked"]
        let rows = report.seats.map { seat -> [String] in
            // Each part's mean over the mean round: the parts add up to 100%.
            let parts: [SeatStatistics.Figure] = [.working, .helping, .describing, .waiting, .idle]
            let length = parts.reduce(0.0) { $0 + (seat.figure($1).mean ?? 0) }
            let shares = parts.map { length > 0 ? percent((seat.figure($0).mean ?? 0) / length) : "-" }
            let counts: [SeatStatistics.Figure] = [.satisfaction, .correct, .wrong, .timedOut]
            return [String(seat.seat), seat.persona] + counts.map { decimal(seat.figure($0).mean) } + shares
                + [decimal(seat.figure(.requestsServed).mean), decimal(seat.figure(.requestsAsked).mean)]
        }
        return table(header, rows)
            + "\nby seat, a round on average: satisfaction at its end and the seat's orders; its time working on its own orders,\n"
            + "helping teammates, describing to them, waiting for a package of its own, idle (shares of the round); requests\n"
            + "it served and asked (P4).\n\n"
    }

    static func table(_ header: [String], _ rows: [[String]]) -> String { TextTable.render(header, rows) }

    static func percent(_ x: Double) -> String { String(format: "%.1f%%", x * 100) }
    static func decimal(_ x: Double?) -> String { x.map { String(format: "%.1f", $0) } ?? "-" }
    static func number(_ x: Int64?) -> String { x.map(String.init) ?? "-" }
}
