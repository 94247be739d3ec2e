/// How a design is moved to see which of its parameters matter (`sensitivity`): each parameter
/// moved down and up alone, the designs made by each move, and how to describe them.
public struct ParameterMoves<Playable: Sendable>: Sendable {
    /// One parameter moved down and up, or why it cannot be.
    public struct Move: Sendable {
        public var name: String
        /// Its value as the design writes it, and the two it is moved to.
        public var current: String
        public var low: String
        public var high: String
        /// The design with each move; nil when the move makes no design (``reason`` says why).
        public var designs: (low: Playable, high: Playable)?
        public var reason: String?
        /// How much each move changes the values the games play, as a fraction (−0.5 for 2 → 1);
        /// nil where that is not one number. The elasticities rest on it.
        public var lowChange: Double?
        public var highChange: Double?
        /// What else a reader should know of this move ("moves the difficulty ramp (M3)").
        public var note: String?

        public init(
            name: String, current: String, low: String, high: String, designs: (low: Playable, high: Playable)?, reason: String? = nil,
            lowChange: Double? = nil, highChange: Double? = nil, note: String? = nil
        ) {
            self.name = name
            self.current = current
            self.low = low
            self.high = high
            self.designs = designs
            self.reason = reason
            self.lowChange = lowChange
            self.highChange = highChange
            self.note = note
        }
    }

    public var moves: [Move]
    /// How every parameter was moved, in a clause ("each parameter moved down and up alone
    /// (numbers −10% and +10%)").
    public var sentence: String
    /// What a moved thing is called in tables ("parameter", "player assumption").
    public var noun: String
    /// What the tables' numbers mean beyond the effects, for the end of the text; nil for nothing.
    public var explanation: String?

    public init(moves: [Move], sentence: String, noun: String = "parameter", explanation: String? = nil) {
        self.moves = moves
        self.sentence = sentence
        self.noun = noun
        self.explanation = explanation
    }
}
