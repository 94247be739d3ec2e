/// The labels of one axis' ticks, as many digits as it takes to tell every tick apart.
///
/// A chart's own format (``SVGChart/number(_:)``, ``SVGChart/percent(_:)``, a metric's text)
/// is kept when its labels are distinct and, where they read as numbers, each lies within half a
/// step of its tick, and no tick reaches a million. Otherwise the ticks are labelled from their step: enough decimals for the
/// step (ticks 0.001 apart read "0.001", "0.002"), or, where those would be tiny or huge, small
/// whole numbers with a shared factor (`unit`, e.g. "×10⁻⁵") that the axis label names. Shares
/// (a format that ends in "%") stay percentages.
///
/// ```swift
/// let axis = TickLabels([-0.002, -0.001, 0, 0.001, 0.002], format: SVGChart.number)
/// axis.labels  // ["-0.002", "-0.001", "0.000", "0.001", "0.002"]  (the format alone says "0" five times)
/// axis.unit    // nil
/// ```
///
/// A mirrored axis (a tornado of O's wins left and X's right) repeats |values| on purpose: pass
/// `mirrored: true` and ticks need only differ on each side of zero.
public struct TickLabels: Equatable {
    /// One label per tick, in the ticks' order.
    public var labels: [String]
    /// A factor every label shares ("×10⁶"), to add to the axis label; nil when there is none.
    public var unit: String?

    public init(_ ticks: [Double], format: (Double) -> String, mirrored: Bool = false) {
        let shown = ticks.map { format(mirrored ? abs($0) : $0) }
        let step = Self.step(ticks)
        let isShare = shown.last?.hasSuffix("%") ?? false
        let huge = ticks.contains { abs($0) >= 1e6 }
        if !huge, Self.tellApart(shown, ticks: ticks, step: step, isShare: isShare, mirrored: mirrored) {
            labels = shown
            unit = nil
            return
        }
        (labels, unit) = Self.fromStep(ticks, step: step, scale: isShare ? 100 : 1, suffix: isShare ? "%" : "", mirrored: mirrored)
    }

    /// The axis label with the shared factor, if any: "money (×10⁶)".
    public func naming(_ axisLabel: String) -> String {
        guard let unit else { return axisLabel }
        return axisLabel.isEmpty ? unit : "\(axisLabel) (\(unit))"
    }

    /// The smallest gap between neighbouring ticks (0 for fewer than two).
    static func step(_ ticks: [Double]) -> Double {
        zip(ticks, ticks.dropFirst()).map { abs($1 - $0) }.filter { $0 > 0 && $0.isFinite }.min() ?? 0
    }

    /// Whether `labels` are distinct (on each side of zero when mirrored) and, where they read as
    /// numbers, each within half a step of its tick.
    static func tellApart(_ labels: [String], ticks: [Double], step: Double, isShare: Bool, mirrored: Bool) -> Bool {
        let sides: [[Int]] = mirrored ? [ticks.indices.filter { ticks[$0] <= 0 }, ticks.indices.filter { ticks[$0] >= 0 }] : [Array(ticks.indices)]
        for side in sides where Set(side.map { labels[$0] }).count != side.count { return false }
        guard step > 0 else { return true }
        for (label, tick) in zip(labels, ticks) {
            guard let read = Self.read(label, isShare: isShare) else { continue }
            if abs(read - (mirrored ? abs(tick) : tick)) >= step / 2 { return false }
        }
        return true
    }

    /// The number a label shows ("12.5" → 12.5, "0.5%" → 0.005, "−3" → −3), nil for other text.
    static func read(_ label: String, isShare: Bool) -> Double? {
        var text = label.replacingMinus
        if isShare {
            guard text.hasSuffix("%") else { return nil }
            text.removeLast()
        }
        guard let x = Double(text) else { return nil }
        return isShare ? x / 100 : x
    }

    /// Labels from the step: decimals enough for it, or whole multiples of a shared 10^k when
    /// those would need more than four decimals or the values reach a million.
    static func fromStep(_ ticks: [Double], step: Double, scale: Double, suffix: String, mirrored: Bool) -> ([String], String?) {
        let values = ticks.map { (mirrored ? abs($0) : $0) * scale }
        let scaledStep = step * scale
        guard scaledStep > 0, scaledStep.isFinite else { return (values.map { decimal($0, places: 0) + suffix }, nil) }
        let exponent = Self.exponent(of: scaledStep)
        let largest = values.map(abs).max() ?? 0
        if exponent < -4 || largest >= 1e6 {
            // 1, 2 or 5 × 10^k apart: multiples of 10^k are whole (or a half, for a step of 5 × 10^(k-1)).
            let factor = Self.power10(exponent)
            let places = Self.places(scaledStep / factor)
            let labels = values.map { decimal($0 / factor, places: places) + suffix }
            return (labels, "×10" + superscript(exponent))
        }
        let places = max(0, -exponent) + Self.places(scaledStep / Self.power10(exponent))
        return (values.map { decimal($0, places: places) + suffix }, nil)
    }

    /// ⌊log10(x)⌋ for x > 0.
    static func exponent(of x: Double) -> Int {
        var k = 0
        var p = 1.0
        while p * 10 <= x * (1 + 1e-12) { p *= 10; k += 1 }
        while p > x * (1 + 1e-12) { p /= 10; k -= 1 }
        return k
    }

    static func power10(_ k: Int) -> Double {
        var p = 1.0
        for _ in 0..<abs(k) { p *= 10 }
        return k < 0 ? 1 / p : p
    }

    /// Decimals a mantissa in [1, 10) needs (2.5 needs one, 2 none), at most three.
    static func places(_ mantissa: Double) -> Int {
        for d in 0...3 where abs(mantissa * power10(d) - (mantissa * power10(d)).rounded()) < 1e-6 { return d }
        return 3
    }

    /// `x` rounded to `places` decimals, trailing zeros kept so that labels line up ("0.10").
    static func decimal(_ x: Double, places: Int) -> String {
        let scaled = (x * power10(places)).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else { return "0" }
        let whole = Int64(scaled)
        let digits = String(whole.magnitude)
        let sign = whole < 0 ? "-" : ""
        guard places > 0 else { return sign + digits }
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        return sign + padded.dropLast(places) + "." + padded.suffix(places)
    }

    static func superscript(_ k: Int) -> String {
        let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        return (k < 0 ? "⁻" : "") + String(abs(k)).map { digits[Int(String($0))!] }
    }
}

extension String {
    /// The text with "−" (U+2212) read as "-".
    var replacingMinus: String { String(map { $0 == "−" ? "-" : $0 }) }
}
