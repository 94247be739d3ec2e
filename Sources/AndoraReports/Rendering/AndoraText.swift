import ReportKit

/// `playbench simulate` on an Andora design, for people: a table per matchup with every variant's
/// outcome shares and intervals, then each variant against the first, then the answer to the
/// strategy question in one sentence per matchup.
public enum AndoraText {
    public static func render(_ summary: AndoraSummary, how: String? = nil) -> String {
        let level = Int((summary.confidence * 100).rounded())
        var text = "Andora: \(summary.design): \(summary.matchups.first?.variants.count ?? 0) variant(s) × \(summary.matchups.count) matchup(s), "
        text += "\(summary.gamesRequested) games each, seed \(summary.seed); [\(level)% intervals]\n"
        for matchup in summary.matchups {
            text += "\n\(matchup.label)"
            text += matchup.selfPlay ? " (self-play, seats alternate)\n" : " (seats alternate)\n"
            var header = ["variant", "games", "X wins", "draws", "O wins", "X − O (first player's advantage)", "X's score"]
            if !matchup.selfPlay { header.append("\(matchup.label.split(separator: " ").first ?? "first")'s score") }
            header += ["ended: line / cannot place", "marks: mean (p10–p90)"]
            let rows = matchup.variants.map { v -> [String] in
                var row = [
                    v.variant, String(v.games), Format.percent(v.xWinShare.value), Format.percent(v.drawShare.value), Format.percent(v.oWinShare.value),
                    "\(Format.signed(v.firstPlayerAdvantage.value)) \(Format.interval(v.firstPlayerAdvantage, signed: true))",
                    "\(Format.percent(v.balance.value)) \(Format.percentInterval(v.balance))",
                ]
                if let score = v.firstAgentScore { row.append("\(Format.percent(score.value)) \(Format.percentInterval(score))") }
                row += [
                    "\(Format.percent(v.lineShare.value)) / \(Format.percent(v.drawShare.value))",
                    "\(Format.decimal(v.meanMarks.value)) (\(v.marksP10)–\(v.marksP90))",
                ]
                return row
            }
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
