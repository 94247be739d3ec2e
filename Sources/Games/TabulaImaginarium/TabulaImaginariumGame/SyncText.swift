import Diagnostics
import GameSeam
import MonteCarlo
import ReportKit
import TabulaImaginariumSync

/// The sync model's results for people: what `simulate` prints, one session as `--replay`
/// prints it, and the section `report` adds to the map page.
enum SyncText {
    /// Every session size's metrics with their 95% intervals, then the two resyncs compared.
    static func render(_ game: TabulaImaginariumDefinition, _ run: PlayedRun<TabulaImaginariumDefinition>) -> String {
        let playable = run.playable
        var text = "Tabula Imaginarium sync: \(run.label), seed \(run.seed), \(counted(run.gamesRequested, "session")) per session size (\(run.how)); 95% intervals\n"
        text += "  \(game.playedAs(playable) ?? "")\n"
        for (lineup, statistics) in zip(run.lineups, run.statistics) {
            let t = statistics.totals
            text += "\n\(lineup.name): \(counted(statistics.sessions, "session")), \(counted(t.edits, "edit")), \(counted(t.grabs, "grab")), "
                + "\(counted(t.joins, "join")), \(counted(t.conflicts, "conflict"))\n"
            text += table(rows(game, statistics))
            if let tile = statistics.resyncPerJoin(.tileByTile), let grouped = statistics.resyncPerJoin(.grouped), grouped.messages > 0, grouped.bytes > 0 {
                text += "  a join tile by tile takes \((tile.messages / grouped.messages).decimalText(1)) times the messages and "
                    + "\((tile.bytes / grouped.bytes).decimalText(1)) times the bytes of a grouped one (TS5)\n"
            }
        }
        if !run.isComplete { text += "interrupted: the last session size begun holds fewer sessions, later ones none\n" }
        return text
    }

    /// A row per metric: its value and interval, "every one alike" where the interval is the
    /// value, or why the sessions give none.
    static func rows(_ game: TabulaImaginariumDefinition, _ statistics: SyncStatistics) -> [[String]] {
        game.metrics.map { metric in
            guard let e = game.estimate(metric.name, of: statistics, confidence: .ninetyFive) else { return [metric.name, "–", metric.withoutValue ?? "no value"] }
            return [metric.name, metric.text(e.value), e.lower == e.upper ? "every one alike" : "\(metric.text(e.lower)) – \(metric.text(e.upper))"]
        }
    }

    /// Rows under a header, the metric's name left-aligned and its value right-aligned.
    static func table(_ rows: [[String]]) -> String {
        let all = [["metric", "value", "95% interval"]] + rows
        let name = all.map { $0[0].count }.max() ?? 0, value = all.map { $0[1].count }.max() ?? 0
        return all.map { row in
            "  " + row[0] + String(repeating: " ", count: name - row[0].count + 2) + String(repeating: " ", count: value - row[1].count) + row[1] + "  " + row[2] + "\n"
        }.joined()
    }

    /// One session's counts, as `simulate --replay` prints it.
    static func session(_ s: SyncSessionRecord, model: SyncModel) -> String {
        let p = model.parameters
        func share(_ a: Int, _ b: Int) -> String { b > 0 ? (Double(a) / Double(b) * 100).decimalText(1) + "%" : "–" }
        var text = "A session of \(counted(p.devices, "device")), \(p.sessionMinutes.designerText) minutes, \(p.latencySeconds.designerText) s a message:\n"
        text += "  edits: \(s.hostEdits) by the host, \(s.peerEdits) by peers; \(counted(s.editMessages, "message")) (\(max(p.devices - 1, 0)) each, TS2), "
            + "\(s.editRelayed) relayed by the host\n"
        text += "  joins: \(s.joins) (each peer at the start, then each reconnect)"
        for (strategy, name) in [(ResyncStrategy.tileByTile, "tile by tile"), (.grouped, "grouped")] {
            let index = ResyncStrategy.allCases.firstIndex(of: strategy) ?? 0
            text += "; \(name) \(counted(s.resyncMessages[index], "message")), \(counted(s.resyncBytes[index], "byte"))"
        }
        text += " (TS5)\n"
        text += "  grabs: \(s.hostGrabs) by the host, \(s.peerGrabs) by peers, of \(counted(p.tokens, "token")); \(counted(s.grabMessages, "message")) (TS3)\n"
        text += "  conflicts: \(s.conflicts), the host won \(s.hostWins), peers \(s.peerWins); \(counted(s.droppedGrabs, "grab")) dropped (TS4)\n"
        text += "  collisions: \(s.windowConflicts) of \(s.windowGrabs) grabs a latency or more before the end, whose token's next grab, "
            + "if by another device, came within a latency (\(share(s.windowConflicts, s.windowGrabs)))\n"
        return text
    }

    /// The section `report` adds to the map page: every metric of every session size.
    static func section(_ game: TabulaImaginariumDefinition, _ run: PlayedRun<TabulaImaginariumDefinition>) -> String {
        let header = ["metric"] + run.lineups.map(\.name) + ["what it measures"]
        let rows = game.metrics.map { metric in
            [metric.name]
                + run.statistics.map { statistics in
                    guard let e = game.estimate(metric.name, of: statistics, confidence: .ninetyFive) else { return "–" }
                    return metric.text(e.value) + (e.lower == e.upper ? "" : " (\(metric.text(e.lower)) – \(metric.text(e.upper)))")
                } + [metric.summary]
        }
        let note = "\(counted(run.gamesRequested, "session")) of each size, seed \(run.seed), 95% intervals in brackets (none where every edit or join is alike): "
            + (game.playedAs(run.playable) ?? "") + "."
        return "<section data-section=\"sync\"><h2>The session's network</h2><p class=\"note\">\(escape(note))</p><div class=\"row\">"
            + HTMLPage.table("Sessions by size (TS1–TS8)", header, rows, numeric: 1, last: false) + "</div></section>\n"
    }
}

/// What `simulate --format json` prints: the design as played, and every session size's
/// statistics and metrics.
struct SyncSummary: Encodable, Sendable {
    struct Played: Encodable, Sendable {
        var name: String
        var devices: Int
        var parameters: SyncParameters
        var statistics: SyncStatistics
        var metrics: [MetricsReport.Cell]
    }

    var label: String
    var seed: UInt64
    var sessionsRequested: Int
    var complete: Bool
    var lineups: [Played]

    init(_ game: TabulaImaginariumDefinition, _ run: PlayedRun<TabulaImaginariumDefinition>) {
        label = run.label
        seed = run.seed
        sessionsRequested = run.gamesRequested
        complete = run.isComplete
        lineups = zip(run.lineups.indices, run.statistics).map { index, statistics in
            let model = run.playable.models[index]
            return Played(
                name: run.lineups[index].name, devices: model.parameters.devices, parameters: model.parameters, statistics: statistics,
                metrics: MetricsReport.cells(game, lineups: [run.lineups[index]], statistics: [statistics], confidence: .ninetyFive))
        }
    }
}
