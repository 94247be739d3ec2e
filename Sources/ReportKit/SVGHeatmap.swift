/// A grid of coloured cells: one value per (row, column), e.g. a metric over two swept parameters.
///
/// Inline SVG like `SVGChart`: no script, no external reference. A larger value is a darker cell
/// (one hue, light to dark); a cell without a value is light grey with a dash. Each cell carries
/// `data-row`, `data-column` and (when it has one) `data-value` with the exact number, and a
/// `<title>` for hovering.
///
/// ```swift
/// let map = SVGHeatmap(title: "Rounds survived", xLabel: "daily expense", yLabel: "start money",
///                      columns: ["10", "20"], rows: ["100", "200"], values: [[3, 2], [6, nil]])
/// let svg = map.render()
/// ```
public struct SVGHeatmap {
    public var title: String
    /// Names the columns' parameter.
    public var xLabel: String
    /// Names the rows' parameter.
    public var yLabel: String
    /// Column labels, left to right.
    public var columns: [String]
    /// Row labels; `rows[0]` is drawn at the bottom (like a y axis).
    public var rows: [String]
    /// `values[row][column]`; nil (or a missing or non-finite entry) is "no value".
    public var values: [[Double?]]
    /// Text inside cells and in the legend.
    public var valueFormat: (Double) -> String = SVGChart.number
    /// Colour scale domain; values outside it are clamped. Default: min...max of the values.
    public var range: ClosedRange<Double>? = nil

