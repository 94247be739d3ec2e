import Diagnostics
import ReportKit

/// `playbench simulate` on an Andora design, for people: a table per matchup with every variant's
/// outcome shares and intervals, then each variant against the first, then the answer to the
/// strategy question in one sentence per matchup.
public enum AndoraText {
    public static func render(_ summary: AndoraSummary, how: String? = nil) -> String {
        let level = Int((summary.confidence * 100).rounded())
        var text = "Andora: \(summary.design): \(summary.matchups.first?.variants.count ?? 0) variant(s) × \(summary.matchups.count) matchup(s), "
        text += "\(counted(summary.gamesRequested, "game")) each, seed \(summary.seed); [\(level)% intervals]\n"
        for matchup in summary.matchups {
            text += "\n\(matchup.label)"
            text += matchup.selfPlay ? " (self-play, seats alternate)\n" : " (seats alternate)\n"
            let header = VariantColumns.header(matchup, level: level)
            let rows = matchup.variants.map(VariantColumns.cells)
            text += indent(TextTable.render(header, rows))
            for effect in matchup.effects {
                text += "  \(effect.variant) against \(effect.baseline): advantage \(Format.signed(effect.advantageChange.value)) "
                text += "\(Format.interval(effect.advantageChange, signed: true)), draws \(Format.signedPercent(effect.drawShareChange.value)) "
                text += "\(Format.signedPercentInterval(effect.drawShareChange))\n"
            }
        }
        let answers = summary.strategy.map { $0.sentence(confidence: summary.confidence) }
        if !answers.isEmpty {
            text += "\nThe mini-field strategy (R1.4), 'first' against 'any':\n"
            for sentence in answers { text += "  \(sentence)\n" }
        }
        if !summary.complete { text += "\nPartial: interrupted before every game was played.\n" }
        if let how { text += "\nPlayed in \(how).\n" }
        return text
    }

    static func indent(_ table: String) -> String {
        table.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  \($0)" }.joined(separator: "\n")
    }
}
