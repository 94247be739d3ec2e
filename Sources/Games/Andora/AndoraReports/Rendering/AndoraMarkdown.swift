import Diagnostics
import ReportKit
/// `summary.md`: the answer and the table per matchup, short enough for a CI job summary or a pull
/// request comment.
public enum AndoraMarkdown {
    public static func render(_ summary: AndoraSummary) -> String {
        let level = Int((summary.confidence * 100).rounded())
        var md = "# Andora: who wins under each rule variant\n\n"
        md += "`\(summary.design)`: \(counted(summary.gamesRequested, "game")) per variant and matchup, seed \(summary.seed), seats alternating; "
        md += "\(level)% intervals.\(summary.complete ? "" : " **Partial: the run was interrupted.**")\n\n"
        let answers = summary.strategy.map { $0.sentence(confidence: summary.confidence) }
        if !answers.isEmpty {
            md += "## The mini-field strategy (R1.4)\n\n"
            for sentence in answers { md += "- \(sentence)\n" }
            md += "\n"
        }
        for matchup in summary.matchups {
            md += "## \(matchup.label)\n\n"
            let header = VariantColumns.header(matchup, level: level)
            md += "| " + header.joined(separator: " | ") + " |\n"
            md += "|---|" + String(repeating: "---:|", count: header.count - 1) + "\n"
            for v in matchup.variants { md += "| " + VariantColumns.cells(v).joined(separator: " | ") + " |\n" }
            md += "\n"
        }
        return md
    }
}
