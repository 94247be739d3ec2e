/// A chart as inline SVG: axes with "nice" ticks, labels, a legend, and layers of bands, lines and
/// bars. No script, no font but the page's, no external reference: it prints as it shows.
///
/// ```swift
/// var chart = SVGChart(title: "Money after each round", x: "round", y: "money")
/// chart.add(.band(lower: p10, upper: p90, colour: "#9ecae1", label: "p10–p90"))
/// chart.add(.line(median, colour: "#08519c", label: "median"))
/// let svg = chart.render()
/// ```
public struct SVGChart {
    /// A data point: `x` along the horizontal axis, `y` up.
    public typealias Point = (x: Double, y: Double)

    /// What a chart draws, in the order added (later layers on top).
    public enum Layer {
        /// The area between two curves with the same x values.
        case band(lower: [Point], upper: [Point], colour: String, label: String)
        /// A polyline through the points (a dot when there is only one); an empty `label` draws no
        /// legend entry.
        case line([Point], colour: String, label: String, dashed: Bool = false)
        /// One bar per x, stacked from 0 in the order of the series.
        case stackedBars(x: [Double], series: [(values: [Double], colour: String, label: String)])
        /// A dashed line for reference that takes no part in the y range: a bound far from the
        /// data would squash the data into a sliver of the plot. Where it leaves the range it is
        /// cut at the plot's edge, and its legend entry says how far it goes.
        case reference([Point], colour: String, label: String)
    }

    /// A value past which the quantity means something else (below 0, a loss), shaded from the
    /// plot's edge to `y` under the layers, with a legend entry when the data reaches past it.
    public struct Shade: Sendable {
        public var below: Double
        public var colour: String
        public var label: String

        public init(below: Double, colour: String, label: String) {
            self.below = below
            self.colour = colour
            self.label = label
        }
    }

    public var title: String
    /// Names the x axis.
    public var xLabel: String
    /// Names the y axis.
    public var yLabel: String
    /// Fix the y range (e.g. 0...1 for shares); otherwise it fits the data and includes 0.
    public var yRange: ClosedRange<Double>?
    /// Tick labels for y; the default prints the number.
    public var yFormat: (Double) -> String = SVGChart.number
    /// Fix the x range (e.g. 0.5...4.5 so that bars at 1 and 4 stand inside the plot); otherwise
    /// it fits the data.
    public var xRange: ClosedRange<Double>?
    /// Shading under a threshold; the y axis then always shows the threshold.
    public var shade: Shade?
    /// The layers, in drawing order; see ``add(_:)``.
    public private(set) var layers: [Layer] = []

    let width = ChartPage.width
    let height = 300.0
    let left = 64.0
    let right = ChartPage.right
    let top = ChartPage.top
    let bottom = 74.0

    /// An empty chart titled `title`, its axes named `x` and `y`.
    public init(title: String, x: String, y: String, yRange: ClosedRange<Double>? = nil) {
        self.title = title
        xLabel = x
        yLabel = y
        self.yRange = yRange
    }

    /// Draws `layer` over the ones added before.
    public mutating func add(_ layer: Layer) { layers.append(layer) }

    /// Whether any layer has a point to draw (an empty chart says so instead of drawing axes).
    public var hasData: Bool {
        layers.contains { layer in
            switch layer {
            case .band(let lower, _, _, _): !lower.isEmpty
            case .line(let points, _, _, _): !points.isEmpty
            case .stackedBars(let x, _): !x.isEmpty
            case .reference: false
            }
        }
    }

