/// Text in a chart that never runs out of its box: what does not fit is shortened at a word
/// where it can be, ends in "…", and keeps the whole text as a tooltip (`<title>`).
///
/// Widths are estimated from the characters (a title by each character's class, other text by
/// their number); Tests/Browser/check_report.py measures the real boxes in Chromium.
///
/// ```swift
/// SVGText.fitted("survival after round 5 against coefficient 2 of dailyExpense", maxWidth: 200,
///                pixelsPerChar: 6.8, attributes: #"class="chart-title" x="8" y="20""#)
/// // <g class="shortened"><title>survival … dailyExpense</title><text …>survival after round 5…</text></g>
/// ```
enum SVGText {
    /// The size of a chart title's font (13 px, semibold).
    static let titleSize = 13.0

    /// About how wide `text` runs in the page's sans-serif at `size` pixels, semibold or not:
    /// each character by its class, at the widths of DejaVu Sans (Debian's sans-serif, among the
    /// widest a page meets), so that a title estimated to fit does fit.
    static func estimatedWidth(_ text: some StringProtocol, size: Double, bold: Bool = false) -> Double {
        text.reduce(0) { $0 + em($1, bold: bold) } * size
    }

    /// A character's advance in ems, by class (measured in Chromium on DejaVu Sans, rounded up).
    static func em(_ c: Character, bold: Bool) -> Double {
        switch c {
        case "i", "j", "l", "'", "|", "!", "I", "J": bold ? 0.38 : 0.30
        case " ", ",", ".", ":", ";", "/", "-", "f", "t", "r", "(", ")", "[", "]": bold ? 0.50 : 0.40
        case "m", "w", "M", "W", "%", "—", "…", "@": bold ? 1.11 : 1.0
        case "×", "±", "≤", "≥", "–": 0.84
        case "A"..."Z": bold ? 0.86 : 0.80
        default: bold ? 0.72 : 0.64
        }
    }

    /// The chart's visible title at `x` (the plot's left edge) when it fits there, else from the
    /// left margin, else over as many lines as it takes, whole: two lineups alike in their first
    /// names must not read the same. `shift` is how far the chart below it moves down for the
    /// lines past the first.
    static func title(_ title: String, x: Double, width: Double) -> (svg: String, shift: Double) {
        let margin = 8.0
        func line(_ text: String, x: Double, y: Double) -> String {
            #"<text class="chart-title" x="\#(String(format2: x))" y="\#(String(format2: y))">\#(escape(text))</text>"#
        }
        let wide = estimatedWidth(title, size: titleSize, bold: true)
        if wide <= width - margin - x { return (line(title, x: x, y: 20), 0) }
        let room = width - 2 * margin
        if wide <= room { return (line(title, x: margin, y: 20), 0) }
        // Break after the last word that fits; a word longer than the line is cut.
        let lines = wrapped(title) { fitting($0, room: room) }
        let svg = lines.enumerated().map { i, text in line(text, x: margin, y: 20 + Self.titleLine * Double(i)) }.joined()
        return (svg, Self.titleLine * Double(lines.count - 1))
    }

    /// Between the lines of a title.
    static let titleLine = 16.0

    /// How many of a title's first characters fit in `room` pixels.
    static func fitting(_ text: Substring, room: Double) -> Int {
        var (count, used) = (0, 0.0)
        for c in text {
            used += em(c, bold: true) * titleSize
            guard used <= room else { break }
            count += 1
        }
        return count
    }

