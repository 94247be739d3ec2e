import Diagnostics
import ReportKit

/// `playbench simulate` on a Turn Tracker design, for people: the answers, then every table's
/// numbers, seats, phases and timer coverage, the games as played and the personas.
public enum SessionText {
    public static func render(_ s: SessionSummary, how: String) -> String {
        let level = SessionTables.level(s)
        var text = "Turn Tracker: \(s.label): \(counted(s.tables.count, "table")), \(counted(s.gamesRequested, "session")) each, seed \(s.seed); [\(level)% intervals]\n"
        if !s.complete { text += "Partial: the run was interrupted; some tables hold fewer sessions or are missing.\n" }
        text += "\n" + render(SessionTables.overview(s, tables: s.tables))
        for answer in s.answers {
            text += "\n\(answer.question)\n"
            for sentence in answer.sentences { text += "  \(sentence)\n" }
        }
        for t in s.tables {
            text += "\n\(t.name): \(counted(t.sessions, "session"))\(t.sessions < s.gamesRequested ? " (of \(s.gamesRequested))" : "")\n"
            text += indent(render(SessionTables.seats(t, level: level)))
            text += indent(render(SessionTables.phases(t, level: level)))
        }
        for g in s.growth {
            text += "\n\(g.game) by players (every player \(g.persona)):\n" + indent(render(SessionTables.growth(g)))
        }
        text += "\nGames as played:\n"
        for line in SessionTables.games(s) { text += "  \(line)\n" }
        text += "\nPersonas (TT10):\n" + indent(render(SessionTables.personas(s)))
        text += "  \(s.assumptions)\n"
        text += "\n(\(how))\n"
        return text
    }

    static func render(_ table: SessionTables.Table) -> String { TextTable.render(table.header, table.rows) }

    static func indent(_ table: String, _ width: Int = 2) -> String { TextTable.indented(table, by: width) }
}
