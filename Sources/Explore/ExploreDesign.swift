import GameSeam

/// What the explore page shows of a design before anything is played: every parameter the
/// game lets a command set, with its documented effect, its values and its value as the design
/// writes it; the lineups it plays; the metrics it measures. The page builds its controls from
/// this alone, so a game gets the page by implementing the seam (``GameSeam/ComparingGame``).
public struct ExploreDesign: Sendable, Codable, Hashable {
    public struct Parameter: Sendable, Codable, Hashable {
        public var name: String
        /// What changing it does to the games (``GameSeam/ParameterDefinition/effect``).
        public var effect: String
        /// "integers", "numbers" or "choices": which control suits it.
        public var kind: String
        /// The range of a number's values; nil for choices.
        public var lower: Double?
        public var upper: Double?
        /// The words a choice takes.
        public var choices: [String]?
        /// What else it takes besides its values ("an expression in diffLevel (C5)"): text that
        /// is not a number is then edited as text.
        public var expressions: String?
        /// Its value as the design writes it (an expression stays an expression); nil when the
        /// design has no one value of it.
        public var value: String?
        /// The range a slider spans: the values near the design's own, within ``lower`` and
        /// ``upper`` (a key whose limit is 10¹⁵ gets no slider across it).
        public var sliderLower: Double?
        public var sliderUpper: Double?
    }

    /// A number a game's statistics measure, as tables name it.
    public struct Metric: Sendable, Codable, Hashable {
        public var name: String
        public var summary: String
        /// "proportion", "mean" or "quantile".
        public var kind: String
        public var decimals: Int
        public var column: String?
    }

    public var game: String
    /// How messages name the design ("Designs/mygame").
    public var design: String
    /// What a lineup is called ("team", "matchup").
    public var lineupNoun: String
    public var lineups: [String]
    public var parameters: [Parameter]
    /// The metrics each lineup's games are measured on (the game's tables), and those every
    /// single game has a value of, whose paired differences the page shows.
    public var metrics: [Metric]
    public var gameMetrics: [Metric]
    /// How the design plays every game, where it says more than the game's name.
    public var playedAs: String?
    /// Games a run plays unless the page asks for more, and the most it may ask for.
    public var games: Int
    public var maxGames: Int
    public var seed: UInt64
    /// The seed as its digits, what the page keeps: a JavaScript number holds whole numbers
    /// exactly only up to 2^53.
    public var seedText: String
    /// The lineup the page opens with (an index into ``lineups``; `explore --edits`).
    public var lineup: Int
    /// Edits the page opens with (`explore --edits`), in the order the parameters are listed.
    public var edits: [ExploreEdit]
    /// Where "save as" writes the edited design (`explore --save-to`); nil: the page offers no
    /// saving.
    public var saveTo: String?
}

extension ExploreDesign.Parameter {
    init(_ definition: ParameterDefinition, value: String?) {
        name = definition.name
        effect = definition.effect
        expressions = definition.expressions
        self.value = value
        switch definition.values {
        case .integers(let range):
            kind = "integers"
            (lower, upper) = (Double(range.lowerBound), Double(range.upperBound))
        case .numbers(let range):
            kind = "numbers"
            (lower, upper) = (range.lowerBound, range.upperBound)
        case .choices(let words):
            kind = "choices"
            choices = words
        }
        if let lower, let upper, let x = value.flatMap(Double.init), x.isFinite {
            (sliderLower, sliderUpper) = Self.sliderRange(around: x, within: lower...upper, integral: kind == "integers")
        }
    }

    /// From a quarter of the value to four times it (0 to 10 around 0, the sign kept), cut to the
    /// parameter's range: wide enough to see a curve move, narrow enough that a slider's step is
    /// a value a designer would try.
    static func sliderRange(around x: Double, within range: ClosedRange<Double>, integral: Bool) -> (Double, Double) {
        var (low, high) = x == 0 ? (0.0, 10.0) : x > 0 ? (x / 4, x * 4) : (x * 4, x / 4)
        if integral { (low, high) = (low.rounded(.down), max(high.rounded(.up), x + 1)) }
        return (max(low, range.lowerBound), min(high, range.upperBound))
    }
}

extension ExploreDesign.Metric {
    init(_ definition: MetricDefinition) {
        name = definition.name
        summary = definition.summary
        kind = definition.kind.rawValue
        decimals = definition.decimals
        column = definition.column
    }
}
