import Foundation
@testable import ReportKit
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The heatmap and the tornado chart, read back as XML: cells where the data says, colours that
/// darken with the value, bars as long as their values in the axis' own pixels.
@Suite struct HeatmapAndTornadoTests {
    // MARK: Reading SVG back

    /// The parsed document; fails the test when the SVG is not well-formed XML.
    static func parse(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> XMLElement {
        let document = try XMLDocument(xmlString: svg, options: [])
        return try #require(document.rootElement(), sourceLocation: sourceLocation)
    }

    /// Every element named `name` (in document order) whose class list has `token`.
    static func elements(_ root: XMLElement, _ name: String, class token: String? = nil) -> [XMLElement] {
        var found: [XMLElement] = []
        func walk(_ e: XMLElement) {
            if e.localName == name || e.name == name,
               token.map(classes(e).contains) ?? true
            {
                found.append(e)
            }
            for child in e.children ?? [] { if let c = child as? XMLElement { walk(c) } }
        }
        walk(root)
        return found
    }

    /// The attribute's value. (FoundationXML's `attribute(forName:)` finds nothing in a document
    /// with a default namespace, so this looks through the list.)
    static func attr(_ e: XMLElement, _ name: String) -> String? {
        e.attributes?.first { $0.name == name || $0.localName == name }?.stringValue
    }
    static func number(_ e: XMLElement, _ name: String) throws -> Double {
        try #require(attr(e, name).flatMap(Double.init), "no number in \(name) of \(e.xmlString)")
    }

    static func classes(_ e: XMLElement) -> [String] { (attr(e, "class") ?? "").split(separator: " ").map(String.init) }

    /// WCAG relative luminance of "#rrggbb", written here independently of the renderer's.
    static func luminance(_ hex: String) throws -> Double {
        #expect(hex.count == 7 && hex.hasPrefix("#"), "not #rrggbb: \(hex)")
        let value = try #require(Int(hex.dropFirst(), radix: 16))
        func channel(_ shift: Int) -> Double {
            let c = Double((value >> shift) & 0xff) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }

    static func contrast(_ a: String, _ b: String) throws -> Double {
        let (la, lb) = (try luminance(a), try luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    // MARK: Heatmap

    static var grid: SVGHeatmap {
        SVGHeatmap(
        title: "Mean rounds survived", xLabel: "daily expense", yLabel: "start money",
        columns: ["10", "20", "30", "40"], rows: ["100", "200", "300"],
            values: [[12, 9, 7.5, 4], [15, 12.25, 9, 6], [18, nil, 11, 8]])
    }

    @Test func heatmapHasACellPerRowAndColumnWithItsValue() throws {
        let root = try Self.parse(Self.grid.render())
        #expect(root.name == "svg" && Self.attr(root, "role") == "img" && Self.attr(root, "aria-label") == "Mean rounds survived")
        let cells = Self.elements(root, "rect", class: "cell")
        #expect(cells.count == 12)
        var seen = Set<[Int]>()
        for cell in cells {
            let r = try #require(Self.attr(cell, "data-row").flatMap(Int.init))
            let c = try #require(Self.attr(cell, "data-column").flatMap(Int.init))
            seen.insert([r, c])
            if let expected = Self.grid.values[r][c] {
                #expect(try Self.number(cell, "data-value") == expected, "cell \(r),\(c)")
                #expect(Self.classes(cell) == ["cell"])
            }
        }
        #expect(seen == Set((0..<3).flatMap { r in (0..<4).map { [r, $0] } }))
        // Every cell shows its value (these cells are big enough), and says it on hover.
        let texts = Self.elements(root, "text", class: "cell-value").map(\.stringValue)
        #expect(texts.count == 12)
        #expect(texts.contains("12.25") && texts.contains("7.5") && texts.contains("–"))
        let hovers = cells.compactMap { Self.elements($0, "title").first?.stringValue }
        #expect(hovers.count == 12 && hovers.contains("200, 20: 12.25") && hovers.contains("300, 20: no value"))
        // Self-contained.
        let svg = Self.grid.render()
        #expect(!svg.contains("<script") && !svg.contains("href") && !svg.contains("url("))
    }

    @Test func aMissingValueIsGreyWithoutADataValue() throws {
        let root = try Self.parse(Self.grid.render())
        let missing = Self.elements(root, "rect", class: "missing").filter { Self.classes($0).contains("cell") }
        #expect(missing.count == 1)
        let cell = try #require(missing.first)
        #expect(Self.attr(cell, "data-row") == "2" && Self.attr(cell, "data-column") == "1")
        #expect(Self.attr(cell, "data-value") == nil)
        #expect(Self.attr(cell, "fill") == SVGHeatmap.missingFill)
        // Grey, not a colour of the scale.
        let fill = try #require(Self.attr(cell, "fill"))
        let scale = Set(Self.elements(root, "rect", class: "cell").filter { !Self.classes($0).contains("missing") }.compactMap { Self.attr($0, "fill") })
        #expect(!scale.contains(fill))
        let rgb = try #require(Int(fill.dropFirst(), radix: 16))
        let grey = try Self.luminance(fill)
        #expect(rgb >> 16 == (rgb >> 8) & 0xff && rgb >> 16 == rgb & 0xff && grey > 0.5)
        // The legend says what grey means.
        #expect(Self.elements(root, "text").contains { $0.stringValue == "– no value" })
    }

    @Test func largerValuesAreDarker() throws {
        // Shuffled in the grid, sorted when read back.
        let values: [Double] = [3, -2, 40, 7.5, 0, 12, 25, 5, 1, 33]
        let map = SVGHeatmap(title: "t", xLabel: "x", yLabel: "y", columns: values.indices.map(String.init), rows: ["only"], values: [values])
        let cells = Self.elements(try Self.parse(map.render()), "rect", class: "cell")
        let byValue = try cells.map { (value: try Self.number($0, "data-value"), fill: try #require(Self.attr($0, "fill"))) }.sorted { $0.value < $1.value }
        #expect(byValue.map(\.value) == values.sorted())
        let luminances = try byValue.map { try Self.luminance($0.fill) }
        for (a, b) in zip(luminances, luminances.dropFirst()) { #expect(b < a, "not darker: \(luminances)") }
        // The scale's ends are the smallest and largest values.
        #expect(byValue.first?.fill == "#f7fbff" && byValue.last?.fill == "#08306b")
        // And the legend's swatches run the same way.
        let swatches = try Self.elements(try Self.parse(map.render()), "rect", class: "swatch").filter { !Self.classes($0).contains("missing") }
            .map { try Self.luminance(try #require(Self.attr($0, "fill"))) }
        #expect(swatches.count >= 3 && swatches == swatches.sorted(by: >))
    }

    @Test func aFixedRangeClampsAndEqualValuesTakeTheMiddleColour() throws {
        var map = SVGHeatmap(title: "t", xLabel: "x", yLabel: "y", columns: ["a", "b", "c", "d"], rows: ["r"], values: [[-5, 0, 10, 99]], range: 0...10)
        let fills = Self.elements(try Self.parse(map.render()), "rect", class: "cell").map { Self.attr($0, "fill") }
        #expect(fills == ["#f7fbff", "#f7fbff", "#08306b", "#08306b"])
        #expect(map.render().contains("≤ 0") && map.render().contains("≥ 10"))
        map.range = nil
        map.values = [[4, 4, nil, 4]]
        let equal = Self.elements(try Self.parse(map.render()), "rect", class: "cell").filter { !Self.classes($0).contains("missing") }.map { Self.attr($0, "fill") }
        #expect(equal.count == 3 && Set(equal) == [SVGHeatmap.colour(0.5)])
        let middle = try Self.luminance(SVGHeatmap.colour(0.5))
        let (lightest, darkest) = (try Self.luminance("#f7fbff"), try Self.luminance("#08306b"))
        #expect(middle < lightest && middle > darkest)
    }

    @Test func cellTextIsReadableOnItsFill() throws {
        let values = (0..<12).map { Double($0 * $0) }
        let map = SVGHeatmap(title: "t", xLabel: "x", yLabel: "y", columns: (0..<6).map(String.init), rows: ["a", "b"], values: [Array(values[0..<6]), Array(values[6...])].map { $0.map(Optional.some) })
        let root = try Self.parse(map.render())
        let cells = Self.elements(root, "rect", class: "cell")
        let texts = Self.elements(root, "text", class: "cell-value")
        #expect(cells.count == 12 && texts.count == 12)
        var colours = Set<String>()
        for (cell, text) in zip(cells, texts) {
            let fill = try #require(Self.attr(cell, "fill")), ink = try #require(Self.attr(text, "fill"))
            colours.insert(ink)
            // Black or white, whichever contrasts more, is at least 4.5:1 on every colour of the scale.
            #expect(try Self.contrast(fill, ink) >= 4.5, "\(ink) on \(fill)")
            // Centred in its cell.
            #expect(abs(try Self.number(text, "x") - (try Self.number(cell, "x") + (try Self.number(cell, "width")) / 2)) < 0.02)
        }
        #expect(colours == ["#000000", "#ffffff"], "light and dark cells need both inks: \(colours)")
    }

    @Test func theFirstRowIsAtTheBottom() throws {
        let root = try Self.parse(Self.grid.render())
        func top(row: Int) throws -> Double {
            let cell = try #require(Self.elements(root, "rect", class: "cell").first { Self.attr($0, "data-row") == "\(row)" })
            return try Self.number(cell, "y")
        }
        #expect(try top(row: 0) > (try top(row: 1)) && (try top(row: 1)) > (try top(row: 2)))
        let labels = try Self.elements(root, "text", class: "row-label").map { ($0.stringValue ?? "", try Self.number($0, "y")) }
        #expect(labels.map(\.0) == ["100", "200", "300"])
        #expect(labels[0].1 > labels[1].1 && labels[1].1 > labels[2].1)
        // Columns left to right.
        let columns = Self.elements(root, "text", class: "column-label")
        #expect(columns.map(\.stringValue) == ["10", "20", "30", "40"])
        let xs = try columns.map { try Self.number($0, "x") }
        #expect(xs == xs.sorted() && Set(xs).count == 4)
    }

    @Test func heatmapLabelsAreEscaped() throws {
        let nasty = #"a <b> & "c""#
        let map = SVGHeatmap(title: nasty, xLabel: nasty, yLabel: nasty, columns: [nasty, "2"], rows: [nasty], values: [[1, 2]])
        let svg = map.render()
        #expect(!svg.contains("<b>") && !svg.contains("& \"") && svg.contains("a &lt;b&gt; &amp; &quot;c&quot;"))
        let root = try Self.parse(svg)
        #expect(Self.attr(root, "aria-label") == nasty)
        #expect(Self.elements(root, "text", class: "row-label").first?.stringValue == nasty)
        #expect(Self.elements(root, "text", class: "column-label").first?.stringValue == nasty)
        // The x label fits; the upright y label is longer than a one-row grid is tall: shortened,
        // the whole of it (escaped) in its tooltip.
        #expect(Self.elements(root, "text", class: "label").first?.stringValue == nasty)
        #expect(svg.contains(#"<g class="shortened"><title>a &lt;b&gt; &amp; &quot;c&quot;</title><text class="label" transform"#))
        #expect(Self.elements(root, "text", class: "chart-title").first?.stringValue == nasty)
    }

    @Test func anEmptyHeatmapSaysSo() throws {
        for map in [
            SVGHeatmap(title: "nothing", xLabel: "x", yLabel: "y", columns: ["a"], rows: [], values: []),
            SVGHeatmap(title: "nothing", xLabel: "x", yLabel: "y", columns: [], rows: ["a"], values: [[]]),
        ] {
            let root = try Self.parse(map.render())
            #expect(Self.elements(root, "text", class: "empty").map(\.stringValue) == ["no data"])
            #expect(Self.elements(root, "rect").isEmpty)
        }
        #expect(!Self.grid.render().contains("no data"))
    }

    /// A 30 × 30 sweep: every cell and its value are there, the numbers give way in cells too small
    /// for them, and no two labels overlap.
    @Test func aLargeGridDropsCellTextButNotLabelsOrValues() throws {
        let n = 30
        let map = SVGHeatmap(
            title: "big", xLabel: "x", yLabel: "y", columns: (1...n).map { "\($0 * 5)" }, rows: (1...n).map { "\($0 * 100)" },
            values: (0..<n).map { r in (0..<n).map { c in r == c ? nil : Double(r * c) + 0.25 } })
        let root = try Self.parse(map.render())
        let cells = Self.elements(root, "rect", class: "cell")
        #expect(cells.count == n * n)
        #expect(cells.filter { Self.attr($0, "data-value") != nil }.count == n * n - n)
        #expect(Self.elements(root, "text", class: "cell-value").isEmpty)
        let width = try Self.number(cells[0], "width"), height = try Self.number(cells[0], "height")
        #expect(width > 5 && height > 5)
        // Row labels at least a line apart.
        let rowYs = try Self.elements(root, "text", class: "row-label").map { try Self.number($0, "y") }.sorted()
        #expect(!rowYs.isEmpty && zip(rowYs, rowYs.dropFirst()).allSatisfy { $1 - $0 >= 11.9 })
        // Column labels: upright ones a line apart, level ones no wider than their spacing.
        let columns = Self.elements(root, "text", class: "column-label")
        #expect(!columns.isEmpty)
        let upright = columns.allSatisfy { Self.attr($0, "transform")?.contains("rotate(-90)") == true }
        let columnXs = try columns.map { e -> Double in
            if let x = Self.attr(e, "x") { return try #require(Double(x)) }
            let translate = try #require(Self.attr(e, "transform")).split(separator: "(")[1].split(separator: " ")[0]
            return try #require(Double(translate))
        }
        let gap = zip(columnXs, columnXs.dropFirst()).map { $1 - $0 }.min() ?? .infinity
        let widest = Double(columns.compactMap(\.stringValue).map(\.count).max() ?? 0) * 6.2
        #expect(gap >= (upright ? 11.9 : widest), "columns \(gap) apart")
        // Everything inside the view box.
        let viewBox = try #require(Self.attr(root, "viewBox")).split(separator: " ").compactMap { Double($0) }
        let lowest = try Self.elements(root, "text").compactMap { Self.attr($0, "y") == nil ? nil : try Self.number($0, "y") }.max() ?? 0
        #expect(viewBox.count == 4 && lowest < viewBox[3])
        // A small grid still writes its numbers.
        #expect(Self.elements(try Self.parse(Self.grid.render()), "text", class: "cell-value").count == 12)
    }

    // MARK: Tornado

    static var tornado: SVGTornado {
        SVGTornado(
        title: "What moves survival", xLabel: "change in mean rounds survived",
        bars: [
            .init(label: "dailyExpense", low: 6, high: -4, lowInterval: 5...7.5, highInterval: -5.25 ... -2.5),
            .init(label: "startMoney", low: -3, high: 2),
            .init(label: "patience", low: 0, high: 0.5, highInterval: -0.25...1.25),
        ])
    }

    /// The axis' own scale: pixels per unit and the pixel of 0, read from its ticks.
    static func scale(_ root: XMLElement) throws -> (ticks: [Double], px: (Double) -> Double) {
        let ticks = Self.elements(root, "line", class: "tick")
        try #require(ticks.count >= 2)
        let values = try ticks.map { try Self.number($0, "data-value") }
        let xs = try ticks.map { try Self.number($0, "x1") }
        let (x0, v0) = (xs[0], values[0])
        let perUnit = (xs[xs.count - 1] - x0) / (values[values.count - 1] - v0)
        return (values, { x0 + ($0 - v0) * perUnit })
    }

    static func bar(_ root: XMLElement, row: Int, _ kind: String) throws -> XMLElement {
        let rows = Self.elements(root, "g", class: "row")
        return try #require(Self.elements(rows[row], "rect", class: kind).first, "no \(kind) bar in row \(row)")
    }

    @Test func tornadoRowsFollowTheInputOrder() throws {
        let root = try Self.parse(Self.tornado.render())
        let rows = Self.elements(root, "g", class: "row")
        #expect(rows.map { Self.attr($0, "data-label") } == ["dailyExpense", "startMoney", "patience"])
        let labels = try Self.elements(root, "text", class: "bar-label").map { ($0.stringValue, try Self.number($0, "y")) }
        #expect(labels.map(\.0) == ["dailyExpense", "startMoney", "patience"])
        #expect(labels.map(\.1) == labels.map(\.1).sorted() && Set(labels.map(\.1)).count == 3)
        // Each row's bars lie below the previous row's.
        let tops = try (0..<3).map { try Self.number(try Self.bar(root, row: $0, "low"), "y") }
        #expect(tops == tops.sorted() && Set(tops).count == 3)
        // A bar of each kind per row, with its value, in two colours named in the legend.
        #expect(Self.elements(root, "rect", class: "bar").count == 6)
        #expect(try Self.number(try Self.bar(root, row: 0, "high"), "data-value") == -4)
        let lowFill = Self.attr(try Self.bar(root, row: 1, "low"), "fill"), highFill = Self.attr(try Self.bar(root, row: 1, "high"), "fill")
        #expect(lowFill != nil && lowFill != highFill)
        let legend = try #require(Self.elements(root, "g", class: "legend").first)
        #expect(Self.elements(legend, "rect").map { Self.attr($0, "fill") } == [lowFill, highFill])
        #expect(Self.elements(legend, "text").map(\.stringValue).prefix(2) == ["−10%", "+10%"])
    }

    @Test func barWidthsAreProportionalToTheirDistanceFromBase() throws {
        for base in [0.0, 10] {
            var chart = Self.tornado
            chart.base = base
            chart.bars = [
                .init(label: "a", low: base - 3, high: base + 7.5),
                .init(label: "b", low: base - 1.2, high: base + 2.5),
                .init(label: "zero", low: base, high: base + 0.0001),
            ]
            let root = try Self.parse(chart.render())
            let (_, px) = try Self.scale(root)
            let perUnit = px(1) - px(0)
            // Pixels are written with two decimals: each width is within 0.005 px of the exact one.
            let rounding = 0.005 + 1e-9
            func width(_ row: Int, _ kind: String) throws -> Double { try Self.number(try Self.bar(root, row: row, kind), "width") }
            for (row, kind, value) in [(0, "low", -3.0), (0, "high", 7.5), (1, "low", -1.2), (1, "high", 2.5)] {
                #expect(abs(try width(row, kind) - abs(value) * perUnit) <= 2 * rounding, "row \(row) \(kind), base \(base)")
            }
            // The ratio of two widths is the ratio of the distances (7.5 / 2.5 = 3), up to that rounding.
            let (wa, wb) = (try width(0, "high"), try width(1, "high"))
            #expect(abs(wa / wb - 3) <= rounding * (1 + 3) / wb + 1e-6, "\(wa) / \(wb)")
            let (la, lb) = (try width(0, "low"), try width(1, "low"))
            #expect(abs(la / lb - 2.5) <= rounding * (1 + 2.5) / lb + 1e-6, "\(la) / \(lb)")
            // A bar of no length is still drawn, 1 px wide, at the base.
            #expect(try width(2, "low") == 1 && (try width(2, "high")) == 1)
            let zero = try Self.bar(root, row: 2, "low")
            #expect(abs(try Self.number(zero, "x") + 0.5 - px(base)) <= 2 * rounding)
        }
    }

    @Test func negativeBarsAreLeftOfTheBaseAndPositiveOnesRight() throws {
        let root = try Self.parse(Self.tornado.render())
        let baseLine = try #require(Self.elements(root, "line", class: "base").first)
        let baseX = try Self.number(baseLine, "x1")
        #expect(baseX == (try Self.number(baseLine, "x2")))
        let (_, px) = try Self.scale(root)
        #expect(abs(baseX - px(0)) <= 0.01)
        for (row, kind, value) in [(0, "low", 6.0), (0, "high", -4), (1, "low", -3), (1, "high", 2), (2, "high", 0.5)] {
            let bar = try Self.bar(root, row: row, kind)
            let x = try Self.number(bar, "x"), w = try Self.number(bar, "width")
            if value < 0 {
                #expect(abs(x + w - baseX) <= 0.011 && x < baseX, "row \(row) \(kind)")
            } else {
                #expect(abs(x - baseX) <= 0.011 && x + w > baseX, "row \(row) \(kind)")
            }
            #expect(abs((value < 0 ? x : x + w) - px(value)) <= 0.011, "row \(row) \(kind) ends at its value")
        }
    }

    @Test func whiskersSpanTheirIntervals() throws {
        let root = try Self.parse(Self.tornado.render())
        let (_, px) = try Self.scale(root)
        let expected: [(row: Int, kind: String, interval: ClosedRange<Double>)] = [(0, "low", 5...7.5), (0, "high", -5.25 ... -2.5), (2, "high", -0.25...1.25)]
        let rows = Self.elements(root, "g", class: "row")
        #expect(Self.elements(root, "line", class: "whisker").count == 3)
        #expect(Self.elements(rows[1], "line", class: "whisker").isEmpty)
        for e in expected {
            let whisker = try #require(Self.elements(rows[e.row], "line", class: "whisker").first { Self.classes($0).contains(e.kind) })
            let (x1, x2) = (try Self.number(whisker, "x1"), try Self.number(whisker, "x2"))
            #expect(abs(x1 - px(e.interval.lowerBound)) <= 0.011 && abs(x2 - px(e.interval.upperBound)) <= 0.011, "row \(e.row) \(e.kind)")
            // Across the middle of its bar.
            let bar = try Self.bar(root, row: e.row, e.kind)
            let y = try Self.number(whisker, "y1")
            #expect(y == (try Self.number(whisker, "y2")))
            let (barY, barH) = (try Self.number(bar, "y"), try Self.number(bar, "height"))
            #expect(y > barY && y < barY + barH)
        }
    }

    @Test func tornadoTicksCoverTheDataAndTheBase() throws {
        var offBase = Self.tornado
        offBase.base = 0
        offBase.bars = [.init(label: "all above", low: 5, high: 8.2, highInterval: 7...9.3)]
        var aboveBase = Self.tornado
        aboveBase.base = 20
        for (chart, low, high) in [(Self.tornado, -5.25, 7.5), (offBase, 0, 9.3), (aboveBase, -5.25, 20)] {
            let root = try Self.parse(chart.render())
            let (ticks, _) = try Self.scale(root)
            #expect(ticks.first! <= low && ticks.last! >= high, "\(ticks) for \(low)...\(high)")
            #expect(ticks.count >= 3 && ticks.count <= 12)
            let steps = Set(zip(ticks, ticks.dropFirst()).map { (($1 - $0) * 1e9).rounded() })
            #expect(steps.count == 1, "uneven ticks \(ticks)")
            // Each tick is labelled with its value.
            let axis = try #require(Self.elements(root, "g", class: "axis").first)
            let labels = Set(Self.elements(axis, "text").compactMap(\.stringValue))
            #expect(ticks.allSatisfy { labels.contains(SVGChart.number($0)) })
        }
    }

    @Test func theLeftMarginFitsTheLongestLabelAndHeightGrowsWithBars() throws {
        var chart = Self.tornado
        chart.bars[1].label = "aMuchLongerParameterName"  // 24 characters
        let root = try Self.parse(chart.render())
        let labelX = try #require(try Self.elements(root, "text", class: "bar-label").map { try Self.number($0, "x") }.first)
        #expect(labelX >= 24 * 6.2)
        let labels = Self.elements(root, "text", class: "bar-label").map(\.stringValue)
        #expect(labels.contains("aMuchLongerParameterName"))
        // The plot starts right of the labels.
        let (_, px) = try Self.scale(root)
        #expect(px(-5.25) > labelX)
        func height(_ n: Int) throws -> Double {
            var c = Self.tornado
            c.bars = (0..<n).map { .init(label: "p\($0)", low: -Double($0), high: Double($0)) }
            return try #require(Self.attr(try Self.parse(c.render()), "viewBox")?.split(separator: " ").last.flatMap { Double($0) })
        }
        #expect(try height(12) - (try height(2)) == 10 * 24)
    }

    /// The axis name is centred under the plot, which long bar labels push right: it must stay
    /// inside the chart (shortened, with the whole text as a tooltip, when it cannot), as the
    /// browser check measures (6.8 px a character).
    @Test func theAxisNameStaysInsideTheChartWhateverTheBarLabels() throws {
        var chart = Self.tornado
        chart.bars[1].label = "aVeryMuchLongerParameterNameThanUsual"
        chart.xLabel = "change in the team's timed-out orders per round played, a long axis name"
        let root = try Self.parse(chart.render())
        let width = try #require(Self.attr(root, "viewBox")?.split(separator: " ").dropFirst(2).first.flatMap { Double($0) })
        let label = try #require(Self.elements(root, "text", class: "label").first { Self.attr($0, "text-anchor") == "middle" && ($0.stringValue ?? "").hasPrefix("change in") })
        let text = label.stringValue ?? ""
        let centre = try Self.number(label, "x")
        let half = Double(text.count) * 6.8 / 2
        #expect(centre - half >= 0 && centre + half <= width, "\(text) at \(centre) ± \(half) in \(width)")
        #expect(text.hasSuffix("…"))
    }

    @Test func tornadoLabelsAreEscapedAndAnEmptyOneSaysSo() throws {
        let nasty = #"a <b> & "c""#
        var chart = SVGTornado(title: nasty, xLabel: nasty, lowLabel: nasty, highLabel: "up", bars: [.init(label: nasty, low: -1, high: 1)])
        let svg = chart.render()
        #expect(!svg.contains("<b>") && svg.contains("a &lt;b&gt; &amp; &quot;c&quot;"))
        let root = try Self.parse(svg)
        #expect(Self.elements(root, "g", class: "row").first.flatMap { Self.attr($0, "data-label") } == nasty)
        #expect(Self.elements(root, "text", class: "bar-label").first?.stringValue == nasty)
        #expect(!svg.contains("no data"))
        chart.bars = []
        let empty = try Self.parse(chart.render())
        #expect(Self.elements(empty, "text", class: "empty").map(\.stringValue) == ["no data"])
        #expect(Self.elements(empty, "rect").isEmpty)
    }
}
