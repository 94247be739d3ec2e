import Diagnostics
extension String {
    /// Two decimals at most, no trailing zeros ("12.5", "3", "-0.25").
    ///
    /// ```swift
    /// String(format2: 12.504)  // "12.5"
    /// ```
    public init(format2 x: Double) {
        let scaled = (x * 100).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else {
            self = "0"
            return
        }
        let whole = Int64(scaled)
        let sign = whole < 0 ? "-" : ""
        let magnitude = whole.magnitude
        let integer = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 {
            self = "\(sign)\(integer)"
        } else if fraction % 10 == 0 {
            self = "\(sign)\(integer).\(fraction / 10)"
        } else {
            self = "\(sign)\(integer).\(fraction < 10 ? "0" : "")\(fraction)"
        }
    }
}

extension Double {
    /// 10^⌊log10(x)⌋ for x > 0, computed without Foundation.
    static func pow10(floor x: Double) -> Double {
        guard x > 0, x.isFinite else { return 1 }
        var p = 1.0
        while p * 10 <= x { p *= 10 }
        while p > x { p /= 10 }
        return p
    }
}

/// Text for XML and HTML: the five characters that matter escaped.
///
/// ```swift
/// escape("<a & b>")  // "&lt;a &amp; b&gt;"
/// ```
public func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.count)
    for c in text {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(c)
        }
    }
    return out
}


extension String {
    /// Six decimals at most, no trailing zeros: stable text for CSV and Markdown.
    public init(roundedTo6 x: Double) {
        let scaled = (x * 1_000_000).rounded()
        guard abs(scaled) < 9e15 else {
            self = "\(x)"
            return
        }
        let whole = Int64(scaled)
        let sign = whole < 0 ? "-" : ""
        let integer = whole.magnitude / 1_000_000
        var fraction = String(whole.magnitude % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        self = fraction.isEmpty ? "\(sign)\(integer)" : "\(sign)\(integer).\(fraction)"
    }
}

extension String {
    /// The text with its first letter capital, as a heading or a sentence starts.
    public var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
