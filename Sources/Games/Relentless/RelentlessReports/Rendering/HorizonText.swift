import Diagnostics
import GameSeam
import RelentlessBalance
import ReportKit

/// The extrapolation beyond the last round played (``Horizon``), in words.
public enum HorizonText {
    /// "beyond round 30: …" lines for a text report; the reason when there is no estimate.
    public static func lines(_ horizon: Horizon?, unavailable: String?, maxRounds: Int) -> String {
        guard let h = horizon else { return "beyond round \(maxRounds): – (\(unavailable ?? "no estimate"))\n" }
        var text = "beyond round \(maxRounds), extrapolated from rounds \(h.plateauRound)–\(maxRounds) at difficulty \(h.difficulty.designerText):\n"
        text += "  money a round (drift): \(signed(h.drift.value)) [\(signed(h.drift.lower)), \(signed(h.drift.upper))], sd \(h.spread.decimalText(0))\n"
        text += "  eventually lost: \(share(h.ruin.value)) [\(share(h.ruin.lower)), \(share(h.ruin.upper))]"
        text += h.lostBefore.value > 0 ? " (\(share(h.lostBefore.value)) before round \(h.plateauRound))\n" : "\n"
        if let t = h.roundsToRuin {
            text += "  rounds to ruin from round \(h.plateauRound): \(t.value.decimalText(0)) [\(t.lower.decimalText(0)), \(t.upper.decimalText(0))]\n"
        } else {
            text += "  rounds to ruin: – (the drift is not surely negative, so ruin is not certain)\n"
        }
        text += "  (a random walk with the measured drift and spread; 95% intervals; the reference: Relentless, \"Simulating games\")\n"
        return text
    }

    public static func signed(_ x: Double) -> String {
        let t = x.decimalText(0)
        return x > 0 && t != "0" ? "+" + t : t
    }

    /// A share as a percentage, with more digits when it is tiny but not 0.
    public static func share(_ x: Double) -> String {
        if x > 0 && x < 0.001 { return "<0.1%" }
        return "\((x * 100).decimalText(1))%"
    }
}
