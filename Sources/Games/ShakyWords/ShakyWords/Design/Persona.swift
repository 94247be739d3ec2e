/// How a modelled team plays a question (SW12). Every number is this project's assumption, not
/// the seed document's: it reports no playtest timings. Fit them to a playtest, or sweep them.
public struct Persona: Sendable, Hashable {
    public var name: String
    /// Mean seconds to find the answer of each difficulty level (index 0 is level 1) for an
    /// answer of ``Rules/referenceLength`` letters with no letter in place: the team's solving
    /// is a constant-rate race (exponential times) while the letters stay as they are.
    public var solveSeconds: [Double]
    /// How the mean time grows with the answer's length: × (length / referenceLength)^exponent.
    public var lengthExponent: Double
    /// How much a letter in place speeds the team up: its rate is × (1 + hintSpeedup × the
    /// share of letters in place); with every letter in place it reads the answer at once.
    public var hintSpeedup: Double
    /// The chance of mistyping each letter of the answer (SW10).
    public var typoChance: Double
    /// The chance that, when another team indicates first, this team indicates too without an
    /// answer, to keep its turn, and goes on thinking until its answer time ends (SW11).
    public var bluffChance: Double
    /// Seconds without progress (since the question appeared or the last shake) after which the
    /// team shakes the device (SW9); nil: it never shakes.
    public var shakeAfter: Double?
    /// Seconds to type each letter of the answer (SW7: answering has ``Rules/answerTime``).
    public var typingSeconds: Double

    public init(
        name: String, solveSeconds: [Double], lengthExponent: Double = 1, hintSpeedup: Double = 2, typoChance: Double = 0.02,
        bluffChance: Double = 0.1, shakeAfter: Double? = 15, typingSeconds: Double = 0.5
    ) {
        self.name = name
        self.solveSeconds = solveSeconds
        self.lengthExponent = lengthExponent
        self.hintSpeedup = hintSpeedup
        self.typoChance = typoChance
        self.bluffChance = bluffChance
        self.shakeAfter = shakeAfter
        self.typingSeconds = typingSeconds
    }
}
