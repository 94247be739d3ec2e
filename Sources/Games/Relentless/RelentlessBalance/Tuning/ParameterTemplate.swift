import Balance
import Relentless

/// The parameter `playbench tune` moves: a key's whole value, or one number inside its
/// expression (the k-th numeric literal, 1-based: in `5.0 * (diffLevel / 10.0)` coefficient 1 is
/// 5.0 and coefficient 2 is 10.0).
///
/// ```swift
/// let t = try ParameterTemplate(key: .numOfCategories, text: "5.0 * (diffLevel / 10.0)", coefficient: 1)
/// t.text(for: 6.5)      // "6.5 * (diffLevel / 10.0)"
/// t.current             // 5.0
/// ```
public struct ParameterTemplate: Sendable, Hashable, Codable {
    public var key: ParameterKey.RawValue
    /// The text before and after the number that moves (both empty for a whole value).
    public var prefix: String
    public var suffix: String
    /// The value the design has now.
    public var current: Double?
    public var coefficient: Int?

    /// - Parameters:
    ///   - text: the key's value as the design writes it; nil when the design does not set it.
    public init(key: ParameterKey, text: String?, coefficient: Int?) throws(TemplateError) {
        self.key = key.rawValue
        self.coefficient = coefficient
        guard let coefficient else {
            prefix = ""
            suffix = ""
            current = text.flatMap { Double($0.trimmingSpaces) }
            return
        }
        guard let text else { throw TemplateError("\(key.rawValue) is not set in the design: there is no expression to take coefficient \(coefficient) of") }
        let literals = Self.literals(in: text)
        guard coefficient >= 1 && coefficient <= literals.count else {
            throw TemplateError("\"\(text)\" has \(literals.count) number\(literals.count == 1 ? "" : "s"); --coefficient must be in 1...\(max(1, literals.count))")
        }
        let range = literals[coefficient - 1]
        prefix = String(text[..<range.lowerBound])
        suffix = String(text[range.upperBound...])
        current = Double(text[range])
    }

    public func text(for value: Double) -> String {
        let number = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) + (coefficient == nil ? "" : ".0") : "\(value)"
        return prefix + number + suffix
    }

    /// Where each number of an expression is (not digits inside a name).
    public static func literals(in text: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var i = text.startIndex
        var previous: Character?
        while i < text.endIndex {
            let c = text[i]
            let startsNumber = (c.isASCII && c.isNumber) || (c == "." && text.index(after: i) < text.endIndex && text[text.index(after: i)].isNumber)
            if startsNumber && !(previous.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) {
                var j = i
                while j < text.endIndex, text[j].isASCII && (text[j].isNumber || text[j] == ".") { j = text.index(after: j) }
                // An exponent: e or E, an optional sign, digits.
                if j < text.endIndex, text[j] == "e" || text[j] == "E" {
                    var k = text.index(after: j)
                    if k < text.endIndex, text[k] == "+" || text[k] == "-" { k = text.index(after: k) }
                    if k < text.endIndex, text[k].isNumber {
                        while k < text.endIndex, text[k].isNumber { k = text.index(after: k) }
                        j = k
                    }
                }
                found.append(i..<j)
                previous = text[text.index(before: j)]
                i = j
                continue
            }
            previous = c
            i = text.index(after: i)
        }
        return found
    }
}

public struct TemplateError: Error, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
