import Balance
import RelentlessBalance
import Foundation
import RelentlessReports
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The gate's verdicts as JUnit, Markdown and text: every verdict shows, and text from a
/// designer's file cannot break the XML.
@Suite struct GateRenderingTests {
    static func result() -> GateResult {
        let team = ["casual", "casual", "casual"]
        func target(_ name: String, _ metric: BalanceTarget.Metric, _ band: Band) -> BalanceTarget {
            BalanceTarget(name: name, team: team, metric: metric, round: metric.needsRound ? 5 : nil, band: band, source: "Balance.plist:9:4")
        }
        return GateResult(
            design: "Designs/x", seed: 3, confidence: 0.95, intervalConfidence: 0.99, firstGames: 100, maxGames: 400, maxRounds: 30,
            targets: [
                .init(
                    target: target("fine <&> \"quoted\" 'single'", .survival, Band(atLeast: 0.4)),
                    verdict: .met, estimate: Estimate(value: 0.5, interval: 0.45...0.55, sample: 100), games: 100, looks: 1),
                .init(
                    target: target("money\u{1}\u{7} | piped", .medianMoney, Band(atLeast: 200, atMost: 400)),
                    verdict: .missed, estimate: Estimate(value: 120, interval: 100...150, sample: 90), games: 100, looks: 1),
                .init(
                    target: target("on the edge", .meanRounds, Band(atLeast: 20)), verdict: .undecided,
                    estimate: Estimate(value: 20.1, interval: 19.5...20.7, sample: 400), games: 400, looks: 3),
                .init(target: target("nobody got there", .meanMoney, Band(atLeast: 1)), verdict: .missed, estimate: nil, games: 400, looks: 3),
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
    }

    @Test func textMarksMissedTargetsLoudly() {
        let text = GateText.render(Self.result().verdicts)
        #expect(text.components(separatedBy: "MISSED").count - 1 == 2)
        #expect(text.contains("undecided"))
        #expect(text.contains("1 of 4 targets met, 2 missed, 1 undecided."))
    }
}
