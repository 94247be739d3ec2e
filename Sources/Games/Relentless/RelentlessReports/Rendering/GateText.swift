import RelentlessBalance

/// The gate's verdicts for a terminal: one line per target, then the summary.
public enum GateText {
    public static func render(_ result: GateResult) -> String {
        var text = "balance gate: \(result.design)\n"
        for t in result.targets {
            let verdict = t.verdict == .missed ? "MISSED" : t.verdict.rawValue
            text += "  \(verdict.padding(9))\(t.target.name)\n"
            if t.target.name != t.target.summary { text += "  \("".padding(9))\(t.target.summary)\n" }
            text += "  \("".padding(9))\(t.explanation)\n"
        }
        text += "\(result.summary).\n\(method(result))\n"
        return text
    }

    /// How the verdicts were reached, in one paragraph.
    static func method(_ result: GateResult) -> String {
        let overall = GateMarkdown.number(result.confidence, true)
        let each = GateMarkdown.number(result.intervalConfidence, true)
        return "Seed \(result.seed), up to \(result.maxRounds) rounds a game\(StartDifficulty.phrase(result.startDifficulty)). Each team played \(result.firstGames) games, "
            + "doubled while an interval straddled a band's edge, up to \(result.maxGames). Intervals are at \(each) each, so that "
            + "all verdicts together hold with \(overall) confidence however many looks were taken."
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
