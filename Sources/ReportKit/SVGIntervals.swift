/// Estimates with their confidence intervals, one row each, around a reference line (a forest
/// plot): which rows differ from the reference, and which from each other, at a glance.
///
/// Inline SVG like `SVGChart`. Each row (`<g class="row" data-label=…>`) has a dot at the estimate
/// and a bar across its interval (class `bar`, carrying `data-value`, `data-lower` and
/// `data-upper`); an interval that misses the reference is drawn darker.
///
/// ```swift
/// let chart = SVGIntervals(title: "First player's advantage", xLabel: "P(X wins) − P(O wins)",
///                          rows: [.init(label: "first", value: 0.04, interval: 0.03...0.05)])
/// let svg = chart.render()
/// ```
public struct SVGIntervals {
    /// One estimate.
    public struct Row {
        public var label: String
        public var value: Double
        public var interval: ClosedRange<Double>

        public init(label: String, value: Double, interval: ClosedRange<Double>) {
            self.label = label
            self.value = value
            self.interval = interval
        }
    }

    public var title: String
    /// What the estimates are, e.g. "P(X wins) − P(O wins)".
    public var xLabel: String
    /// The reference line (0 for a difference, 0.5 for a fair share).
    public var reference: Double
    /// Drawn top to bottom in the given order.
    public var rows: [Row]
    /// Tick labels and hover text.
    public var valueFormat: (Double) -> String
    /// Values the axis covers besides the rows and the reference: 0, so that a share reads
    /// against its whole, or every value of the charts drawn beside this one, so that they share
    /// one scale.
    public var covering: [Double] = []

    public init(
        title: String, xLabel: String, reference: Double = 0, rows: [Row], valueFormat: @escaping (Double) -> String = SVGChart.number
    ) {
        self.title = title
        self.xLabel = xLabel
        self.reference = reference
        self.rows = rows
        self.valueFormat = valueFormat
    }

    let width = ChartPage.width
    let right = ChartPage.right
    let top = ChartPage.top
    let rowHeight = 22.0
    let bottom = 46.0
    static let settled = "#08519c"
    static let unsettled = "#9ecae1"

    /// The chart as one `<svg class="chart">` element, ready to inline in HTML.
    public func render() -> String {
        let labels = SVGRowLabels(rows.map(\.label), rowHeight: self.rowHeight, widest: 220)
        let (left, rowHeight) = (labels.left, labels.rowHeight)
        guard !rows.isEmpty else { return SVGText.emptyChart(title: title, x: left, width: width, height: 300) }
        let height = top + rowHeight * Double(rows.count) + bottom
        let (open, close) = SVGText.chart(title: title, x: left, width: width, height: height)
        let plotW = width - left - right
        let plotH = rowHeight * Double(rows.count)
        let ticks = SVGChart.coveringTicks([reference] + covering + rows.flatMap { [$0.value, $0.interval.lowerBound, $0.interval.upperBound] })
        let frame = SVGRowChartFrame(ticks: ticks, labels: labels, top: top, plotWidth: plotW, plotHeight: plotH, width: width)
        let px = frame.px
        var svg = open + frame.render(xLabel: xLabel, valueFormat: valueFormat)
        svg += #"<line class="base" x1="\#(f(px(reference)))" x2="\#(f(px(reference)))" y1="\#(f(top - 4))" y2="\#(f(top + plotH))" stroke="\#(ChartPalette.ink)" stroke-width="1.5" stroke-dasharray="4 3" data-value="\#(reference)"/>"#
        for (i, row) in rows.enumerated() where row.value.isFinite {
            let y = top + Double(i) * rowHeight + rowHeight / 2
            let misses = row.interval.lowerBound > reference || row.interval.upperBound < reference
            let colour = misses ? Self.settled : Self.unsettled
            let x0 = px(row.interval.lowerBound), x1 = px(row.interval.upperBound)
            let hover = "\(row.label): \(valueFormat(row.value)) [\(valueFormat(row.interval.lowerBound)), \(valueFormat(row.interval.upperBound))]"
            svg += #"<g class="row" data-label="\#(escape(row.label))"><title>\#(escape(hover))</title>"#
            svg += #"<rect class="bar" x="\#(f(min(x0, x1)))" y="\#(f(y - 3))" width="\#(f(max(1, abs(x1 - x0))))" height="6" fill="\#(colour)" data-value="\#(row.value)" data-lower="\#(row.interval.lowerBound)" data-upper="\#(row.interval.upperBound)"/>"#
            svg += #"<circle cx="\#(f(px(row.value)))" cy="\#(f(y))" r="4.5" fill="\#(ChartPalette.ink)"/></g>"#
        }
        return svg + close
    }

    private func f(_ x: Double) -> String { String(format2: x) }
}
