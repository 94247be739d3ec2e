/// An Andora design: the rule variants to compare and the matchups to play them with
/// (`Designs/andora/Andora.plist`, read by ``DesignReader``).
public struct Design: Sendable, Hashable {
    /// A named rule variant.
    public struct Variant: Sendable, Hashable, Codable {
        public var name: String
        public var rules: Rules

        public init(name: String, rules: Rules) {
            self.name = name
            self.rules = rules
        }
    }

    /// At least one, names distinct.
    public var variants: [Variant]
    /// The matchups `simulate` plays when none is named on the command line; at least one.
    public var matchups: [Matchup]

    public init(variants: [Variant], matchups: [Matchup]) {
        self.variants = variants
        self.matchups = matchups
    }
}
