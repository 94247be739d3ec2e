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

    /// Equal seconds, or both NaN: a binary plist may hold a NaN date (dates are not range-checked,
    /// as in CoreFoundation), and like a NaN real it must equal itself after a write-then-read
    /// round trip (found by the fuzz target fuzz-plist-binary).
    public static func == (a: PlistDate, b: PlistDate) -> Bool {
        a.secondsSinceReferenceDate == b.secondsSinceReferenceDate
            || (a.secondsSinceReferenceDate.isNaN && b.secondsSinceReferenceDate.isNaN)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(secondsSinceReferenceDate.isNaN ? .nan : secondsSinceReferenceDate)
    }

    /// ISO 8601 in UTC, `2026-11-21T08:30:00Z`; fractional seconds are written only when present,
    /// with as few digits as read back to the same Double, so a binary date survives XML.
    public var description: String { iso8601 ?? "\(secondsSinceReferenceDate) s since 2001" }

    /// Nil for NaN, infinities and years outside -9999...9999, which have no ISO 8601 form.
    public var iso8601: String? {
        // 4e11 s (about 12,700 years) keeps the arithmetic far from overflow; the year check
        // below is the real limit: four-digit years, as the reader takes them.
        guard abs(secondsSinceReferenceDate) < 4e11, let split = DecimalSeconds(secondsSinceReferenceDate) else { return nil }
        let total = split.whole + Int64(Self.referenceDateUnixTime)
        let days = total >= 0 ? total / 86_400 : -((-total + 86_399) / 86_400)
        let secondOfDay = total - days * 86_400
        let (y, m, d) = Self.civil(fromDays: days)
        guard (-9999...9999).contains(y) else { return nil }
        var text = (y < 0 ? "-" : "") + pad(abs(y), 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
        text += "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if !split.fractionDigits.isEmpty { text += "." + split.fractionDigits }
        return text + "Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ` in UTC, exactly as CoreFoundation writes it: no white space,
    /// no missing parts. A leading `-` marks years before 1 AD, and fractional seconds
    /// (`:09.25Z`) are accepted so that dates written by ``iso8601`` read back exactly.
    public init?<S: StringProtocol>(iso8601 text: S) {
        var bytes = Substring(text).utf8[...]
        var negativeYear = false
        if bytes.first == UInt8(ascii: "-") {
            negativeYear = true
            bytes.removeFirst()
        }
        func number(_ minDigits: Int, _ maxDigits: Int) -> Int64? {
            var value: Int64 = 0
            var count = 0
            while let b = bytes.first, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9"), count < maxDigits {
                value = value * 10 + Int64(b - UInt8(ascii: "0"))
                bytes.removeFirst()
                count += 1
            }
            return count < minDigits ? nil : value
        }
        func take(_ c: Character) -> Bool {
            guard bytes.first == c.asciiValue else { return false }
            bytes.removeFirst()
            return true
        }
        guard var year = number(4, 4), take("-"), let month = number(2, 2), take("-"), let day = number(2, 2),
            take("T"), let hour = number(2, 2), take(":"), let minute = number(2, 2), take(":"),
            let second = number(2, 2)
        else { return nil }
        if negativeYear { year = -year }
        var fraction = ""
        if take(".") {
            let digits = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard !digits.isEmpty else { return nil }
            fraction = String(decoding: digits, as: UTF8.self)
            bytes.removeFirst(digits.count)
        }
        guard take("Z"), bytes.isEmpty else { return nil }
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let unix = Self.days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
        let split = DecimalSeconds(whole: unix - Int64(Self.referenceDateUnixTime), fractionDigits: fraction)
        self.init(secondsSinceReferenceDate: split.seconds)
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
