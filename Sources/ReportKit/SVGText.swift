/// Text in a chart that never runs out of its box: what does not fit is shortened at a word
/// where it can be, ends in "…", and keeps the whole text as a tooltip (`<title>`).
///
/// Widths are estimated from the number of characters (the page's sans-serif runs about 0.55 em
/// a character); Tests/Browser/check_report.py measures the real boxes in Chromium.
///
/// ```swift
/// SVGText.fitted("survival after round 5 against coefficient 2 of dailyExpense", maxWidth: 200,
///                pixelsPerChar: 7.2, attributes: #"class="chart-title" x="8" y="20""#)
/// // <g class="shortened"><title>survival … dailyExpense</title><text …>survival after round 5…</text></g>
/// ```
enum SVGText {
    /// Pixels a character of a chart title (13 px, semibold) takes, about.
    static let titlePixelsPerChar = 7.2

    /// The chart's visible title at `x` (the plot's left edge) when it fits there, else from the
    /// left margin, shortened if it fits nowhere.
    static func title(_ title: String, x: Double, width: Double) -> String {
        let margin = 8.0
        let startX = Double(title.count) * titlePixelsPerChar <= width - margin - x ? x : margin
        return fitted(title, maxWidth: width - margin - startX, pixelsPerChar: titlePixelsPerChar,
                      attributes: #"class="chart-title" x="\#(String(format2: startX))" y="20""#)
    }

    /// A `<text>` element with `attributes`, its text shortened to `maxWidth` pixels.
    static func fitted(_ text: String, maxWidth: Double, pixelsPerChar: Double, attributes: String) -> String {
        let room = Int(maxWidth / pixelsPerChar)
        guard text.count > room else { return "<text \(attributes)>\(escape(text))</text>" }
        return #"<g class="shortened"><title>\#(escape(text))</title><text \#(attributes)>\#(escape(shortened(text, to: room)))</text></g>"#
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
