/// A number or choice of a game's design that `--set` changes and `sweep` varies, with its
/// documented effect.
public struct ParameterDefinition: Sendable, Hashable, Codable {
    public enum Values: Sendable, Hashable, Codable {
        /// Whole numbers in a range.
        case integers(ClosedRange<Int>)
        /// Numbers in a range, fractions too.
        case numbers(ClosedRange<Double>)
        /// One of these words.
        case choices([String])
    }

    /// How `--set` names it ("playouts").
    public var name: String
    public var values: Values
    /// What changing it does to the games, in a sentence.
    public var effect: String
    /// What else it takes besides its values, when it takes more ("an expression in diffLevel
    /// (C5)"): text that is not a number then goes to the game, which reads it or says why not.
    public var expressions: String?

    public init(name: String, values: Values, effect: String, expressions: String? = nil) {
        self.name = name
        self.values = values
        self.effect = effect
        self.expressions = expressions
    }

    /// The value `text` as this parameter takes it, or why not.
    public func check(_ text: String) -> String? {
        if expressions != nil, Double(text) == nil { return nil }
        switch values {
        case .integers(let range):
            guard let n = Int(text), range.contains(n) else { return "\(name) takes a whole number in \(range.lowerBound)...\(range.upperBound), not '\(text)'" }
            return nil
        case .numbers(let range):
            guard let x = Double(text), x.isFinite, range.contains(x) else { return "\(name) takes a number in \(Self.number(range.lowerBound))...\(Self.number(range.upperBound)), not '\(text)'" }
            return nil
        case .choices(let choices):
            return choices.contains(text) ? nil : "\(name) is one of \(choices.joined(separator: ", ")), not '\(text)'"
        }
    }

    /// Whether its values are numbers (whole or not), which `tune` can search.
    public var isNumeric: Bool {
        if case .choices = values { return false }
        return true
    }

    /// Whether only whole numbers are its values.
    public var isIntegral: Bool {
        if case .integers = values { return true }
        return false
    }

    /// Its values as a range of numbers; nil for choices.
    public var numericRange: ClosedRange<Double>? {
        switch values {
        case .integers(let range): Double(range.lowerBound)...Double(range.upperBound)
        case .numbers(let range): range
        case .choices: nil
        }
    }

    static func number(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)" }

    /// The values for help: "1...100000" or "first | any".
    public var domain: String {
        switch values {
        case .integers(let range): "\(range.lowerBound)...\(range.upperBound)"
        case .numbers(let range): "\(Self.number(range.lowerBound))...\(Self.number(range.upperBound)) (fractions too)"
        case .choices(let choices): choices.joined(separator: " | ")
        }
    }
}
