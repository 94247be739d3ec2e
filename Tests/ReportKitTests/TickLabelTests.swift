import Foundation
@testable import ReportKit
import Testing

/// Tick labels tell ticks apart (issue 24): the oracles read the labels back as a reader would,
/// with their own table of superscripts, and compare with the ticks.
@Suite struct TickLabelTests {
    /// What a reader takes a label for: "0.5%" → 0.005, "-3" with unit "×10⁻⁵" → -3e-5.
    static func readBack(_ label: String, unit: String?) -> Double? {
        var text = label.replacingOccurrences(of: "−", with: "-")
        var scale = 1.0
        if text.hasSuffix("%") { text.removeLast(); scale = 0.01 }
        guard var x = Double(text) else { return nil }
        if let unit {
            let superscripts: [Character: Character] = ["⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9", "⁻": "-"]
            guard unit.hasPrefix("×10"), let k = Int(String(unit.dropFirst(3).compactMap { superscripts[$0] })) else { return nil }
            for _ in 0..<abs(k) { x = k < 0 ? x / 10 : x * 10 }
        }
        return x * scale
    }

    static func expectTellsApart(_ ticks: [Double], _ axis: TickLabels, _ what: String) {
        #expect(Set(axis.labels).count == ticks.count, "\(what): equal labels \(axis.labels)")
        let step = zip(ticks, ticks.dropFirst()).map { $1 - $0 }.min() ?? 1
        var previous = -Double.infinity
        for (tick, label) in zip(ticks, axis.labels) {
            guard let read = readBack(label, unit: axis.unit) else {
                Issue.record("\(what): \(label) (unit \(axis.unit ?? "none")) is not a number")
                continue
            }
            #expect(abs(read - tick) < step / 2, "\(what): \(label) reads \(read), the tick is \(tick)")
            #expect(read > previous, "\(what): \(axis.labels) not increasing")
            previous = read
        }
    }

    @Test func theAndoraAxisWithinTwoThousandthsReadsEveryTick() {
        let ticks = SVGChart.coveringTicks([-0.0018, 0.0004, 0.0019])
        let axis = TickLabels(ticks, format: SVGChart.number)
        #expect(ticks.map(SVGChart.number).allSatisfy { $0 == "0" } || Set(ticks.map(SVGChart.number)).count < ticks.count)
        #expect(axis.labels == ["-0.002", "-0.001", "0.000", "0.001", "0.002"])
        #expect(axis.unit == nil)
        Self.expectTellsApart(ticks, axis, "±0.002")
    }

    @Test func everyRangeGetsDistinctLabelsThatReadBackWithinHalfAStep() {
        let ranges: [(Double, Double)] = [
            (-0.002, 0.002), (0, 1e-5), (-3e-7, 2e-7), (0, 0.004), (0.5, 0.5004), (0, 3e7), (1e9, 1.0000002e9), (-250, 1800), (0, 1), (99.9, 100.1),
        ]
        for (low, high) in ranges {
            let ticks = SVGChart.coveringTicks([low, high])
            for (name, format) in [("number", SVGChart.number), ("percent", SVGChart.percent)] as [(String, (Double) -> String)] {
                Self.expectTellsApart(ticks, TickLabels(ticks, format: format), "\(name) \(low)...\(high)")
            }
        }
    }

    @Test func tinyAndHugeValuesShareAFactorNamedByTheAxis() {
        let tiny = TickLabels([0, 2e-6, 4e-6, 6e-6], format: SVGChart.number)
        #expect(tiny.labels == ["0", "2", "4", "6"])
        #expect(tiny.unit == "×10⁻⁶")
        #expect(tiny.naming("P(X wins) − P(O wins)") == "P(X wins) − P(O wins) (×10⁻⁶)")
        let huge = TickLabels([0, 5e6, 1e7, 1.5e7], format: SVGChart.number)
        #expect(huge.unit == "×10⁶")
        #expect(huge.labels == ["0", "5", "10", "15"])
    }

