/// A property-list date: seconds since 2001-01-01T00:00:00Z, as CoreFoundation stores it.
///
/// Conversions are done here with the proleptic Gregorian calendar in UTC, without Foundation,
/// so that any year from -9999 to 9999 works (no 1970 or 2038 limits).
public struct PlistDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var secondsSinceReferenceDate: Double

    public init(secondsSinceReferenceDate: Double) {
        self.secondsSinceReferenceDate = secondsSinceReferenceDate
    }

    /// Seconds from 1970-01-01 to 2001-01-01.
    public static let referenceDateUnixTime: Double = 978_307_200

    public init(secondsSince1970: Double) {
        self.init(secondsSinceReferenceDate: secondsSince1970 - Self.referenceDateUnixTime)
    }

    public static func < (a: PlistDate, b: PlistDate) -> Bool {
        a.secondsSinceReferenceDate < b.secondsSinceReferenceDate
    }

    /// ISO 8601 in UTC, `2026-11-21T08:30:00Z`; fractional seconds are written only when present,
    /// so that a binary date survives a trip through XML.
    public var description: String { iso8601 }

    public var iso8601: String {
        let unix = secondsSinceReferenceDate + Self.referenceDateUnixTime
        guard unix.isFinite, abs(unix) < 4e11 else { return "invalid-date" }
        let wholeSeconds = unix.rounded(.down)
        let fraction = unix - wholeSeconds
        let total = Int64(wholeSeconds)
        let days = total >= 0 ? total / 86_400 : -((-total + 86_399) / 86_400)
        let secondOfDay = total - days * 86_400
        let (y, m, d) = Self.civil(fromDays: days)
        var text = (y < 0 ? "-" : "") + pad(abs(y), 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
        text += "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if fraction > 0 {
            // Shortest text that reads back to the same Double.
            var digits = String(fraction)
            if let dot = digits.firstIndex(of: ".") { digits = String(digits[dot...]) }
            if !digits.contains("e") { text += digits }
        }
        return text + "Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ` (a leading `-` for years before 1 AD, optional fractional
    /// seconds, and, as CoreFoundation does, trailing parts may be left out: `2020-05Z`).
    public init?<S: StringProtocol>(iso8601 text: S) {
        var bytes = Substring(text).utf8[...]
        while let f = bytes.first, f.isPlistSpace { bytes.removeFirst() }
        while let l = bytes.last, l.isPlistSpace { bytes.removeLast() }
        var negativeYear = false
        if bytes.first == UInt8(ascii: "-") {
            negativeYear = true
            bytes.removeFirst()
        }
        func number(_ maxDigits: Int) -> Int64? {
            var value: Int64 = 0
            var count = 0
            while let b = bytes.first, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9"), count < maxDigits {
                value = value * 10 + Int64(b - UInt8(ascii: "0"))
                bytes.removeFirst()
                count += 1
            }
            return count == 0 ? nil : value
        }
        func take(_ c: Character) -> Bool {
            guard bytes.first == c.asciiValue else { return false }
            bytes.removeFirst()
            return true
        }
        guard var year = number(6) else { return nil }
        if negativeYear { year = -year }
        var month: Int64 = 1, day: Int64 = 1, hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0
        var fraction = 0.0
        if take("-") {
            guard let m = number(2) else { return nil }
            month = m
            if take("-") {
                guard let d = number(2) else { return nil }
                day = d
                if take("T") {
                    guard let h = number(2), take(":"), let mi = number(2) else { return nil }
                    hour = h
                    minute = mi
                    if take(":") {
                        guard let s = number(2) else { return nil }
                        second = s
                        if take(".") {
                            var scale = 0.1
                            var any = false
                            while let b = bytes.first, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                                fraction += Double(b - UInt8(ascii: "0")) * scale
                                scale /= 10
                                any = true
                                bytes.removeFirst()
                            }
                            guard any else { return nil }
                        }
                    }
                }
            }
        }
        guard take("Z"), bytes.isEmpty else { return nil }
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = Self.days(fromCivil: year, month, day)
        let unix = Double(days * 86_400 + hour * 3600 + minute * 60 + second) + fraction
        self.init(secondsSince1970: unix)
    }

    static func isLeap(_ y: Int64) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

private func pad(_ n: Int64, _ width: Int) -> String {
    let digits = String(n)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
