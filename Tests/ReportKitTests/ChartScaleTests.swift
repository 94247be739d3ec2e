import Foundation
@testable import ReportKit
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Charts that show where it matters (issue 39): a reference far from the data does not set the
/// scale, a threshold is shaded and on the axis, charts meant to be compared share one scale, a
/// long legend never pushes the plot onto itself, and a long title wraps whole. Read back as XML.
@Suite struct ChartScaleTests {
    typealias SVG = HeatmapAndTornadoTests

    /// The y ticks a chart labels, bottom to top.
    static func yTicks(_ root: XMLElement) throws -> [Double] {
        try SVG.elements(root, "text", class: "tick-label").filter { SVG.attr($0, "data-axis") == "y" }.map { try SVG.number($0, "data-value") }
    }

    /// The points of a `points="x,y x,y"` attribute.
    static func points(_ e: XMLElement) throws -> [(x: Double, y: Double)] {
        try (SVG.attr(e, "points") ?? "").split(separator: " ").map { pair in
            let xy = pair.split(separator: ",").compactMap { Double($0) }
            try #require(xy.count == 2)
            return (xy[0], xy[1])
        }
    }

    /// Every point of the chart's bands, lines and references, in pixels.
    static func drawn(_ root: XMLElement) throws -> [(x: Double, y: Double)] {
        try (SVG.elements(root, "polygon") + SVG.elements(root, "polyline")).flatMap(points)
    }

    /// The plot spans y = 34 (top) to 226 (bottom) in a chart of the default size.
    static func insidePlot(_ root: XMLElement) throws -> Bool {
        try drawn(root).allSatisfy { $0.y >= 34 - 1e-9 && $0.y <= 226 + 1e-9 }
    }

    static func legendTexts(_ root: XMLElement) -> [String] {
        SVG.elements(root, "g", class: "legend").flatMap { SVG.elements($0, "text") }.map { $0.stringValue ?? "" }
    }

