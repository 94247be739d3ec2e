/// A number of seconds split, in decimal, into a whole second (rounded down) and fraction digits:
/// `-0.3` is second `-1` plus `.7`. Dates are written and read through this split so that any
/// Double survives the trip through XML text: the split is exact, and reading it back parses one
/// decimal number with correct rounding. (Adding a binary fraction to a whole second would not
/// be exact for every value.)
struct DecimalSeconds: Equatable {
    var whole: Int64
    /// Digits after the point, without trailing zeros; empty for a whole second.
    var fractionDigits: String

    /// Splits the shortest decimal text that reads back as `seconds`. Nil beyond ±1e15 s.
    init?(_ seconds: Double) {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
        let negative = seconds.sign == .minus
        guard let (integer, fraction) = Self.plainDecimal(String(abs(seconds))), let wholePart = Int64(integer) else { return nil }
        if fraction.isEmpty || !negative {
            whole = negative ? -wholePart : wholePart
            fractionDigits = fraction
        } else {
            // -(I.F) = -(I + 1) + (1 - 0.F)
            whole = -wholePart - 1
            fractionDigits = Self.tensComplement(fraction)
        }
    }

    init(whole: Int64, fractionDigits: String) {
        self.whole = whole
        var digits = Substring(fractionDigits)
        while digits.last == "0" { digits.removeLast() }
        self.fractionDigits = String(digits)
    }

    /// The Double nearest to whole + 0.fractionDigits.
    var seconds: Double {
        guard !fractionDigits.isEmpty else { return Double(whole) }
        if whole >= 0 { return Double("\(whole).\(fractionDigits)") ?? .nan }
        // whole + 0.F = -((-whole - 1) + (1 - 0.F))
        return Double("-\(-whole - 1).\(Self.tensComplement(fractionDigits))") ?? .nan
    }

    /// Digits d of 10^n - d, n = d.count, without trailing zeros (d has none, so neither does this).
    static func tensComplement(_ digits: String) -> String {
        var result = Array(digits.utf8)
        var borrow = true  // the "+1" of nines' complement plus one, applied from the right
        for i in result.indices.reversed() {
            let d = result[i] - UInt8(ascii: "0")
            if borrow {
                if d == 0 { result[i] = UInt8(ascii: "0") } else {
                    result[i] = UInt8(ascii: "0") + (10 - d)
                    borrow = false
                }
            } else {
                result[i] = UInt8(ascii: "0") + (9 - d)
            }
        }
        var text = String(decoding: result, as: UTF8.self)
        while text.last == "0" { text.removeLast() }
        return text
    }

    /// `"1.25e-07"` → ("0", "000000125"); `"978307200.5"` → ("978307200", "5"). Non-negative input.
    static func plainDecimal(_ text: String) -> (String, String)? {
        let parts = text.lowercased().split(separator: "e", maxSplits: 1)
        guard let mantissa = parts.first else { return nil }
        let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let pieces = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var digits = String(pieces[0]) + (pieces.count == 2 ? String(pieces[1]) : "")
        var point = pieces[0].count + exponent
        if point < 0 {
            digits = String(repeating: "0", count: -point) + digits
            point = 0
        }
        if point > digits.count { digits += String(repeating: "0", count: point - digits.count) }
        let integer = String(digits.prefix(point))
        var fraction = Substring(digits.dropFirst(point))
        while fraction.last == "0" { fraction.removeLast() }
        guard digits.allSatisfy(\.isNumber) else { return nil }
        return (integer.isEmpty ? "0" : integer, String(fraction))
    }
}
