import Diagnostics
/// How Shaky Words' reports spell numbers: shares as percentages with one decimal, points with
/// one, shakes with two, intervals in brackets after the value ("12.3% [10.1, 14.6]").
enum QuizFormat {
    static func percent(_ x: Double) -> String { "\(fixed(x * 100, 1))%" }

    static func number(_ x: Double, _ digits: Int = 1) -> String { fixed(x, digits) }

    /// A signed number: "+1.2", "−0.4".
    static func signed(_ x: Double, _ digits: Int = 1) -> String {
        let text = fixed(abs(x), digits)
        return (x < 0 && text != fixed(0, digits) ? "−" : "+") + text
    }

    /// A share with its interval: "12.3% [10.1, 14.6]".
    static func share(_ e: QuizSummary.Estimate) -> String {
        guard let lower = e.lower, let upper = e.upper else { return "\(percent(e.value)) (no interval)" }
        return "\(percent(e.value)) [\(fixed(lower * 100, 1)), \(fixed(upper * 100, 1))]"
    }

    /// A mean with its interval: "4.2 [3.9, 4.5]"; "4.2 (one value, no interval)" without one.
    static func mean(_ e: QuizSummary.Estimate, _ digits: Int = 1) -> String {
        guard let lower = e.lower, let upper = e.upper else {
            return "\(fixed(e.value, digits)) (\(e.sample == 1 ? "one value" : e.sample == 0 ? "no value" : "\(e.sample) values"), no interval)"
        }
        return "\(fixed(e.value, digits)) [\(fixed(lower, digits)), \(fixed(upper, digits))]"
    }

    /// A difference with its interval: "−1.9 [−2.3, −1.5]".
    static func difference(_ e: QuizSummary.Estimate, _ digits: Int = 1) -> String {
        guard let lower = e.lower, let upper = e.upper else { return "\(signed(e.value, digits)) (no interval)" }
        return "\(signed(e.value, digits)) [\(signed(lower, digits)), \(signed(upper, digits))]"
    }

    /// A metric's value as its table shows it.
    static func metric(_ row: QuizSummary.MetricRow) -> String { row.isShare ? share(row.estimate) : mean(row.estimate, row.decimals) }

    /// Seconds as a designer writes them: "60", "1.5".
    static func seconds(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        var text = fixed(x, 3)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// "1 game", "2 games".
    static func counted(_ n: Int, _ singular: String, _ plural: String? = nil) -> String { Diagnostics.counted(n, singular, plural) }

    /// The article before a number read aloud: "an" for 8, 11, 18, 80…, "a" otherwise.
    static func article(_ n: Int) -> String {
        var leading = n
        while leading >= 1000 { leading /= 1000 }
        return leading == 8 || leading == 11 || leading == 18 || (80..<90).contains(leading) || (800..<900).contains(leading) ? "an" : "a"
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }

    /// `x` with exactly `digits` decimals (the shared ``Swift/Double/decimalText(_:)``), and the
    /// sign of infinity for values too large to print as digits.
    static func fixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite, abs(x) < 1e12 else { return x.isNaN ? "nan" : x > 0 ? "∞" : "-∞" }
        return x.decimalText(digits)
    }
}
