/// The labels of a chart's rows, right-aligned at the left of the plot (interval and tornado
/// charts): the margin grows to the widest label up to `widest`; a label wider than that wraps,
/// whole, never shortened (lineups alike in their first names, "regular, regular, hurried" and
/// "regular, regular, hurried, hurried", must not read the same), and every row grows to hold
/// the most lines.
struct SVGRowLabels {
    /// The plot's left edge: the widest label and its gap before the axis.
    let left: Double
    /// Each row's height, taller than asked when a label needs several lines.
    let rowHeight: Double
    /// Each label's lines.
    let lines: [[String]]

    /// Between the lines of a wrapped label.
    static let lineHeight = 12.0
    /// A character of a label (11 px), about.
    static let pixelsPerChar = 6.2

    init(_ labels: [String], rowHeight: Double, widest: Double) {
        func width(_ label: String) -> Double { Double(label.count) * Self.pixelsPerChar + 14 }
        left = min(widest, max(64, labels.map(width).max() ?? 0))
        lines = labels.map { width($0) > widest ? SVGText.wrapped($0, to: Int((widest - 14) / Self.pixelsPerChar)) : [$0] }
        let most = lines.map(\.count).max() ?? 1
        self.rowHeight = most > 1 ? max(rowHeight, Self.lineHeight * Double(most) + 8) : rowHeight
    }

    /// Each label as a `<text class="bar-label">`, centred on its row; rows start at `top`.
    func render(top: Double) -> String {
        lines.enumerated().map { i, lines in
            let first = top + Double(i) * rowHeight + rowHeight / 2 + 4 - Self.lineHeight * Double(lines.count - 1) / 2
            let x = String(format2: left - 8)
            return SVGText.lines(lines, x: x, lineHeight: Self.lineHeight, attributes: #"class="bar-label" x="\#(x)" y="\#(String(format2: first))" text-anchor="end""#)
        }.joined()
    }
}
