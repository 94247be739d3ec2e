/// The gate's verdicts for a terminal: one line per target, then the summary and the method.
public enum GateText {
    public static func render(_ verdicts: GateVerdicts) -> String {
        var text = "balance gate: \(verdicts.design)\n"
        for t in verdicts.targets {
            let verdict = t.verdict == .missed ? "MISSED" : t.verdict.rawValue
            text += "  \(verdict.padding(9))\(t.name)\n"
            if t.name != t.summary { text += "  \("".padding(9))\(t.summary)\n" }
            text += "  \("".padding(9))\(t.explanation)\n"
        }
        text += "\(verdicts.summary).\n\(verdicts.method)\n"
        return text
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
