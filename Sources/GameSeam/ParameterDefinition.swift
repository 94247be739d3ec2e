/// A number or choice of a game's design that `--set` changes and `sweep` varies, with its
/// documented effect.
public struct ParameterDefinition: Sendable, Hashable, Codable {
    public enum Values: Sendable, Hashable, Codable {
        /// Whole numbers in a range.
        case integers(ClosedRange<Int>)
        /// One of these words.
        case choices([String])
    }

    /// How `--set` names it ("playouts").
    public var name: String
    public var values: Values
    /// What changing it does to the games, in a sentence.
    public var effect: String

    public init(name: String, values: Values, effect: String) {
        self.name = name
        self.values = values
        self.effect = effect
    }

    /// The value `text` as this parameter takes it, or why not.
    public func check(_ text: String) -> String? {
        switch values {
        case .integers(let range):
            guard let n = Int(text), range.contains(n) else { return "\(name) takes a whole number in \(range.lowerBound)...\(range.upperBound), not '\(text)'" }
            return nil
        case .choices(let choices):
            return choices.contains(text) ? nil : "\(name) is one of \(choices.joined(separator: ", ")), not '\(text)'"
        }
    }

    /// The values for help: "1...100000" or "first | any".
    public var domain: String {
        switch values {
        case .integers(let range): "\(range.lowerBound)...\(range.upperBound)"
        case .choices(let choices): choices.joined(separator: " | ")
        }
    }
}
