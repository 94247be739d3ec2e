/// Horizontal bars around a base value: how far each input moves an output when it goes down and up (a tornado chart).
///
/// Inline SVG like `SVGChart`. Each bar is a row (`<g class="row" data-label=…>`) with a "low"
/// bar in its upper half and a "high" bar in its lower half, both starting at `base`, so that two
/// bars on the same side never hide each other; confidence intervals are whiskers across them.
///
/// ```swift
/// let chart = SVGTornado(title: "What moves survival", xLabel: "change in mean rounds survived",
///                        bars: [.init(label: "dailyExpense", low: 1.8, high: -2.1)])
/// let svg = chart.render()
/// ```
public struct SVGTornado {
    /// One input's row: its effect when it goes down and when it goes up.
    ///
    /// ```swift
    /// SVGTornado.Bar(label: "dailyExpense", low: 1.8, high: -2.1, lowInterval: 1.2...2.4, highInterval: -2.8 ... -1.4)
    /// ```
    public struct Bar {
        /// E.g. "dailyExpense".
        public var label: String
        /// Output change when the input goes down (e.g. −10 %).
        public var low: Double
        /// Output change when the input goes up.
        public var high: Double
        /// Confidence interval of `low`, drawn as a whisker.
        public var lowInterval: ClosedRange<Double>? = nil
        /// Confidence interval of `high`, drawn as a whisker.
        public var highInterval: ClosedRange<Double>? = nil

        public init(label: String, low: Double, high: Double, lowInterval: ClosedRange<Double>? = nil, highInterval: ClosedRange<Double>? = nil) {
            self.label = label
            self.low = low
            self.high = high
            self.lowInterval = lowInterval
            self.highInterval = highInterval
        }
    }

    public var title: String
    /// The output and its unit, e.g. "change in mean rounds survived".
    public var xLabel: String
    /// Legend for low bars.
    public var lowLabel: String = "−10%"
    /// Legend for high bars.
    public var highLabel: String = "+10%"
    /// The vertical centre line (bars start here).
    public var base: Double = 0
    /// Drawn top to bottom in the given order (the caller sorts).
    public var bars: [Bar]
    /// Tick labels and hover text.
    public var valueFormat: (Double) -> String = SVGChart.number
    /// Whether the axis shows |value| on both sides of `base` on purpose (O's wins left, X's
    /// right): its tick labels repeat across zero, and say so (`data-mirrored`).
    public var mirrored = false

    /// A tornado chart of `bars`, top to bottom, around `base`.
    public init(
        title: String, xLabel: String, lowLabel: String = "−10%", highLabel: String = "+10%", base: Double = 0, bars: [Bar],
        valueFormat: @escaping (Double) -> String = SVGChart.number, mirrored: Bool = false
    ) {
        self.mirrored = mirrored
        self.title = title
        self.xLabel = xLabel
        self.lowLabel = lowLabel
        self.highLabel = highLabel
        self.base = base
        self.bars = bars
        self.valueFormat = valueFormat
    }

    let width = ChartPage.width
    let right = ChartPage.right
    let top = ChartPage.top
    let rowHeight = 24.0
    let bottom = 64.0
    static let lowColour = "#ef8a62"
    static let highColour = "#67a9cf"

    /// The x range: round ticks covering every value, interval end and the base.
    var ticks: [Double] {
        var xs = [base]
        for bar in bars {
            xs += [bar.low, bar.high]
            for interval in [bar.lowInterval, bar.highInterval].compactMap({ $0 }) { xs += [interval.lowerBound, interval.upperBound] }
        }
        return SVGChart.coveringTicks(xs)
    }

