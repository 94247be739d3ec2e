import RelentlessBalance

/// The gate's verdicts as Markdown for a CI job summary or a pull-request comment.
public enum GateMarkdown {
    public static func render(_ result: GateResult) -> String {
        let icon: [Verdict: String] = [.met: "✅ met", .missed: "❌ missed", .undecided: "⚠️ undecided"]
        var md = "## Balance gate: \(cell(result.design))\n\n**\(result.summary).**\n\n"
        md += "| verdict | target | measured | interval | band | games |\n|---|---|---:|---:|---|---:|\n"
        for t in result.targets {
            let share = t.target.metric.isShare
            let measured = t.estimate.map { t.target.metric.text($0.value) } ?? "–"
            let interval = t.estimate.map { "\(t.target.metric.text($0.lower)) – \(t.target.metric.text($0.upper))" } ?? "no value"
            md += "| \(icon[t.verdict] ?? t.verdict.rawValue) | \(cell(t.target.name)) | \(measured) | \(interval) | "
            md += "\(cell(t.target.band.describe(asShare: share))) | \(t.games) |\n"
        }
        md += "\n\(GateText.method(result))\n"
        return md
    }

    static func number(_ x: Double, _ share: Bool) -> String {
        share ? String(roundedTo6: (x * 1000).rounded() / 10) + "%" : String(roundedTo6: (x * 10).rounded() / 10)
    }

    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
}
