import ReportKit

/// `summary.md`: the answers in sentences and the tables they rest on, short enough for a CI job
/// summary or a pull request comment.
public enum QuizMarkdown {
    public static func render(_ summary: QuizSummary) -> String {
        let level = QuizTables.level(summary)
        var md = "# Shaky Words: points, timeouts and who wins\n\n"
        md += "`\(summary.label)`: \(QuizFormat.counted(summary.gamesRequested, "game")) per contest, seed \(summary.seed); \(level)% intervals."
        md += summary.complete ? "\n\n" : " **Partial: the run was interrupted.**\n\n"
        md += "## Rules as played\n\n"
        for line in QuizTables.rules(summary.rules) { md += "- \(line)\n" }
        md += "\n## Is the pack balanced across its difficulties? (SW6)\n\n"
        for sentence in summary.pack.sentences { md += "- \(sentence)\n" }
        md += "\n" + table(QuizTables.pack(summary.pack), numeric: 1, last: false)
        if let spelling = summary.spelling {
            md += "\n## Which spelling rule keeps long answers winnable? (SW10)\n\n\(spelling.sentence)\n"
        }
        for contest in summary.contests {
            md += "\n## \(contest.name)\n\n"
            md += "\(QuizFormat.counted(contest.games, "game"))\(contest.games < summary.gamesRequested ? " of \(summary.gamesRequested) (partial)" : "").\n\n"
            for answer in contest.answers { md += "- **\(answer.question)** \(answer.sentence)\n" }
            md += "\n### Every metric\n\n" + table(QuizTables.metrics(contest, level: level), numeric: 1, last: false)
            md += "\n### By difficulty and answer length\n\n" + table(QuizTables.cells(contest, level: level), numeric: 1)
            md += "\n### By difficulty\n\n" + table(QuizTables.difficulties(contest, level: level), numeric: 1)
            md += "\n### By answer length\n\n" + table(QuizTables.lengths(contest, level: level), numeric: 0)
            md += "\n### By shakes\n\n" + table(QuizTables.shakes(contest, level: level), numeric: 0)
            md += "\n### Teams: wins and scores\n\n" + table(QuizTables.seats(contest, level: level), numeric: 2)
        }
        md += "\n## The teams as modelled (SW12)\n\n" + table(QuizTables.teams(summary), numeric: 1, last: true)
        md += "\n\(summary.assumptions)\n"
        return md
    }

    /// A Markdown table whose columns from `numeric` on are right-aligned (all but the last when
    /// `last` is false).
    static func table(_ t: QuizTables.Table, numeric: Int, last: Bool = true) -> String {
        MarkdownTable.render(t.header, t.rows, numeric: numeric, last: last)
    }
}
