import Diagnostics
import GameSeam
import TurnTracker
import TurnTrackerRuns

/// The tables of a summary as header and rows, rendered alike as text, Markdown and HTML.
public enum SessionTables {
    public struct Table: Sendable {
        public var header: [String]
        public var rows: [[String]]
    }

    static func level(_ s: SessionSummary) -> Int { Int((s.confidence * 100).rounded()) }

    /// Every table's headline numbers.
    public static func overview(_ s: SessionSummary, tables: [TableResult]) -> Table {
        let level = level(s)
        func minutes(_ e: MetricEstimate?) -> String { e.map { SessionFormat.minutes($0.value) } ?? "–" }
        return Table(
            header: ["table", "sessions", "mean [\(level)%]", "p10", "p50", "p90", "rounds", "waiting", "forgotten", "expiries", "turn p90"],
            rows: tables.map { t in
                [
                    t.name, "\(t.sessions)", SessionFormat.interval(t.metric(.sessionMinutes), SessionFormat.minutes), minutes(t.metric(.sessionP10)),
                    minutes(t.metric(.sessionP50)), minutes(t.metric(.sessionP90)), t.rounds.decimalText(1),
                    t.metric(.waitingShare).map { SessionFormat.percent($0.value) } ?? "–", t.metric(.forgotten).map { $0.value.decimalText(2) } ?? "–",
                    t.timer == nil ? "no timer" : t.metric(.expiries).map { $0.value.decimalText(2) } ?? "–",
                    t.metric(.turnP90).map { SessionFormat.seconds($0.value) } ?? "–",
                ]
            })
    }

    /// Each seat's waiting share (TT14).
    public static func seats(_ t: TableResult, level: Int) -> Table {
        Table(
            header: ["seat", "persona", "waiting [\(level)%]"],
            rows: t.seats.enumerated().map { i, seat in ["\(i + 1)", seat.persona, SessionFormat.interval(seat.waiting, SessionFormat.percent)] })
    }

    /// Where a session's time goes, phase by phase.
    public static func phases(_ t: TableResult, level: Int) -> Table {
        Table(
            header: ["phase", "minutes a session [\(level)%]", "share"],
            rows: t.phases.map { p in
                [p.name + (p.symmetric ? " (together)" : ""), SessionFormat.interval(p.minutes) { $0.decimalText(1) }, SessionFormat.percent(p.share)]
            })
    }

    /// The timer that covers each share of turns (TT9).
    public static func coverage(_ t: TableResult) -> Table {
        Table(header: ["turns covered", "timer"], rows: t.coverage.map { [SessionFormat.percent($0.share), SessionFormat.seconds($0.seconds)] })
    }

    /// A game's session length by players.
    public static func growth(_ g: PlayerGrowth) -> Table {
        Table(
            header: ["players", "p10", "p50", "p90"],
            rows: g.points.map { ["\($0.players)", SessionFormat.minutes($0.p10), SessionFormat.minutes($0.p50), SessionFormat.minutes($0.p90)] })
    }

    /// The games as played: their definitions and session settings.
    public static func games(_ s: SessionSummary) -> [String] {
        s.games.map { g in
            var line = "\(g.name): \(g.mode == .coop ? "co-op" : "versus"), \(g.players) players, rounds \(g.rounds)"
            line += g.timer.map { ", a \(SessionFormat.seconds($0)) turn timer" } ?? ", no turn timer"
            return line + "; " + g.phases.joined(separator: "; ")
        }
    }

    /// The personas as the design states them (TT10).
    public static func personas(_ s: SessionSummary) -> Table {
        Table(
            header: ["persona", "speed", "spread", "forgets ready", "notices after"],
            rows: s.personas.map { [$0.name, $0.speed.designerText, $0.spread.designerText, SessionFormat.percent($0.forgetReady), $0.notice] })
    }
}