    @Test func aFormatThatAlreadyTellsTicksApartIsKept() {
        #expect(TickLabels([0, 50, 100], format: SVGChart.number).labels == ["0", "50", "100"])
        #expect(TickLabels([0, 0.25, 0.5], format: SVGChart.percent).labels == ["0%", "25%", "50%"])
        #expect(TickLabels([0, 50, 100], format: SVGChart.number).unit == nil)
    }

    @Test func aMirroredAxisRepeatsAcrossZeroButNotOnOneSide() {
        let ticks = [-0.6, -0.4, -0.2, 0, 0.2, 0.4, 0.6]
        let mirrored = TickLabels(ticks, format: { SVGChart.percent(abs($0)) }, mirrored: true)
        #expect(mirrored.labels == ["60%", "40%", "20%", "0%", "20%", "40%", "60%"])
        let tiny = [-0.00002, -0.00001, 0, 0.00001, 0.00002]
        let labels = TickLabels(tiny, format: { SVGChart.percent(abs($0)) }, mirrored: true).labels
        #expect(Set(labels[0...2]).count == 3 && Set(labels[2...4]).count == 3, "\(labels)")
        #expect(labels[0] == labels[4] && labels[1] == labels[3])
    }

    @Test func chartsDrawTheLabels() {
        let rows = [SVGIntervals.Row(label: "first", value: 0.0004, interval: -0.0018...0.0019)]
        let svg = SVGIntervals(title: "X − O", xLabel: "P(X wins) − P(O wins)", rows: rows).render()
        let labels = svg.components(separatedBy: #"class="tick-label""#).dropFirst().map { part in
            String(part.split(separator: ">", maxSplits: 1)[1].prefix { $0 != "<" })
        }
        #expect(labels == ["-0.002", "-0.001", "0.000", "0.001", "0.002"])
    }

    @Test func aLongTitleIsShortenedWithTheWholeTextAsATooltip() {
        let title = "survival after round 5 against coefficient 2 of dailyExpense in the harsher design, team casual, casual, casual"
        let text = SVGText.fitted(title, maxWidth: 300, pixelsPerChar: 7.2, attributes: #"class="chart-title" x="8" y="20""#)
        #expect(text.contains("<title>\(title)</title>"))
        let shown = String(text.components(separatedBy: #"y="20">"#)[1].prefix { $0 != "<" })
        #expect(shown.hasSuffix("…"))
        #expect(Double(shown.count) * 7.2 <= 300)
        #expect(title.hasPrefix(String(shown.dropLast())))
        #expect(SVGText.fitted("short", maxWidth: 300, pixelsPerChar: 7.2, attributes: "x=\"8\"") == #"<text x="8">short</text>"#)
    }

    @Test func aChartTitleTooLongForOneLineTakesTwoAndTheChartGrowsForIt() {
        let title = "share of games alive after round 5 against coefficient 2 of dailyExpense, team casual, casual"
        var chart = SVGChart(title: title, x: "value", y: "share")
        chart.add(.line([(1, 0.2), (2, 0.4)], colour: "#000", label: "estimate"))
        let svg = chart.render()
        let lines = svg.components(separatedBy: #"class="chart-title""#).dropFirst().map { part in
            String(part.split(separator: ">", maxSplits: 1)[1].prefix { $0 != "<" })
        }
        #expect(lines.count == 2)
        #expect(lines.joined(separator: " ") == title, "\(lines)")
        // 480 wide less two 8 px margins, at most 7.2 px a character.
        #expect(lines.allSatisfy { Double($0.count) * 7.2 <= 464 })
        #expect(svg.contains(#"viewBox="0 0 480 316""#) && svg.contains(#"<g transform="translate(0 16)">"#) && svg.hasSuffix("</g></svg>"))
        var short = SVGChart(title: "Median money", x: "round", y: "money")
        short.add(.line([(1, 2), (2, 3)], colour: "#000", label: "median"))
        #expect(short.render().contains(#"viewBox="0 0 480 300""#) && !short.render().contains("translate(0 16)"))
    }
}