    /// The chart as one `<svg class="chart">` element, ready to inline in HTML.
    public func render() -> String {
        let pixelsPerChar = 6.2
        guard !bars.isEmpty else { return SVGText.emptyChart(title: title, x: 64, width: width, height: 300) }
        let labels = SVGRowLabels(bars.map(\.label), rowHeight: self.rowHeight, widest: 220)
        let (left, rowHeight) = (labels.left, labels.rowHeight)
        let plotW = width - left - right
        let plotH = rowHeight * Double(bars.count)
        let height = top + plotH + bottom
        let frame = SVGRowChartFrame(ticks: ticks, labels: labels, top: top, plotWidth: plotW, plotHeight: plotH, width: width)
        let px = frame.px

        var svg = header(height: height, left: left)
        svg += frame.render(xLabel: xLabel, valueFormat: valueFormat, mirrored: mirrored)

        // The base line, under the bars so that a bar of no length still shows on it.
        svg += #"<line class="base" x1="\#(f(px(base)))" x2="\#(f(px(base)))" y1="\#(f(top - 4))" y2="\#(f(top + plotH))" stroke="\#(ChartPalette.ink)" stroke-width="1.5" data-value="\#(base)"/>"#

        // Bars: low in the upper half of the row, high in the lower half.
        let barH = 9.0
        for (i, bar) in bars.enumerated() {
            let rowTop = top + Double(i) * rowHeight
            svg += #"<g class="row" data-label="\#(escape(bar.label))">"#
            let halves: [(kind: String, value: Double, interval: ClosedRange<Double>?, y: Double, colour: String, name: String)] = [
                ("low", bar.low, bar.lowInterval, rowTop + 2.5, Self.lowColour, lowLabel),
                ("high", bar.high, bar.highInterval, rowTop + 3 + barH, Self.highColour, highLabel),
            ]
            for half in halves where half.value.isFinite {
                let p0 = px(base), p1 = px(half.value)
                // A bar too short to see is drawn 1 px wide, centred on its span.
                let (x, w) = abs(p1 - p0) >= 1 ? (min(p0, p1), abs(p1 - p0)) : ((p0 + p1) / 2 - 0.5, 1.0)
                let hover = "\(bar.label), \(half.name): \(valueFormat(half.value))"
                svg += #"<rect class="bar \#(half.kind)" x="\#(f(x))" y="\#(f(half.y))" width="\#(f(w))" height="\#(f(barH))" fill="\#(half.colour)" data-value="\#(half.value)"><title>\#(escape(hover))</title></rect>"#
            }
            for half in halves {
                guard let interval = half.interval, interval.lowerBound.isFinite, interval.upperBound.isFinite else { continue }
                let y = half.y + barH / 2
                let x0 = px(interval.lowerBound), x1 = px(interval.upperBound)
                svg += #"<line class="whisker \#(half.kind)" x1="\#(f(x0))" x2="\#(f(x1))" y1="\#(f(y))" y2="\#(f(y))" stroke="\#(ChartPalette.ink)" stroke-width="1"/>"#
                for xe in [x0, x1] {
                    svg += #"<line class="whisker-cap" x1="\#(f(xe))" x2="\#(f(xe))" y1="\#(f(y - 3))" y2="\#(f(y + 3))" stroke="\#(ChartPalette.ink)" stroke-width="1"/>"#
                }
            }
            svg += "</g>"
        }

        // Legend: under the plot, moved left as far as the chart's margin when long row labels
        // push the plot right (it never runs out of the chart).
        let intervals = bars.contains { $0.lowInterval != nil || $0.highInterval != nil }
        let legendWidth = [lowLabel, highLabel].reduce(0) { $0 + 34 + Double($1.count) * pixelsPerChar } + (intervals ? 18 + 19 * pixelsPerChar : 0)
        var lx = max(8, min(left, width - right - legendWidth))
        let ly = height - 12
        svg += #"<g class="legend">"#
        for (colour, label) in [(Self.lowColour, lowLabel), (Self.highColour, highLabel)] {
            svg += #"<rect x="\#(f(lx))" y="\#(f(ly - 8))" width="14" height="9" fill="\#(colour)"/>"#
            svg += #"<text x="\#(f(lx + 18))" y="\#(f(ly))">\#(escape(label))</text>"#
            lx += 34 + Double(label.count) * pixelsPerChar
        }
        if intervals {
            svg += #"<line x1="\#(f(lx))" x2="\#(f(lx + 14))" y1="\#(f(ly - 4))" y2="\#(f(ly - 4))" stroke="\#(ChartPalette.ink)" stroke-width="1"/>"#
            svg += #"<text x="\#(f(lx + 18))" y="\#(f(ly))">confidence interval</text>"#
        }
        svg += "</g>" + close(left: left)
        return svg
    }

    /// The opening tag, the title for assistive technology and the visible title.
    private func header(height: Double, left: Double) -> String {
        SVGText.chart(title: title, x: left, width: width, height: height).open
    }

    /// What ends the chart that ``header(height:left:)`` opened.
    private func close(left: Double) -> String {
        SVGText.chart(title: title, x: left, width: width, height: 0).close
    }

    private func f(_ x: Double) -> String { String(format2: x) }
}
