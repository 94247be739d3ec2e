import Foundation
@testable import ReportKit
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Labels as long as a designer's lineups make them (six persona names): a chart's legend stays in
/// its box, and lineups alike in their first names never read the same (issue 39). Read back as
/// XML; a text's lines are its `<tspan>`s.
@Suite struct LongLabelTests {
    typealias SVG = HeatmapAndTornadoTests

    static let lineups = [
        "regular, regular, hurried",
        "regular, regular, hurried, hurried",
        "methodical-veteran, methodical-veteran, hurried-newcomer, hurried-newcomer, patient, patient",
        "methodical-veteran, methodical-veteran, hurried-newcomer, hurried-newcomer, patient, regular",
    ]

    /// The lines a `<text>` shows, and the y of each (a `<tspan>` moves down by its `dy`).
    static func lines(_ text: XMLElement) throws -> [(text: String, y: Double)] {
        let y = try SVG.number(text, "y")
        let spans = SVG.elements(text, "tspan")
        guard !spans.isEmpty else { return [(text.stringValue ?? "", y)] }
        var at = y
        return try spans.map { span in
            at += try SVG.number(span, "dy")
            return (span.stringValue ?? "", at)
        }
    }

    static func height(_ root: XMLElement) throws -> Double {
        try #require(SVG.attr(root, "viewBox")?.split(separator: " ").last.flatMap { Double($0) })
    }

    @Test("a legend of long lineups wraps, whole, inside a taller chart; a short legend leaves the chart as it was")
    func legendStaysInItsBox() throws {
        var chart = SVGChart(title: "Money after each round", x: "round", y: "money")
        for (i, label) in Self.lineups.enumerated() {
            chart.add(.line([(1, Double(i)), (2, Double(i + 1))], colour: "#000000", label: label))
        }
        let root = try SVG.parse(chart.render())
        let legend = try #require(SVG.elements(root, "g", class: "legend").first)
        let texts = try SVG.elements(legend, "text").map(Self.lines)
        #expect(texts.map { $0.map(\.text).joined(separator: " ") } == Self.lineups, "every label whole, in order")
        let height = try Self.height(root)
        #expect(height > 300, "the legend needed more rows than the chart had")
        for line in texts.joined() {
            // A line's text is 11 px: its baseline at least 3 px above the bottom, and no wider
            // than the chart at the estimate the renderer uses (6.2 px a character).
            let bottom: Double = line.y + 3
            let width: Double = 18 + Double(line.text.count) * 6.2
            #expect(bottom <= height, "\(line.text) at y \(line.y) of \(height)")
            #expect(width <= 400, "\(line.text)")
        }
        // No two lines of different entries on one baseline over each other.
        let rows = texts.map { $0.map(\.y) }
        for (a, b) in zip(rows, rows.dropFirst()) where a.count > 1 || b.count > 1 {
            #expect(Set(a).isDisjoint(with: Set(b)), "\(a) and \(b)")
        }

        var short = SVGChart(title: "Money after each round", x: "round", y: "money")
        short.add(.line([(1, 1), (2, 2)], colour: "#000000", label: "median"))
        #expect(try Self.height(try SVG.parse(short.render())) == 300)
    }

    @Test("rows of an interval chart: lineups alike in their first names read differently, whole")
    func intervalLabelsStayDistinct() throws {
        let rows = Self.lineups.map { SVGIntervals.Row(label: $0, value: 0, interval: -1...1) }
        let root = try SVG.parse(SVGIntervals(title: "Drift", xLabel: "money a round", rows: rows).render())
        let labels = try SVG.elements(root, "text", class: "bar-label").map(Self.lines)
        #expect(labels.map { $0.map(\.text).joined(separator: " ") } == Self.lineups)
        #expect(Set(labels.map { $0.map(\.text) }).count == Self.lineups.count, "no two rows read the same")
        // Each row's lines lie inside its band of the plot, and the chart holds them all.
        let bars = try SVG.elements(root, "rect", class: "bar").map { try SVG.number($0, "y") + 3 }
        for (label, centre) in zip(labels, bars) {
            let reach: Double = 12 * Double(label.count) / 2 + 1
            for line in label {
                let offset: Double = abs(line.y - 4 - centre)
                #expect(offset <= reach, "\(line.text) at \(line.y) around \(centre)")
            }
        }
        let lowest: Double = labels.joined().map(\.y).max() ?? 0
        #expect(try Self.height(root) >= lowest + 3)
        // Short labels keep one line each and the usual rows.
        let plain = try SVG.parse(SVGIntervals(title: "Drift", xLabel: "x", rows: [.init(label: "4 × casual", value: 0, interval: 0...1)]).render())
        #expect(SVG.elements(plain, "tspan").isEmpty)
    }

    @Test("rows of a tornado chart wrap as an interval chart's do, and the x label stays in the chart")
    func tornadoLabelsStayDistinct() throws {
        let bars = Self.lineups.map { SVGTornado.Bar(label: $0, low: -0.1, high: 0.2) }
        let chart = SVGTornado(title: "Wins", xLabel: "share of games against the design's first variant, with every house rule", bars: bars)
        let root = try SVG.parse(chart.render())
        let labels = try SVG.elements(root, "text", class: "bar-label").map(Self.lines)
        #expect(labels.map { $0.map(\.text).joined(separator: " ") } == Self.lineups)
        #expect(Set(labels.map { $0.map(\.text) }).count == Self.lineups.count)
        for line in labels.joined() { #expect(Double(line.text.count) * 6.2 <= 220 - 14, "\(line.text)") }
        #expect(try Self.height(root) >= (labels.joined().map(\.y).max() ?? 0) + 3)
        // The x label is centred under the plot: within the chart on both sides, at the estimate.
        let label = try #require(SVG.elements(root, "text", class: "label").first)
        let (centre, text) = (try SVG.number(label, "x"), label.stringValue ?? "")
        #expect(centre - Double(text.count) * 6.8 / 2 >= 0 && centre + Double(text.count) * 6.8 / 2 <= 480, "\(text) at \(centre)")
        // The legend (with whiskers, "confidence interval") ends inside the chart though the
        // labels push the plot right.
        var withIntervals = chart
        withIntervals.bars = bars.map { SVGTornado.Bar(label: $0.label, low: -0.1, high: 0.2, lowInterval: -0.2 ... -0.05, highInterval: 0.1...0.3) }
        let legend = try #require(SVG.elements(try SVG.parse(withIntervals.render()), "g", class: "legend").first)
        for text in SVG.elements(legend, "text") {
            #expect(try SVG.number(text, "x") + Double((text.stringValue ?? "").count) * 6.2 <= 480, "\(text.stringValue ?? "")")
        }
    }

    @Test("an interval chart's x label, centred under a plot its row labels push right, stays in the chart")
    func intervalAxisLabelStaysInside() throws {
        let rows = Self.lineups.map { SVGIntervals.Row(label: $0, value: 0, interval: -1...1) }
        let chart = SVGIntervals(title: "Δ draws", xLabel: "against first with the designer's house rule for a full target", rows: rows)
        let root = try SVG.parse(chart.render())
        let label = try #require(SVG.elements(root, "text", class: "label").first)
        let (centre, text) = (try SVG.number(label, "x"), label.stringValue ?? "")
        #expect(centre + Double(text.count) * 6.8 / 2 <= 480 - 8 + 1e-9, "\(text) at \(centre)")
    }
}
