/// The text of a leaf element (`<integer>`, `<date>`, …) turned into a value, with the rules
/// CoreFoundation applies.
enum XMLScalar {
    enum Kind { case string, integer, real, `true`, `false`, date, data }

    /// The value, or nil with `problem` saying why (no Result: this runs once per leaf element).
    @inline(__always)  // once per leaf element, into the reader's end-of-element callback
    static func value(of kind: Kind, text: UnsafeBufferPointer<UInt8>, problem: inout String) -> PlistValue? {
        func fail(_ message: String) -> PlistValue? {
            problem = message
            return nil
        }
        switch kind {
        case .string:
            return .string(String(decoding: text, as: UTF8.self))
        case .true, .false:
            guard text.allSatisfy(\.isPlistSpace) else {
                return fail("<\(kind == .true ? "true" : "false")/> must be empty")
            }
            return .boolean(kind == .true)
        case .integer:
            if let value = PlistInteger(utf8: text) { return .integer(value) }
            guard !text.allSatisfy(\.isPlistSpace) else { return fail("empty <integer>") }
            let shown = String(decoding: text, as: UTF8.self).trimmingSpaces()
            return fail("\"\(shown)\" is not an integer in -2^63...2^64-1")
        case .real:
            // Leading white space is skipped, trailing is not (as CoreFoundation reads reals).
            let shown = String(decoding: text.drop { $0.isPlistSpace }, as: UTF8.self)
            guard let value = parseReal(shown) else {
                return fail(shown.isEmpty ? "empty <real>" : "\"\(shown)\" is not a real number")
            }
            return .real(value)
        case .date:
            let shown = String(decoding: text, as: UTF8.self)
            guard let date = PlistDate(iso8601: shown) else {
                return fail("\"\(shown)\" is not a date (expected YYYY-MM-DDTHH:MM:SSZ in UTC)")
            }
            return .date(date)
        case .data:
            guard let bytes = Base64.decode(Array(text)) else {
                return fail("<data> is not valid base64")
            }
            return .data(bytes)
        }
    }

    /// Decimal reals with optional exponent, and `nan`, `inf`, `infinity` in any case with a sign.
    static func parseReal(_ text: String) -> Double? {
        let lowered = text.lowercased()
        switch lowered {
        case "nan", "+nan", "-nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        // Swift's Double(String) also takes hex floats and "nan(…)"; plists do not.
        guard !lowered.isEmpty,
            lowered.utf8.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || "+-.e".utf8.contains($0) })
        else { return nil }
        return Double(lowered)
    }
}