    /// The chart as one `<svg class="chart">` element, ready to inline in HTML.
    public func render() -> String {
        let (xs, ys) = extents()
        // A layer without a label (the second edge of an interval) draws no legend entry.
        let legend = legendEntries(yDomain: ys).filter { !$0.label.isEmpty }
        let legendPlaces = legendLayout(legend.map(\.label))
        // Legend rows past the chart's height make it taller, never run out of it (a team of
        // six long player names, issue 39); a legend that fits leaves the chart as it was.
        let lowest = legendPlaces.map { $0.y + Self.legendRow * Double($0.lines.count - 1) }.max() ?? 0
        let height = lowest + 6 > self.height ? lowest + 8 : self.height
        let (open, close) = SVGText.chart(title: title, x: left, width: width, height: height)
        var svg = open
        guard hasData, let xDomain = xs, let yDomain = ys else {
            return svg + SVGText.noData(width: width, height: height) + close
        }
        let plotW = width - left - right
        // The plot keeps its size when a long legend makes the chart taller: the rows go below it.
        let plotH = self.height - top - bottom
        func px(_ x: Double) -> Double {
            left + (xDomain.upperBound == xDomain.lowerBound ? 0.5 : (x - xDomain.lowerBound) / (xDomain.upperBound - xDomain.lowerBound)) * plotW
        }
        func py(_ y: Double) -> Double {
            top + plotH - (yDomain.upperBound == yDomain.lowerBound ? 0.5 : (y - yDomain.lowerBound) / (yDomain.upperBound - yDomain.lowerBound)) * plotH
        }
        if let shade, shade.below > yDomain.lowerBound {
            let edge = py(min(shade.below, yDomain.upperBound))
            svg += #"<rect class="shade" x="\#(f(left))" y="\#(f(edge))" width="\#(f(plotW))" height="\#(f(top + plotH - edge))" fill="\#(shade.colour)"/>"#
        }
        // Grid and axes.
        svg += #"<g class="grid">"#
        for t in Self.ticks(yDomain) {
            svg += #"<line x1="\#(f(left))" x2="\#(f(left + plotW))" y1="\#(f(py(t)))" y2="\#(f(py(t)))"/>"#
        }
        svg += "</g>"
        svg += #"<g class="axis">"#
        svg += #"<line x1="\#(f(left))" x2="\#(f(left + plotW))" y1="\#(f(top + plotH))" y2="\#(f(top + plotH))"/>"#
        svg += #"<line x1="\#(f(left))" x2="\#(f(left))" y1="\#(f(top))" y2="\#(f(top + plotH))"/>"#
        let yTicks = Self.ticks(yDomain)
        let yLabels = TickLabels(yTicks, format: yFormat)
        for (t, label) in zip(yTicks, yLabels.labels) {
            svg += #"<text class="tick-label" data-axis="y" data-value="\#(t)" x="\#(f(left - 6))" y="\#(f(py(t) + 4))" text-anchor="end">\#(escape(label))</text>"#
        }
        let xTicks = Self.ticks(xDomain, integers: true)
        let xLabels = TickLabels(xTicks, format: Self.number)
        for (t, label) in zip(xTicks, xLabels.labels) {
            svg += #"<line x1="\#(f(px(t)))" x2="\#(f(px(t)))" y1="\#(f(top + plotH))" y2="\#(f(top + plotH + 4))"/>"#
            svg += #"<text class="tick-label" data-axis="x" data-value="\#(t)" x="\#(f(px(t)))" y="\#(f(top + plotH + 17))" text-anchor="middle">\#(escape(label))</text>"#
        }
        svg += SVGText.fitted(xLabels.naming(xLabel), maxWidth: plotW, pixelsPerChar: 6.8, attributes: #"class="label" x="\#(f(left + plotW / 2))" y="\#(f(top + plotH + 34))" text-anchor="middle""#)
        svg += SVGText.fitted(yLabels.naming(yLabel), maxWidth: plotH + top, pixelsPerChar: 6.8, attributes: #"class="label" transform="translate(14 \#(f(top + plotH / 2))) rotate(-90)" text-anchor="middle""#)
        svg += "</g>"

        for layer in layers {
            switch layer {
            case .band(let lower, let upper, let colour, _):
                let outline = upper.map { "\(f(px($0.x))),\(f(py($0.y)))" } + lower.reversed().map { "\(f(px($0.x))),\(f(py($0.y)))" }
                svg += #"<polygon class="band" points="\#(outline.joined(separator: " "))" fill="\#(colour)"/>"#
            case .line(let points, let colour, _, let dashed):
                let path = points.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " ")
                svg += #"<polyline class="line" points="\#(path)" stroke="\#(colour)"\#(dashed ? #" stroke-dasharray="5 3""# : "")/>"#
                if points.count == 1, let p = points.first {
                    svg += #"<circle cx="\#(f(px(p.x)))" cy="\#(f(py(p.y)))" r="2.5" fill="\#(colour)"/>"#
                }
            case .reference(let points, let colour, _):
                for piece in Self.clipped(points, to: yDomain) {
                    let path = piece.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " ")
                    svg += #"<polyline class="line" points="\#(path)" stroke="\#(colour)" stroke-dasharray="5 3"/>"#
                }
            case .stackedBars(let x, let series):
                let step = x.count > 1 ? plotW / Double(x.count) : plotW / 2
                let barW = max(1, step * 0.8)
                for (i, xi) in x.enumerated() {
                    var base = 0.0
                    for s in series where i < s.values.count {
                        let v = s.values[i]
                        guard v > 0 else { continue }
                        let y0 = py(base), y1 = py(base + v)
                        svg += #"<rect class="bar" x="\#(f(px(xi) - barW / 2))" y="\#(f(y1))" width="\#(f(barW))" height="\#(f(max(0, y0 - y1)))" fill="\#(s.colour)"/>"#
                        base += v
                    }
                }
            }
        }
        // Legend under the axis label, wrapping into rows.
        svg += #"<g class="legend">"#
        for (entry, place) in zip(legend, legendPlaces) {
            let (lx, ly) = (place.x, place.y)
            switch entry.kind {
            case "band": svg += #"<rect x="\#(f(lx))" y="\#(f(ly - 8))" width="14" height="9" fill="\#(entry.colour)"/>"#
            default:
                svg += #"<line x1="\#(f(lx))" x2="\#(f(lx + 14))" y1="\#(f(ly - 4))" y2="\#(f(ly - 4))" stroke="\#(entry.colour)" stroke-width="2"\#(entry.kind == "dashed" ? #" stroke-dasharray="4 2""# : "")/>"#
            }
            svg += SVGText.lines(place.lines, x: f(lx + 18), lineHeight: Self.legendRow, attributes: #"x="\#(f(lx + 18))" y="\#(f(ly))""#)
        }
        svg += "</g>" + close
        return svg
    }

    /// Each layer's legend entries in drawing order: its colour, label and mark (a shade first,
    /// when the plot shows it; a reference line with how far past the plot it runs).
    private func legendEntries(yDomain: ClosedRange<Double>?) -> [(colour: String, label: String, kind: String)] {
        var entries: [(colour: String, label: String, kind: String)] = []
        if let shade, let yDomain, shade.below > yDomain.lowerBound { entries.append((shade.colour, shade.label, "band")) }
        return entries + layers.flatMap { layer -> [(colour: String, label: String, kind: String)] in
            switch layer {
            case .band(_, _, let colour, let label): [(colour, label, "band")]
            case .line(_, let colour, let label, let dashed): [(colour, label, dashed ? "dashed" : "line")]
            case .stackedBars(_, let series): series.map { ($0.colour, $0.label, "band") }
            case .reference(let points, let colour, let label):
                [(colour, label + Self.beyond(points.map(\.y).filter(\.isFinite), yDomain, format: yFormat), "dashed")]
            }
        }
    }

    /// " (above the chart, up to 30000)" for a reference line that leaves the plot, else "".
    static func beyond(_ ys: [Double], _ domain: ClosedRange<Double>?, format: (Double) -> String) -> String {
        guard let domain, let high = ys.max(), let low = ys.min() else { return "" }
        var parts: [String] = []
        if high > domain.upperBound { parts.append("above the chart, up to \(format(high))") }
        if low < domain.lowerBound { parts.append("below the chart, down to \(format(low))") }
        return parts.isEmpty ? "" : " (\(parts.joined(separator: "; ")))"
    }

    /// The pieces of the polyline through `points` inside `domain` (in y), each segment cut
    /// where it crosses an edge.
    static func clipped(_ points: [Point], to domain: ClosedRange<Double>) -> [[Point]] {
        let finite = points.filter { $0.x.isFinite && $0.y.isFinite }
        if finite.count == 1 { return domain.contains(finite[0].y) ? [finite] : [] }
        var pieces: [[Point]] = []
        var current: [Point] = []
        for (a, b) in zip(finite, finite.dropFirst()) {
            // The part of a→b with y inside the domain, as fractions t0...t1 of the segment.
            var (t0, t1) = (0.0, 1.0)
            let dy = b.y - a.y
            for (edge, inside) in [(domain.lowerBound, 1.0), (domain.upperBound, -1.0)] {
                let distance = (a.y - edge) * inside
                let rate = dy * inside
                if rate == 0 {
                    if distance < 0 { (t0, t1) = (1, 0) }
                } else {
                    let t = -distance / rate
                    if rate > 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                }
            }
            guard t0 <= t1 else {
                if !current.isEmpty { pieces.append(current); current = [] }
                continue
            }
            let start = (a.x + (b.x - a.x) * t0, a.y + dy * t0), end = (a.x + (b.x - a.x) * t1, a.y + dy * t1)
            if current.isEmpty || t0 > 0 {
                if !current.isEmpty { pieces.append(current) }
                current = [start]
            }
            current.append(end)
            if t1 < 1 { pieces.append(current); current = [] }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// Between two rows of the legend.
    static let legendRow = 14.0

    /// Where each labelled legend entry goes, in the layers' order: rows under the axis label,
    /// an entry moving to the next row when it does not fit the one it would end; a label wider
    /// than a whole row is wrapped over rows of its own, whole.
    private func legendLayout(_ labels: [String]) -> [(x: Double, y: Double, lines: [String])] {
        var places: [(x: Double, y: Double, lines: [String])] = []
        var lx = left
        var ly = height - 20
        let rowWidth = width - right - left
        for label in labels {
            let w = 26 + Double(label.count) * 6.2
            if w > rowWidth {
                if lx > left { ly += Self.legendRow }
                let lines = SVGText.wrapped(label, to: Int((rowWidth - 26) / 6.2))
                places.append((left, ly, lines))
                lx = width  // the next entry starts a row of its own
                ly += Self.legendRow * Double(lines.count - 1)
                continue
            }
            if lx + w > width - right { lx = left; ly += Self.legendRow }
            places.append((lx, ly, [label]))
            lx += w
        }
        return places
    }

    /// The x and y ranges of the data (y includes 0 and the shade's threshold unless fixed,
    /// extended to round ticks).
    private func extents() -> (ClosedRange<Double>?, ClosedRange<Double>?) {
        let (x, y) = dataExtents()
        guard let x else { return (nil, nil) }
        return (xRange ?? x, yRange ?? y.map(Self.niceRange))
    }

    /// The y range this chart would draw with no fixed range: its data's, with 0 and the
    /// shade's threshold, extended to round ticks; nil for a chart with no data.
    public var fittedYRange: ClosedRange<Double>? { dataExtents().y.map(Self.niceRange) }

    /// `charts` drawn on one y scale, the union of their fitted ranges (charts meant to be
    /// compared side by side); charts with a fixed range keep it.
    public static func sharingYAxis(_ charts: [SVGChart]) -> [SVGChart] {
        let ranges = charts.filter { $0.yRange == nil }.compactMap(\.fittedYRange)
        guard let low = ranges.map(\.lowerBound).min(), let high = ranges.map(\.upperBound).max() else { return charts }
        return charts.map { chart in
            var chart = chart
            if chart.yRange == nil { chart.yRange = niceRange(low...high) }
            return chart
        }
    }

    /// `range` widened to the round ticks that cover it.
    static func niceRange(_ range: ClosedRange<Double>) -> ClosedRange<Double> {
        let (low, high) = (range.lowerBound, range.upperBound)
        let ticks = Self.ticks(low...(high == low ? low + 1 : high))
        return (ticks.first.map { min($0, low) } ?? low)...(ticks.last.map { max($0, high) } ?? high)
    }

    /// The data's x range and y range (with 0 and the shade's threshold), before rounding.
    private func dataExtents() -> (x: ClosedRange<Double>?, y: ClosedRange<Double>?) {
        var xs: [Double] = []
        var ys: [Double] = []
        for layer in layers {
            switch layer {
            case .band(let lower, let upper, _, _):
                xs += lower.map(\.x) + upper.map(\.x)
                ys += lower.map(\.y) + upper.map(\.y)
            case .line(let points, _, _, _):
                xs += points.map(\.x)
                ys += points.map(\.y)
            case .stackedBars(let x, let series):
                xs += x
                for i in x.indices { ys.append(series.reduce(0) { $0 + (i < $1.values.count ? max(0, $1.values[i]) : 0) }) }
            case .reference(let points, _, _):
                xs += points.map(\.x)
            }
        }
        let finiteX = xs.filter(\.isFinite)
        let finiteY = ys.filter(\.isFinite) + (shade.map { [$0.below] } ?? [])
        guard let x0 = finiteX.min(), let x1 = finiteX.max() else { return (nil, nil) }
        guard let y0 = finiteY.min(), let y1 = finiteY.max() else { return (x0...x1, nil) }
        return (x0...x1, min(0, y0)...max(0, y1))
    }

    /// About five round-numbered ticks (1, 2 or 5 × 10^k apart) covering `range`.
    static func ticks(_ range: ClosedRange<Double>, integers: Bool = false) -> [Double] {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite else { return [range.lowerBound] }
        let raw = span / 5
        let magnitude = Double.pow10(floor: raw)
        var step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        if integers { step = max(1, step.rounded(.up)) }
        var t = (range.lowerBound / step).rounded(.down) * step
        var ticks: [Double] = []
        while t <= range.upperBound + step * 1e-9 {
            if t >= range.lowerBound - step * 1e-9 { ticks.append(abs(t) < step * 1e-9 ? 0 : t) }
            t += step
        }
        return ticks
    }

    /// Tick and value text: whole numbers as integers ("12"), others with up to two decimals
    /// ("12.5", "0.25").
    public static func number(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return String(format2: x)
    }

    /// Whole percentages where they suffice, up to two decimals for small shares ("0.5%").
    public static func percent(_ x: Double) -> String { "\(String(format2: x * 100))%" }

    private func f(_ x: Double) -> String { String(format2: x) }
}
