extension Double {
    /// The number as a designer writes it in messages and commands: `3`, `2.5`, `-0.25`, `inf`.
    /// Whole values print without a fraction; others in Swift's shortest round-trip form.
    public var designerText: String {
        isFinite && self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : "\(self)"
    }
}
extension Double {
    /// Fixed decimals ("-12.50"), the same on every platform and locale.
    public func decimalText(_ decimals: Int) -> String {
        guard isFinite else { return "\(self)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (self * scale).rounded()
        // Past Int64 the digits cannot be written as a whole number: the shortest form instead.
        guard abs(scaled) < 9.2e18 else { return "\(self)" }
        let negative = scaled < 0
        let digits = String(Int64(abs(scaled)))
        guard decimals > 0 else { return (negative ? "-" : "") + digits }
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        return (negative ? "-" : "") + padded.dropLast(decimals) + "." + padded.suffix(decimals)
    }
}

/// A count with its noun in the right number: "1 game", "2 games", "0 games"; `plural` for nouns
/// that do not take an "s" ("1 category", "3 categories").
///
/// ```swift
/// counted(1, "package")                  // "1 package"
/// counted(2, "difficulty", "difficulties")  // "2 difficulties"
/// ```
public func counted(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(n) \(n == 1 ? singular : plural ?? singular + "s")"
}

/// Items as a sentence lists them: "A", "A and B", "A, B and C".
///
/// ```swift
/// listed(["check", "simulate", "report"])   // "check, simulate and report"
/// ```
public func listed(_ items: [String]) -> String {
    guard items.count > 2 else { return items.joined(separator: " and ") }
    return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
}

extension BinaryInteger {
    /// 1000000 as "1,000,000": thousands grouped with commas, the same on every platform and locale.
    public var groupedText: String {
        let digits = Array(String(self.magnitude))
        var text = self < 0 ? "-" : ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}

/// A name from the input, quoted for a message: whole when short, else its first `most`
/// characters, "…" and its length, so that a name of megabytes makes a message of one line.
///
/// ```swift
/// quotedName("difLevel")                           // "\"difLevel\""
/// quotedName(String(repeating: "x", count: 5_000)) // "\"xxxx…xxxx…\" (5,000 characters)"
/// ```
public func quotedName(_ name: String, most: Int = 40) -> String {
    var prefix = ""
    var count = 0
    for character in name {
        if count < most { prefix.append(character) }
        count += 1
        if count > most + 1 { break }
    }
    guard count > most else { return "\"\(name)\"" }
    return "\"\(prefix)…\" (\(name.count.groupedText) characters)"
}
