import Diagnostics
import ReportKit

/// A gate's verdicts as every report shows them, whatever the game: the text, Markdown and JUnit
/// renderers read this, and each game's gate result says how it reads (its targets' names,
/// what they measure, and how the games were played).
public struct GateVerdicts: Sendable {
    public struct Target: Sendable {
        public var name: String
        /// What the target measures and its band, when it says more than the name.
        public var summary: String
        public var verdict: Verdict
        /// The estimate, its interval and what that means for the band, in one sentence.
        public var explanation: String
        /// The estimate for a table ("42.0%"; "–" without one).
        public var measured: String
        /// Its interval for a table ("40.1% – 43.9%"; "no value" without one).
        public var interval: String
        /// The band for a table ("at least 40%").
        public var band: String
        public var games: Int
        /// What played the target's games ("4 × casual", "spec: first — random vs random"): the
        /// JUnit test case's class.
        public var player: String
        /// Where the target is written ("Balance.plist:31:4").
        public var source: String?

        public init(
            name: String, summary: String, verdict: Verdict, explanation: String, measured: String, interval: String, band: String, games: Int,
            player: String, source: String?
        ) {
            self.name = name
            self.summary = summary
            self.verdict = verdict
            self.explanation = explanation
            self.measured = measured
            self.interval = interval
            self.band = band
            self.games = games
            self.player = player
            self.source = source
        }
    }

    /// How the design is named.
    public var design: String
    public var targets: [Target]
    /// How the verdicts were reached, in one paragraph.
    public var method: String
    /// The settings of the run, for JUnit's properties, in order.
    public var properties: [(name: String, value: String)]

    public init(design: String, targets: [Target], method: String, properties: [(name: String, value: String)]) {
        self.design = design
        self.targets = targets
        self.method = method
        self.properties = properties
    }

    public var missed: Int { targets.count { $0.verdict == .missed } }
    public var undecided: Int { targets.count { $0.verdict == .undecided } }
    public var met: Int { targets.count { $0.verdict == .met } }

    /// "2 of 5 targets met, 1 missed, 1 undecided"; "1 of 1 target met".
    public var summary: String {
        var parts = ["\(met) of \(counted(targets.count, "target")) met"]
        if missed > 0 { parts.append("\(missed) missed") }
        if undecided > 0 { parts.append("\(undecided) undecided") }
        return parts.joined(separator: ", ")
    }

    /// One sentence for a target: its estimate with the interval and sample, and what that
    /// means for its band; `noValue` when the games gave none.
    public static func explanation(
        verdict: Verdict, value: Double?, lower: Double, upper: Double, sample: Int, games: Int, band: String, text: (Double) -> String,
        noValue: String
    ) -> String {
        guard let value else { return noValue }
        let measured = "\(text(value)) (interval \(text(lower)) to \(text(upper)), \(counted(sample, "value")) of \(counted(games, "game")))"
        switch verdict {
        case .met: return "\(measured): the whole interval is \(band)"
        case .missed: return "\(measured): the whole interval is outside \"\(band)\""
        case .undecided: return "\(measured): the interval still straddles an edge of \"\(band)\" at the cap of \(counted(games, "game"))"
        }
    }
}