    @Test("a reference line far above the data sets no part of the scale; it is cut at the plot's top and its legend says how far it goes")
    func referenceDoesNotSetTheScale() throws {
        var chart = SVGChart(title: "Money", x: "round", y: "money")
        chart.add(.band(lower: [(1, -80), (2, 100), (3, 300)], upper: [(1, 200), (2, 900), (3, 1400)], colour: "#ccc", label: "p10–p90"))
        chart.add(.reference([(1, 1000), (2, 15000), (3, 30000)], colour: "#777", label: "perfect"))
        let root = try SVG.parse(chart.render())
        let ticks = try Self.yTicks(root)
        #expect(try #require(ticks.max()) < 2000, "the scale follows the band, not the ceiling: \(ticks)")
        #expect(try Self.insidePlot(root), "the band, down to −80, is on the chart")
        #expect(Self.legendTexts(root).contains("perfect (above the chart, up to 30000)"))
        // The plot's top edge is y = 34: no piece of the reference is drawn above it.
        let lines = SVG.elements(root, "polyline").filter { SVG.attr($0, "stroke") == "#777" }
        #expect(!lines.isEmpty)
        for line in lines { for p in try Self.points(line) { #expect(p.y >= 34 - 1e-9, "\(p)") } }
        // Inside the range, a reference line says nothing more.
        var inside = SVGChart(title: "Money", x: "round", y: "money")
        inside.add(.line([(1, 0), (2, 100)], colour: "#000", label: "median"))
        inside.add(.reference([(1, 10), (2, 50)], colour: "#777", label: "perfect"))
        #expect(Self.legendTexts(try SVG.parse(inside.render())).contains("perfect"))
    }

    @Test("a polyline is cut where it crosses the range's edges, exactly")
    func clippingCutsAtTheEdges() {
        func pieces(_ points: [SVGChart.Point], _ range: ClosedRange<Double>) -> [[[Double]]] {
            SVGChart.clipped(points, to: range).map { $0.map { [$0.x, $0.y] } }
        }
        // 0 → 20 over x 0...2 leaves 0...10 at x = 1.
        #expect(pieces([(0, 0), (2, 20)], 0...10) == [[[0, 0], [1, 10]]])
        // Up and out, then back in: two pieces.
        #expect(pieces([(0, 5), (1, 15), (2, 5)], 0...10) == [[[0, 5], [0.5, 10]], [[1.5, 10], [2, 5]]])
        // From below the range to above it: the part inside only.
        #expect(pieces([(0, -10), (4, 30)], 0...20) == [[[1, 0], [3, 20]]])
        // Wholly outside, and a single point: nothing; a point inside stays.
        #expect(pieces([(0, 20), (1, 30)], 0...10).isEmpty)
        #expect(pieces([(0, 20)], 0...10).isEmpty)
        #expect(pieces([(0, 5)], 0...10) == [[[0, 5]]])
        // Inside throughout: one piece, every point.
        #expect(pieces([(0, 1), (1, 2), (2, 3)], 0...10) == [[[0, 1], [1, 2], [2, 3]]])
    }

    @Test("a shade below 0 is drawn and named only when the data goes below 0")
    func shadeMarksLosses() throws {
        func chart(_ low: Double) -> SVGChart {
            var chart = SVGChart(title: "Money", x: "round", y: "money")
            chart.shade = .init(below: 0, colour: "#fde0dd", label: "below 0: broke")
            chart.add(.line([(1, low), (2, 500)], colour: "#000", label: "median"))
            return chart
        }
        let losing = try SVG.parse(chart(-120).render())
        let shade = try #require(SVG.elements(losing, "rect", class: "shade").first)
        #expect(Self.legendTexts(losing).first == "below 0: broke")
        // The shade runs from the plot's bottom (y = 226) up to where 0 is drawn.
        let top = try SVG.number(shade, "y"), height = try SVG.number(shade, "height")
        #expect(abs(top + height - 226) < 0.01)
        let zero = try #require(SVG.elements(losing, "text", class: "tick-label").first { SVG.attr($0, "data-value") == "0.0" })
        #expect(abs(try SVG.number(zero, "y") - 4 - top) < 0.01, "the shade ends at the 0 tick")
        let winning = try SVG.parse(chart(10).render())
        #expect(SVG.elements(winning, "rect", class: "shade").isEmpty)
        #expect(!Self.legendTexts(winning).contains("below 0: broke"))
    }

    @Test("charts sharing an axis take the union of their ranges; a fixed range is kept")
    func sharedScale() throws {
        var small = SVGChart(title: "a", x: "round", y: "money")
        small.add(.line([(1, -30), (2, 120)], colour: "#000", label: "median"))
        var large = SVGChart(title: "b", x: "round", y: "money")
        large.add(.line([(1, 0), (2, 4300)], colour: "#000", label: "median"))
        var fixed = SVGChart(title: "c", x: "round", y: "share", yRange: 0...1)
        fixed.add(.line([(1, 0.2), (2, 0.4)], colour: "#000", label: "alive"))
        let shared = SVGChart.sharingYAxis([small, large, fixed])
        let a = try Self.yTicks(try SVG.parse(shared[0].render())), b = try Self.yTicks(try SVG.parse(shared[1].render()))
        #expect(a == b, "one scale")
        #expect(try #require(a.max()) >= 4000, "\(a)")
        for chart in shared.prefix(2) { #expect(try Self.insidePlot(try SVG.parse(chart.render())), "−30 to 4300 on each") }
        // On the shared scale the small chart's 120 is low in its plot; alone it is the top.
        let top = try #require(try Self.drawn(try SVG.parse(shared[0].render())).map(\.y).min())
        #expect(top > 200, "\(top)")
        #expect(shared[2].yRange == 0...1)
        // Alone, the small chart zooms to its own data.
        #expect(try #require(try Self.yTicks(try SVG.parse(small.render())).max()) < 1000)
    }

    @Test("a legend that makes the chart taller leaves the plot where it was")
    func plotKeepsItsSize() throws {
        func axisY(_ chart: SVGChart) throws -> Double {
            let root = try SVG.parse(chart.render())
            let axis = try #require(SVG.elements(root, "g", class: "axis").first)
            let line = try #require(SVG.elements(axis, "line").first)
            return try SVG.number(line, "y1")
        }
        var short = SVGChart(title: "Median money", x: "round", y: "money")
        var long = short
        for i in 0..<8 {
            short.add(.line([(1, Double(i)), (2, Double(i + 1))], colour: "#000", label: "team \(i)"))
            long.add(.line([(1, Double(i)), (2, Double(i + 1))], colour: "#000", label: "methodical-veteran-of-many-evenings, hurried-newcomer-first-night \(i)"))
        }
        #expect(try LongLabelTests.height(try SVG.parse(long.render())) > 300)
        #expect(try axisY(long) == axisY(short))
    }

    @Test("a title wider than the chart wraps over lines, whole, each within the chart; two titles alike in their start read differently")
    func titlesWrapWhole() throws {
        let titles = [
            "Money — methodical-veteran-of-many-evenings, methodical-veteran-of-many-evenings, hurried-newcomer-first-night",
            "Money — methodical-veteran-of-many-evenings, methodical-veteran-of-many-evenings, hurried-newcomer-first-night, patient",
        ]
        var shown: [String] = []
        for title in titles {
            var chart = SVGChart(title: title, x: "round", y: "money")
            chart.add(.line([(1, 0), (2, 1)], colour: "#000", label: "median"))
            let root = try SVG.parse(chart.render())
            let lines = SVG.elements(root, "text", class: "chart-title").map { $0.stringValue ?? "" }
            #expect(lines.count >= 2, "\(lines)")
            #expect(lines.joined(separator: " ") == title, "whole, in order")
            for line in lines { #expect(SVGText.estimatedWidth(line, size: SVGText.titleSize, bold: true) <= 480 - 16, "\(line)") }
            shown.append(lines.joined(separator: " "))
        }
        #expect(shown[0] != shown[1])
    }

    /// Advances of DejaVu Sans Bold, Debian's sans-serif, in ems, measured in Chromium (13 px,
    /// weight 600: `getComputedTextLength()` of 20 copies over 20 × 13): the estimate must not
    /// be narrower, or a title it says fits would run out of its chart.
    @Test("the title estimate is no narrower than the font a Debian browser draws with")
    func estimateCoversTheMeasuredFont() {
        let measured: [Character: Double] = [
            "a": 0.675, "b": 0.716, "e": 0.678, "f": 0.405, "i": 0.343, "m": 1.042, "r": 0.493, "t": 0.478, "w": 0.924,
            "A": 0.774, "M": 0.995, "W": 1.103, "0": 0.696, "-": 0.415, "—": 1.0, "×": 0.838, ",": 0.380, "%": 1.002,
        ]
        for (c, em) in measured { #expect(SVGText.em(c, bold: true) >= em, "\(c)") }
    }
}
