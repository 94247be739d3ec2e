import ReportKit

/// `playbench simulate` on a Shaky Words design, for people: the rules, the pack's balance, then
/// per contest every metric with its interval, the answers in sentences and the tables they rest
/// on; the teams' assumptions; and how the games were played.
public enum QuizText {
    public static func render(_ summary: QuizSummary, how: String) -> String {
        let level = QuizTables.level(summary)
        var text = "Shaky Words: \(summary.label): \(QuizFormat.counted(summary.contests.count, "contest")), "
        text += "\(QuizFormat.counted(summary.gamesRequested, "game")) each, seed \(summary.seed); [\(level)% intervals]\n"
        if !summary.complete { text += "Partial: the run was interrupted; some contests hold fewer games or are missing.\n" }
        text += "\nRules as played:\n"
        for line in QuizTables.rules(summary.rules) { text += "  \(line)\n" }
        text += "\nIs the pack balanced across its difficulties? (SW6)\n"
        for sentence in summary.pack.sentences { text += "  \(sentence)\n" }
        text += indent(render(QuizTables.pack(summary.pack)))
        if let spelling = summary.spelling {
            text += "\nWhich spelling rule keeps long answers winnable? (SW10)\n  \(spelling.sentence)\n"
        }
        for contest in summary.contests {
            text += "\n\(contest.name): \(QuizFormat.counted(contest.games, "game"))\(contest.games < summary.gamesRequested ? " (of \(summary.gamesRequested))" : "")\n"
            text += indent(render(QuizTables.metrics(contest, level: level)))
            for answer in contest.answers { text += "  \(answer.question)\n    \(answer.sentence)\n" }
            text += "  By difficulty and answer length:\n" + indent(render(QuizTables.cells(contest, level: level)), 4)
            text += "  By difficulty:\n" + indent(render(QuizTables.difficulties(contest, level: level)), 4)
            text += "  By answer length:\n" + indent(render(QuizTables.lengths(contest, level: level)), 4)
            text += "  By shakes:\n" + indent(render(QuizTables.shakes(contest, level: level)), 4)
            text += "  Teams:\n" + indent(render(QuizTables.seats(contest, level: level)), 4)
        }
        text += "\nThe teams as modelled (SW12):\n" + indent(render(QuizTables.teams(summary)))
        text += "  \(summary.assumptions)\n"
        text += "\n(\(how))\n"
        return text
    }

    static func render(_ table: QuizTables.Table) -> String { TextTable.render(table.header, table.rows) }

    static func indent(_ table: String, _ width: Int = 2) -> String { TextTable.indented(table, by: width) }
}
