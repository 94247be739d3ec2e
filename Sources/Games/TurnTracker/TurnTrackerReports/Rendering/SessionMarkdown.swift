import Diagnostics
import ReportKit

/// `summary.md`: the answers in sentences and the tables they rest on, short enough for a CI job
/// summary or a pull request comment.
public enum SessionMarkdown {
    public static func render(_ s: SessionSummary) -> String {
        let level = SessionTables.level(s)
        var md = "# Turn Tracker: how long sessions take, and who waits\n\n"
        md += "`\(s.label)`: \(counted(s.gamesRequested, "session")) per table, seed \(s.seed); \(level)% intervals."
        md += s.complete ? "\n\n" : " **Partial: the run was interrupted.**\n\n"
        for answer in s.answers {
            md += "## \(answer.question)\n\n"
            for sentence in answer.sentences { md += "- \(sentence)\n" }
            md += "\n"
        }
        md += "## Every table\n\n" + table(SessionTables.overview(s, tables: s.tables), numeric: 1, last: true)
        for t in s.tables where t.isDesigns {
            md += "\n### \(t.name)\n\n" + table(SessionTables.seats(t, level: level), numeric: 2)
            md += "\n" + table(SessionTables.phases(t, level: level), numeric: 1)
        }
        for g in s.growth {
            md += "\n### \(g.game) by players (every player \(g.persona))\n\n" + table(SessionTables.growth(g), numeric: 0)
        }
        md += "\n## Games as played\n\n"
        for line in SessionTables.games(s) { md += "- \(line)\n" }
        md += "\n## Personas (TT10)\n\n" + table(SessionTables.personas(s), numeric: 1, last: false)
        md += "\n\(s.assumptions)\n"
        return md
    }

    static func table(_ t: SessionTables.Table, numeric: Int, last: Bool = true) -> String {
        MarkdownTable.render(t.header, t.rows, numeric: numeric, last: last)
    }
}
