/// The frame of a chart whose rows are labelled at the left and whose values run along one x
/// axis (the tornado and the intervals charts): the vertical grid at the ticks, the axis with
/// its ticks, their labels and its name, and the rows' labels. The chart draws its marks inside.
struct SVGRowChartFrame {
    let ticks: [Double]
    let labels: SVGRowLabels
    let top: Double
    let plotWidth: Double
    let plotHeight: Double
    /// The whole chart's width, which tick labels near its edges keep inside.
    let width: Double

    var left: Double { labels.left }

    /// The x of value `x` on the axis, whose domain is the first tick to the last.
    func px(_ x: Double) -> Double {
        let (low, high) = (ticks[0], ticks[ticks.count - 1])
        return left + (x - low) / (high - low) * plotWidth
    }

    /// The grid, then the axis group: its line, each tick with its label (`mirrored`: labelled
    /// by its distance from 0, both sides alike), the axis's name and the row labels.
    func render(xLabel: String, valueFormat: (Double) -> String, mirrored: Bool = false) -> String {
        var svg = #"<g class="grid">"#
        for t in ticks { svg += #"<line x1="\#(f(px(t)))" x2="\#(f(px(t)))" y1="\#(f(top))" y2="\#(f(top + plotHeight))"/>"# }
        svg += #"</g><g class="axis">"#
        svg += #"<line x1="\#(f(left))" x2="\#(f(left + plotWidth))" y1="\#(f(top + plotHeight))" y2="\#(f(top + plotHeight))"/>"#
        let tickLabels = TickLabels(ticks, format: valueFormat, mirrored: mirrored)
        for (t, label) in zip(ticks, tickLabels.labels) {
            let at = SVGText.tickPosition(x: px(t), label: label, width: width)
            svg += #"<line class="tick" x1="\#(f(px(t)))" x2="\#(f(px(t)))" y1="\#(f(top + plotHeight))" y2="\#(f(top + plotHeight + 4))" data-value="\#(t)"/>"#
            svg += #"<text class="tick-label" data-axis="x" data-value="\#(t)"\#(mirrored ? #" data-mirrored="true""# : "") x="\#(f(at.x))" y="\#(f(top + plotHeight + 17))" text-anchor="\#(at.anchor)">\#(escape(label))</text>"#
        }
        svg += SVGText.axisName(tickLabels.naming(xLabel), left: left, plotWidth: plotWidth, width: width, y: top + plotHeight + 34)
        svg += labels.render(top: top)
        return svg + "</g>"
    }

    private func f(_ x: Double) -> String { String(format2: x) }
}
