import MonteCarlo

/// A curve a game draws of one lineup's games along its course (after each round, each turn):
/// what `explore` overlays for a design and its edited self. A curve holds one or more lines
/// (money's 10th, 50th and 90th percentiles), each a point per step with its interval where the
/// game has one.
public struct GameCurve: Sendable, Hashable, Codable {
    public struct Point: Sendable, Hashable, Codable {
        public var x: Double
        public var y: Double
        /// The interval of `y` at the run's confidence, where the game gives one.
        public var lower: Double?
        public var upper: Double?

        public init(x: Double, y: Double, lower: Double? = nil, upper: Double? = nil) {
            self.x = x
            self.y = y
            self.lower = lower
            self.upper = upper
        }
    }

    public struct Line: Sendable, Hashable, Codable {
        /// How the legend names it ("p10"); the curve's name for its only line.
        public var name: String
        /// In the order of x; a step the games give no value at has no point.
        public var points: [Point]

        public init(name: String, points: [Point]) {
            self.name = name
            self.points = points
        }
    }

    /// An id the page and its tests find it by ("alive").
    public var name: String
    /// What it shows, in a phrase ("teams still in the game after each round (P5)").
    public var title: String
    /// What x and y count ("round", "money").
    public var xLabel: String
    public var yLabel: String
    /// Shares (0.4 for 40%) are drawn as percentages from 0 to 100%; means as they are.
    public var kind: MetricDefinition.Kind
    public var decimals: Int
    public var lines: [Line]

    public init(name: String, title: String, xLabel: String, yLabel: String, kind: MetricDefinition.Kind, decimals: Int = 0, lines: [Line]) {
        self.name = name
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.kind = kind
        self.decimals = decimals
        self.lines = lines
    }
}

extension PlayableGame {
    public func curves(of statistics: Statistics, lineup: Int, in playable: Playable, confidence: Confidence) -> [GameCurve] { [] }
}
