import ReportKit

/// How Andora's reports spell numbers: shares as percentages with one decimal, advantages with a
/// sign and three decimals, intervals in brackets.
enum Format {
    static func percent(_ x: Double) -> String { "\(String(format1: x * 100))%" }
    static func signedPercent(_ x: Double) -> String { (x >= 0 ? "+" : "−") + percent(abs(x)) }
    static func decimal(_ x: Double) -> String { String(format1: x) }
    static func signed(_ x: Double) -> String { (x >= 0 ? "+" : "−") + String(format3: abs(x)) }

    static func interval(_ i: AndoraSummary.Interval, signed: Bool) -> String {
        signed ? "[\(Self.signed(i.lower)), \(Self.signed(i.upper))]" : "[\(String(format3: i.lower)), \(String(format3: i.upper))]"
    }

    /// "[25.6, 31.2]": the bounds in percent, the unit said once by the value before it.
    static func percentInterval(_ i: AndoraSummary.Interval) -> String { "[\(String(format1: i.lower * 100)), \(String(format1: i.upper * 100))]" }
    static func signedPercentInterval(_ i: AndoraSummary.Interval) -> String { "[\(signedPercent(i.lower)), \(signedPercent(i.upper))]" }
}

extension String {
    /// `x` with exactly `digits` decimals, rounded half away from zero, without Foundation.
    init(fixed x: Double, digits: Int) {
        guard x.isFinite, abs(x) < 1e12 else {
            self = x.isNaN ? "nan" : x > 0 ? "∞" : "-∞"
            return
        }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(x) * scale).rounded()
        let whole = Int64(scaled / scale)
        let fraction = Int64(scaled - Double(whole) * scale)
        var text = String(whole)
        if digits > 0 {
            let f = String(fraction)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        self = (x < 0 && scaled != 0 ? "-" : "") + text
    }

    init(format1 x: Double) { self.init(fixed: x, digits: 1) }
    init(format3 x: Double) { self.init(fixed: x, digits: 3) }
}
