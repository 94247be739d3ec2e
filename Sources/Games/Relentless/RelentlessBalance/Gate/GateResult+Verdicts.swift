import Balance
import Diagnostics

extension GateResult {
    /// The verdicts as the shared gate reports (text, Markdown, JUnit) show them.
    public var verdicts: GateVerdicts {
        GateVerdicts(
            design: design,
            targets: targets.map { t in
                func text(_ x: Double) -> String { t.target.metric.text(x) }
                return GateVerdicts.Target(
                    name: t.target.name, summary: t.target.summary, verdict: t.verdict, explanation: t.explanation,
                    measured: t.estimate.map { text($0.value) } ?? "–",
                    interval: t.estimate.map { "\(text($0.lower)) – \(text($0.upper))" } ?? "no value",
                    band: t.target.band.describe(asShare: t.target.metric.isShare), games: t.games, player: TeamLabel.of(t.target.team),
                    source: t.target.source)
            },
            method: method,
            properties: [
                ("seed", String(seed)), ("confidence", "\(confidence)"), ("intervalConfidence", "\(intervalConfidence)"),
                ("firstGames", String(firstGames)), ("maxGames", String(maxGames)), ("maxRounds", String(maxRounds)),
            ] + (startDifficulty.map { [("startDifficulty", $0.designerText)] } ?? []))
    }

    /// How the verdicts were reached, in one paragraph.
    public var method: String {
        let overall = GateMarkdown.number(confidence, true)
        let each = GateMarkdown.number(intervalConfidence, true)
        return "Seed \(seed), up to \(counted(maxRounds, "round")) a game\(StartDifficulty.phrase(startDifficulty)). Each team played \(counted(firstGames, "game")), "
            + "doubled while an interval straddled a band's edge, up to \(maxGames). Intervals are at \(each) each, so that "
            + "all verdicts together hold with \(overall) confidence however many looks were taken."
    }
}
