import Diagnostics
import GameSeam

/// How Turn Tracker's results write times and shares, the same in text, Markdown and HTML.
public enum SessionFormat {
    /// Minutes as people say them: "48.5 min" under an hour (a tenth tells intervals apart),
    /// "1 h 52 min" from an hour on.
    public static func minutes(_ m: Double) -> String {
        guard m.isFinite else { return "–" }
        guard m.rounded() >= 60 else { return "\(m.decimalText(1)) min" }
        // Beyond a million hours a session is no session anyone sits through: said, not traps.
        guard m < 6e7 else { return "over a million hours" }
        let whole = Int(m.rounded())
        return "\(whole / 60) h \(whole % 60) min"
    }

    /// Seconds as people say them: "35 s", "4 min 10 s", "1 h 2 min".
    public static func seconds(_ s: Double) -> String {
        guard s.isFinite else { return "–" }
        guard s < 3.6e9 else { return minutes(s / 60) }
        let whole = Int(s.rounded())
        if whole < 60 { return s < 10 && s != s.rounded() ? "\(s.decimalText(1)) s" : "\(whole) s" }
        if whole < 3600 { return whole % 60 == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(whole % 60) s" }
        return minutes(s / 60)
    }

    /// A share as a percentage with one decimal: "41.2%".
    public static func percent(_ x: Double) -> String { (x * 100).decimalText(1) + "%" }

    /// A value and its interval: "41.2% [40.8%, 41.6%]".
    public static func interval(_ e: MetricEstimate?, _ format: (Double) -> String) -> String {
        guard let e else { return "–" }
        return "\(format(e.value)) [\(format(e.lower)), \(format(e.upper))]"
    }
}