    /// A heatmap of `values[row][column]`; `rows[0]` is drawn at the bottom.
    public init(
        title: String, xLabel: String, yLabel: String, columns: [String], rows: [String], values: [[Double?]],
        valueFormat: @escaping (Double) -> String = SVGChart.number, range: ClosedRange<Double>? = nil
    ) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.columns = columns
        self.rows = rows
        self.values = values
        self.valueFormat = valueFormat
        self.range = range
    }

    let width = ChartPage.width
    let right = ChartPage.right
    let top = ChartPage.top

    /// The light and dark ends of the colour scale (ColorBrewer "Blues").
    static let lightest = (r: 0xf7, g: 0xfb, b: 0xff)
    static let darkest = (r: 0x08, g: 0x30, b: 0x6b)
    static let missingFill = "#d9d9d9"
    static let swatchOutline = "#bdbdbd"
    static let darkText = "#000000"
    static let lightText = "#ffffff"

    /// The value of a cell, nil when there is none (out of bounds, nil or not finite).
    func value(row: Int, column: Int) -> Double? {
        guard row < values.count, column < values[row].count, let v = values[row][column], v.isFinite else { return nil }
        return v
    }

    /// The heatmap as one `<svg class="chart">` element, ready to inline in HTML.
    public func render() -> String {
        let pixelsPerChar = 6.2
        guard !rows.isEmpty, !columns.isEmpty else { return SVGText.emptyChart(title: title, x: 64, width: width, height: 300) }
        // Layout: row labels and the y label on the left, column labels, x label and legend below.
        let longestRow = Double(rows.map(\.count).max() ?? 0)
        let left = min(200, max(48, 30 + longestRow * pixelsPerChar))
        let plotW = width - left - right
        let cellW = plotW / Double(columns.count)
        let cellH = min(36, max(12, 260 / Double(rows.count)))
        let plotH = cellH * Double(rows.count)
        let gridBottom = top + plotH

        // Column labels: horizontal when each fits its cell, otherwise turned upright; every k-th
        // one when even upright labels (about 12 px tall) would touch. Rows likewise.
        let longestColumn = Double(columns.map(\.count).max() ?? 0)
        let horizontal = longestColumn * pixelsPerChar <= cellW - 4
        let columnStride = horizontal ? 1 : max(1, Int((12 / cellW).rounded(.up)))
        let columnLabelsH = horizontal ? 16 : min(160, longestColumn * pixelsPerChar) + 8
        let rowStride = max(1, Int((12 / cellH).rounded(.up)))
        let xLabelY = gridBottom + columnLabelsH + 16
        let legendY = xLabelY + 22
        var svg = header(height: legendY + 12, left: left)

        // The colour scale.
        let present = rows.indices.flatMap { r in columns.indices.compactMap { c in value(row: r, column: c) } }
        let domain: ClosedRange<Double>? = range ?? present.min().map { $0...present.max()! }
        func position(_ v: Double) -> Double {
            guard let domain, domain.upperBound > domain.lowerBound else { return 0.5 }
            return min(1, max(0, (v - domain.lowerBound) / (domain.upperBound - domain.lowerBound)))
        }

        // In-cell text: 10 px, else 8 px, else none, whichever lets every cell's text fit.
        let texts: [[String]] = rows.indices.map { r in
            columns.indices.map { c in value(row: r, column: c).map(valueFormat) ?? "–" }
        }
        let longestText = Double(texts.joined().map(\.count).max() ?? 0)
        let fontSize: Double? = [10.0, 8].first { size in
            longestText * pixelsPerChar * size / 11 <= cellW - 3 && cellH >= size + 2
        }

        svg += #"<g class="cells">"#
        for r in rows.indices {
            let y = top + Double(rows.count - 1 - r) * cellH
            for c in columns.indices {
                let x = left + Double(c) * cellW
                let v = value(row: r, column: c)
                let fill = v.map { Self.colour(position($0)) } ?? Self.missingFill
                let hover = "\(rows[r]), \(columns[c]): \(v.map(valueFormat) ?? "no value")"
                svg += #"<rect class="\#(v == nil ? "cell missing" : "cell")" x="\#(f(x))" y="\#(f(y))" width="\#(f(cellW))" height="\#(f(cellH))" fill="\#(fill)" stroke="white" stroke-width="0.5" data-row="\#(r)" data-column="\#(c)"\#(v.map { #" data-value="\#($0)""# } ?? "")><title>\#(escape(hover))</title></rect>"#
                if let fontSize {
                    svg += #"<text class="cell-value" x="\#(f(x + cellW / 2))" y="\#(f(y + cellH / 2 + fontSize * 0.35))" text-anchor="middle" font-size="\#(f(fontSize))" fill="\#(Self.textColour(on: fill))">\#(escape(texts[r][c]))</text>"#
                }
            }
        }
        svg += "</g>"

        svg += #"<g class="axis">"#
        for r in rows.indices where r % rowStride == 0 {
            let y = top + Double(rows.count - 1 - r) * cellH + cellH / 2
            svg += #"<text class="row-label" x="\#(f(left - 6))" y="\#(f(y + 4))" text-anchor="end">\#(escape(rows[r]))</text>"#
        }
        for c in columns.indices where c % columnStride == 0 {
            let x = left + (Double(c) + 0.5) * cellW
            if horizontal {
                svg += #"<text class="column-label" x="\#(f(x))" y="\#(f(gridBottom + 14))" text-anchor="middle">\#(escape(columns[c]))</text>"#
            } else {
                svg += #"<text class="column-label" transform="translate(\#(f(x + 4)) \#(f(gridBottom + 6))) rotate(-90)" text-anchor="end">\#(escape(columns[c]))</text>"#
            }
        }
        svg += SVGText.fitted(xLabel, maxWidth: width - 16, pixelsPerChar: 6.8, attributes: #"class="label" x="\#(f(left + plotW / 2))" y="\#(f(xLabelY))" text-anchor="middle""#)
        // Upright, centred on the grid: as long as the grid is tall, or twice the room above its middle.
        let yRoom = min(plotH + top, 2 * (top + plotH / 2) - 4)
        svg += SVGText.fitted(yLabel, maxWidth: yRoom, pixelsPerChar: 6.8, attributes: #"class="label" transform="translate(14 \#(f(top + plotH / 2))) rotate(-90)" text-anchor="middle""#)
        svg += "</g>"

        // Legend: the scale as swatches from its lowest to its highest value, then "no value".
        svg += #"<g class="legend">"#
        var lx = left
        if let domain, let low = present.min(), let high = present.max() {
            let equal = domain.upperBound <= domain.lowerBound
            let lowText = (low < domain.lowerBound ? "≤ " : "") + valueFormat(domain.lowerBound)
            let highText = (high > domain.upperBound ? "≥ " : "") + valueFormat(domain.upperBound)
            if equal {
                svg += #"<rect class="swatch" x="\#(f(lx))" y="\#(f(legendY - 8))" width="14" height="9" fill="\#(Self.colour(0.5))"/>"#
                svg += #"<text x="\#(f(lx + 18))" y="\#(f(legendY))">\#(escape(valueFormat(domain.lowerBound)))</text>"#
                lx += 26 + Double(valueFormat(domain.lowerBound).count) * pixelsPerChar
            } else {
                svg += #"<text x="\#(f(lx))" y="\#(f(legendY))">\#(escape(lowText))</text>"#
                lx += Double(lowText.count) * pixelsPerChar + 4
                let steps = 7
                for i in 0..<steps {
                    svg += #"<rect class="swatch" x="\#(f(lx))" y="\#(f(legendY - 8))" width="16" height="9" fill="\#(Self.colour(Double(i) / Double(steps - 1)))" stroke="\#(Self.swatchOutline)" stroke-width="0.5"/>"#
                    lx += 16
                }
                svg += #"<text x="\#(f(lx + 4))" y="\#(f(legendY))">\#(escape(highText))</text>"#
                lx += 4 + Double(highText.count) * pixelsPerChar + 16
            }
        }
        if present.count < rows.count * columns.count {
            svg += #"<rect class="swatch missing" x="\#(f(lx))" y="\#(f(legendY - 8))" width="14" height="9" fill="\#(Self.missingFill)"/>"#
            svg += #"<text x="\#(f(lx + 18))" y="\#(f(legendY))">– no value</text>"#
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

    /// The colour at `t` in 0...1 (clamped) of the scale: light to dark, each channel linear, so
    /// the luminance falls as `t` grows.
    static func colour(_ t: Double) -> String {
        let t = t.isFinite ? min(1, max(0, t)) : 0.5
        func mix(_ a: Int, _ b: Int) -> Int { Int((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        return hex(mix(lightest.r, darkest.r), mix(lightest.g, darkest.g), mix(lightest.b, darkest.b))
    }

    /// Black or white, whichever contrasts more with `fill` ("#rrggbb").
    static func textColour(on fill: String) -> String {
        let l = luminance(fill)
        let black = (l + 0.05) / 0.05
        let white = 1.05 / (l + 0.05)
        return black >= white ? darkText : lightText
    }

    /// WCAG relative luminance of "#rrggbb" (0 black … 1 white).
    static func luminance(_ colour: String) -> Double {
        let digits = Array(colour.dropFirst("#".count))
        guard digits.count == 6 else { return 0 }
        func channel(_ i: Int) -> Double {
            let c = Double(Int(String(digits[i ..< i + 2]), radix: 16) ?? 0) / 255
            return c <= 0.04045 ? c / 12.92 : power2_4((c + 0.055) / 1.055)
        }
        return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
    }

    /// x^2.4 for x in (0, 1], as the fifth root of x^12 (Newton's method; no libm needed).
    private static func power2_4(_ x: Double) -> Double {
        let a = x * x * x * x * x * x * x * x * x * x * x * x
        guard a > 0 else { return 0 }
        var y = 1.0
        for _ in 0..<200 {
            let y4 = y * y * y * y
            let next = y - (y4 * y - a) / (5 * y4)
            if abs(next - y) <= 1e-15 * next { return next }
            y = next
        }
        return y
    }

    private static func hex(_ r: Int, _ g: Int, _ b: Int) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + [r, g, b].map { v in
            let v = min(255, max(0, v))
            return String([digits[v / 16], digits[v % 16]])
        }.joined()
    }

    private func f(_ x: Double) -> String { String(format2: x) }
}
