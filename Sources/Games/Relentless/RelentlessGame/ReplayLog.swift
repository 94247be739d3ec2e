import RelentlessBalance
import Diagnostics
import Foundation
import RelentlessGeneration
import ReportKit
import RelentlessSimulation

/// `simulate --replay SEED`: one game, round by round.
struct ReplayLog: Encodable, Sendable {
    struct PlayerRow: Encodable, Sendable {
        var player: Int
        var persona: String
        var satisfaction: Double
        var correct: Int
        var wrong: Int
        var timedOut: Int
        var open: Int
        var neverShown: Int
        var discarded: Int
        var gaveUp: Int
        /// Seconds by what they went to (``TimeBreakdown``); they add up to the round's length.
        var time: [String: Double]
    }

    struct RoundRow: Encodable, Sendable {
        var round: Int
        var difficulty: Double
        var orders: Int
        var packageLimit: Int?
        var end: String
        var endSeconds: Double
        var satisfactionSum: Int
        var moneyChange: Int
        var money: Int
        var lost: Bool
        var players: [PlayerRow]
        /// `playbench generate …` printing the round that was played.
        var generate: String
        /// M1's two sides: money earned from satisfaction, and the expense.
        var moneyIn: Int
        var moneyOut: Int
        /// Every player's actions, for the round asked for with --timeline.
        var timeline: [TimelineEntry]?
    }

    var design: String
    var team: [String]
    var seed: UInt64
    /// The difficulty of the first round (M3); nil (absent from the JSON) for the minimum.
    var startDifficulty: Double?
    var roundsPlayed: Int
    var money: Int
    var lost: Bool
    var rounds: [RoundRow]
    /// The round the host could not make, which ended the game; nil otherwise.
    var unplayable: UnplayableRound?
    /// `playbench generate … --explain` for it.
    var reproduce: String?

    func text() -> String {
        var text = "\(design): replay of game seed \(seed), team \(team.joined(separator: ", "))\(StartDifficulty.phrase(startDifficulty))\n"
        for r in rounds {
            let limit = r.packageLimit.map { ", packages ≤ \($0) items" } ?? ""
            text += "\nround \(r.round) (difficulty \(r.difficulty.designerText), \(counted(r.orders, "order"))\(limit)): "
            text += "ended by \(r.end) at \(String(format: "%.1f", r.endSeconds)) s; "
            text += "satisfaction sum \(r.satisfactionSum), money +\(r.moneyIn) − \(r.moneyOut) = \(r.moneyChange >= 0 ? "+" : "")\(r.moneyChange) → \(r.money)"
            text += r.lost ? " (below 0: game lost, M2)\n" : "\n"
            for p in r.players {
                text += "  player \(p.player) (\(p.persona)): satisfaction \(String(format: "%.1f", p.satisfaction)); "
                text += "\(p.correct) correct, \(p.wrong) wrong, \(p.timedOut) timed out, \(p.open) open"
                if p.neverShown > 0 { text += ", \(p.neverShown) never shown" }
                if p.discarded > 0 { text += ", \(counted(p.discarded, "package")) thrown away" }
                if p.gaveUp > 0 { text += ", gave up on \(p.gaveUp)" }
                text += "\n"
                let parts = TimeBreakdown.parts.map(\.name).compactMap { name in
                    p.time[name].flatMap { $0 >= 0.05 ? "\(name) \(String(format: "%.1f", $0)) s" : nil }
                }
                text += "    time: \(parts.joined(separator: ", "))\n"
            }
            if let timeline = r.timeline {
                text += "  timeline (every action, by when it started):\n"
                for e in timeline.sorted(by: { ($0.start, $0.player) < ($1.start, $1.player) }) {
                    text += "    \(String(format: "%6.1f", e.start))–\(String(format: "%6.1f", e.end)) s  player \(e.player + 1): \(e.what)\n"
                }
            }
            text += "  round: \(r.generate)\n"
        }
        if let u = unplayable {
            text += "\nround \(u.round + 1) (difficulty \(u.difficulty.designerText)) could not be made, which ends the game: \(u.reason)\n"
            if let reproduce { text += "  reproduce: \(reproduce)\n" }
            text += "unplayable after \(roundsPlayed) round\(roundsPlayed == 1 ? "" : "s") with money \(money)\n"
            return text
        }
        text += "\n\(lost ? "lost" : "still solvent") after \(roundsPlayed) round\(roundsPlayed == 1 ? "" : "s") with money \(money)\n"
        return text
    }
}
