/// `summary.md`: the answer and the table per matchup, short enough for a CI job summary or a pull
/// request comment.
public enum AndoraMarkdown {
    public static func render(_ summary: AndoraSummary) -> String {
        let level = Int((summary.confidence * 100).rounded())
        var md = "# Andora: who wins under each rule variant\n\n"
        md += "`\(summary.design)`: \(summary.gamesRequested) games per variant and matchup, seed \(summary.seed), seats alternating; "
        md += "\(level)% intervals.\(summary.complete ? "" : " **Partial: the run was interrupted.**")\n\n"
        let answers = summary.strategy.map { $0.sentence(confidence: summary.confidence) }
        if !answers.isEmpty {
            md += "## The mini-field strategy (R1.4)\n\n"
            for sentence in answers { md += "- \(sentence)\n" }
            md += "\n"
        }
        for matchup in summary.matchups {
            md += "## \(matchup.label)\n\n"
            md += "| variant | X wins | draws | O wins | X − O | X's score |\(matchup.selfPlay ? "" : " first agent's score |") ended by a line | marks (mean) |\n"
            md += "|---|---:|---:|---:|---|---|\(matchup.selfPlay ? "" : "---|")---:|---:|\n"
            for v in matchup.variants {
                md += "| \(v.variant) | \(Format.percent(v.xWinShare.value)) | \(Format.percent(v.drawShare.value)) | \(Format.percent(v.oWinShare.value)) "
                md += "| \(Format.signed(v.firstPlayerAdvantage.value)) \(Format.interval(v.firstPlayerAdvantage, signed: true)) "
                md += "| \(Format.percent(v.balance.value)) \(Format.percentInterval(v.balance)) |"
                if let score = v.firstAgentScore { md += " \(Format.percent(score.value)) \(Format.percentInterval(score)) |" }
                md += " \(Format.percent(v.lineShare.value)) | \(Format.decimal(v.meanMarks.value)) |\n"
            }
            md += "\n"
        }
        return md
    }
}
