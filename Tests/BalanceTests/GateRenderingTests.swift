import Balance
import Foundation
import GameSeam
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The gate's verdicts as JUnit, Markdown and text, whatever the game: every verdict shows, a
/// target whose games gave no value says why, and text from a designer's file cannot break the
/// XML.
@Suite struct GateRenderingTests {
    static func result() -> MetricGateResult {
        func target(_ name: String, _ metric: MetricDefinition, _ band: Band) -> MetricTarget {
            MetricTarget(name: name, lineup: "3 × casual", metric: metric.name, band: band, source: "Balance.plist:9:4")
        }
        let survival = MetricDefinition(name: "survival(5)", kind: .proportion, summary: "share of games alive after round 5")
        let median = MetricDefinition(name: "medianMoney(5)", kind: .quantile, summary: "median money after round 5", decimals: 0)
        let rounds = MetricDefinition(name: "meanRounds", kind: .mean, summary: "mean rounds reached", decimals: 1)
        let money = MetricDefinition(
            name: "meanMoney(5)", kind: .mean, summary: "mean money after round 5", decimals: 0, withoutValue: "no game reached round 5")
        return MetricGateResult(
            design: "Designs/x", seed: 3, confidence: 0.95, intervalConfidence: 0.99, firstGames: 100, maxGames: 400, playedAs: "up to 30 rounds a game", lineupNoun: "team",
            properties: [GateProperty("maxRounds", "30")],
            targets: [
                .init(
                    target: target("fine <&> \"quoted\" 'single'", survival, Band(atLeast: 0.4)), definition: survival, verdict: .met,
                    estimate: MetricEstimate(value: 0.5, interval: 0.45...0.55, sample: 100), games: 100, looks: 1),
                .init(
                    target: target("money\u{1}\u{7} | piped", median, Band(atLeast: 200, atMost: 400)), definition: median, verdict: .missed,
                    estimate: MetricEstimate(value: 120, interval: 100...150, sample: 90), games: 100, looks: 1),
                .init(
                    target: target("on the edge", rounds, Band(atLeast: 20)), definition: rounds, verdict: .undecided,
                    estimate: MetricEstimate(value: 20.1, interval: 19.5...20.7, sample: 400), games: 400, looks: 3),
                .init(target: target("nobody got there", money, Band(atLeast: 1)), definition: money, verdict: .missed, estimate: nil, games: 400, looks: 3),
            ])
    }

    @Test func junitIsWellFormedAndCountsEveryVerdict() throws {
        let xml = GateJUnit.render(Self.result().verdicts, balanceFile: "Designs/x/Balance.plist")
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(xml.contains(#"<testsuites name="playbench gate" tests="4" failures="2" errors="0" skipped="1">"#))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 4)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 2)
        #expect(xml.contains(#"<skipped message="undecided: 20.1 (interval 19.5 to 20.7"#))
        #expect(xml.contains("fine &lt;&amp;&gt; &quot;quoted&quot; &#39;single&#39;"))
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(xml.contains("no game reached round 5"))
        #expect(xml.contains("target written at Balance.plist:9:4"))
        #expect(xml.contains(#"<property name="maxRounds" value="30"/>"#), "the game's settings join the run's")
    }

    @Test func markdownHasARowPerTargetAndEscapesPipes() {
        let md = GateMarkdown.render(Self.result().verdicts)
        #expect(md.contains("**1 of 4 targets met, 2 missed, 1 undecided.**"))
        #expect(md.contains("| ✅ met | fine <&> \"quoted\" 'single' | 50.0% | 45.0% – 55.0% | at least 40% | 100 |"))
        #expect(md.contains(#"piped | 120 | 100 – 150 | between 200 and 400 | 100 |"#))
        #expect(md.contains(#"\| piped"#))
        #expect(md.contains("| ⚠️ undecided | on the edge | 20.1 | 19.5 – 20.7 | at least 20 | 400 |"))
        #expect(md.contains("| ❌ missed | nobody got there | – | no value |"))
        #expect(md.contains("99% each"))
        #expect(md.contains("Seed 3, up to 30 rounds a game. Each team played 100 games"))
    }

    @Test func textMarksMissedTargetsLoudly() {
        let text = GateText.render(Self.result().verdicts)
        #expect(text.components(separatedBy: "MISSED").count - 1 == 2)
        #expect(text.contains("undecided"))
        #expect(text.contains("1 of 4 targets met, 2 missed, 1 undecided."))
    }
}