    /// The opening of a chart `width` × `height` (taller by a second title line if it needs one):
    /// the `<svg>` tag, the title for assistive technology and the visible title; `close` ends it.
    static func chart(title: String, x: Double, width: Double, height: Double) -> (open: String, close: String) {
        let heading = Self.title(title, x: x, width: width)
        var open = #"<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \#(String(format2: width)) \#(String(format2: height + heading.shift))" role="img" aria-label="\#(escape(title))">"#
        open += #"<title>\#(escape(title))</title>"# + heading.svg
        guard heading.shift > 0 else { return (open, "</svg>") }
        return (open + #"<g transform="translate(0 \#(String(format2: heading.shift)))">"#, "</g></svg>")
    }

    /// A chart with nothing to show: its title, and "no data" in the middle of it.
    static func emptyChart(title: String, x: Double, width: Double, height: Double) -> String {
        let (open, close) = chart(title: title, x: x, width: width, height: height)
        return open + noData(width: width, height: height) + close
    }

    /// "no data", in the middle of a chart `width` × `height`.
    static func noData(width: Double, height: Double) -> String {
        #"<text class="empty" x="\#(String(format2: width / 2))" y="\#(String(format2: height / 2))" text-anchor="middle">no data</text>"#
    }

    /// A `<text>` element with `attributes`, its text shortened to `maxWidth` pixels.
    static func fitted(_ text: String, maxWidth: Double, pixelsPerChar: Double, attributes: String) -> String {
        let room = Int(maxWidth / pixelsPerChar)
        guard text.count > room else { return "<text \(attributes)>\(escape(text))</text>" }
        return #"<g class="shortened"><title>\#(escape(text))</title><text \#(attributes)>\#(escape(shortened(text, to: room)))</text></g>"#
    }

    /// `text` in lines of at most `room` characters, broken after a space (a comma stays with
    /// the word before it; a word longer than a line is cut): a label that must stay whole, so
    /// that two labels alike in their first words never read the same.
    static func wrapped(_ text: String, to room: Int) -> [String] { wrapped(text) { _ in room } }

    /// `text` in lines, each as many characters as `room` says fit of what is left (a title's
    /// characters differ in width), broken as ``wrapped(_:to:)`` breaks them.
    static func wrapped(_ text: String, room: (Substring) -> Int) -> [String] {
        var lines: [String] = []
        var rest = Substring(text)
        while true {
            let fits = max(room(rest), 1)
            guard rest.count > fits else { break }
            let at = lineBreak(in: rest, room: fits)
            let cut = at > 0 ? at : fits
            lines.append(String(rest.prefix(cut)))
            rest = rest.dropFirst(cut).drop { $0 == " " }
        }
        if !rest.isEmpty || lines.isEmpty { lines.append(String(rest)) }
        return lines
    }

    /// Where a line of at most `room` characters ends: at the last space within one character
    /// past the room, else at the room (a word longer than a line is cut).
    static func lineBreak(in text: Substring, room: Int) -> Int {
        text.prefix(room + 1).lastIndex(of: " ").map { text.distance(from: text.startIndex, to: $0) } ?? room
    }

    /// A `<text>` element with `attributes` holding `lines`, each a `<tspan>` at `x` and
    /// `lineHeight` below the one before.
    static func lines(_ lines: [String], x: String, lineHeight: Double, attributes: String) -> String {
        guard lines.count > 1 else { return "<text \(attributes)>\(escape(lines.first ?? ""))</text>" }
        let spans = lines.enumerated().map { i, line in
            #"<tspan x="\#(x)" dy="\#(i == 0 ? "0" : String(format2: lineHeight))">\#(escape(line))</tspan>"#
        }
        return "<text \(attributes)>\(spans.joined())</text>"
    }

    /// `text` in at most `room` characters, the last of them "…", cut after a word when that
    /// keeps at least two thirds of the room.
    static func shortened(_ text: String, to room: Int) -> String {
        guard text.count > room else { return text }
        let keep = max(0, room - 1)
        var head = String(text.prefix(keep))
        if let space = head.lastIndex(of: " "), head.distance(from: head.startIndex, to: space) >= keep * 2 / 3 {
            head = String(head[..<space])
        }
        while head.last == " " || head.last == "," || head.last == "—" { head.removeLast() }
        return head + "…"
    }
}

extension SVGText {
    /// An axis's name centred under a plot `plotWidth` wide from `left`, shortened to what the
    /// nearer edge of a chart `width` wide leaves either side (row labels push the plot right).
    static func axisName(_ text: String, left: Double, plotWidth: Double, width: Double, y: Double) -> String {
        let centre = left + plotWidth / 2
        let room = 2 * min(centre - 8, width - 8 - centre)
        return fitted(text, maxWidth: room, pixelsPerChar: 6.8, attributes: #"class="label" x="\#(String(format2: centre))" y="\#(String(format2: y))" text-anchor="middle""#)
    }

    /// Where a tick label centred under `x` goes so that it stays inside a chart `width` wide: an
    /// end tick's label too wide for the margin is aligned to the chart's edge instead.
    static func tickPosition(x: Double, label: String, width: Double, pixelsPerChar: Double = 6.2) -> (x: Double, anchor: String) {
        let half = Double(label.count) * pixelsPerChar / 2
        let edge = 2.0
        if x + half > width - edge { return (width - edge, "end") }
        if x - half < edge { return (edge, "start") }
        return (x, "middle")
    }
}
