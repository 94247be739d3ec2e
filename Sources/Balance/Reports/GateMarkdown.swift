import Foundation
import ReportKit

/// The gate's verdicts as Markdown for a CI job summary or a pull-request comment.
public enum GateMarkdown {
    public static func render(_ verdicts: GateVerdicts) -> String {
        let icon: [Verdict: String] = [.met: "✅ met", .missed: "❌ missed", .undecided: "⚠️ undecided"]
        var md = "## Balance gate: \(cell(verdicts.design))\n\n**\(verdicts.summary).**\n\n"
        md += "| verdict | target | measured | interval | band | games |\n|---|---|---:|---:|---|---:|\n"
        for t in verdicts.targets {
            md += "| \(icon[t.verdict] ?? t.verdict.rawValue) | \(cell(t.name)) | \(t.measured) | \(t.interval) | "
            md += "\(cell(t.band)) | \(t.games) |\n"
        }
        md += "\n\(verdicts.method)\n"
        return md
    }

    /// A confidence level or a band's edge for the method paragraph: "95%", "0.4".
    public static func number(_ x: Double, _ share: Bool) -> String {
        share ? String(roundedTo6: (x * 1000).rounded() / 10) + "%" : String(roundedTo6: (x * 10).rounded() / 10)
    }

    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
}
