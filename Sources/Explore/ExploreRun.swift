import GameSeam
import MonteCarlo

/// What the page asks to play: the design with `edits` beside the design as written, `games`
/// games of lineup `lineup` on the same seeds.
public struct ExploreRunRequest: Sendable, Codable, Hashable {
    public var edits: [ExploreEdit]
    /// An index into ``ExploreDesign/lineups``.
    public var lineup: Int
    public var games: Int
    public var seed: UInt64

    public init(edits: [ExploreEdit], lineup: Int = 0, games: Int, seed: UInt64 = 1) {
        self.edits = edits
        self.lineup = lineup
        self.games = games
        self.seed = seed
    }
}

/// An edit the design cannot take, said beside its field; `name` nil for a problem of the edits
/// together (a rule two values break or mend only together).
public struct ExploreProblem: Error, Sendable, Codable, Hashable {
    public var name: String?
    public var message: String

    public init(name: String?, message: String) {
        self.name = name
        self.message = message
    }
}

/// The numbers of a run so far: each lineup metric of both designs with its interval, and each
/// per-game metric's paired difference (edited − design, game by game on the same seeds) with
/// its interval. Streamed after every block of games; the last one is the run's result.
public struct ExploreBlock: Sendable, Codable, Hashable {
    public struct Row: Sendable, Codable, Hashable {
        public var metric: String
        /// nil where the games give no value.
        public var design: MetricEstimate?
        public var edited: MetricEstimate?
    }

    public struct Difference: Sendable, Codable, Hashable {
        public var metric: String
        /// The metric's mean over each design's games.
        public var design: Double
        public var edited: Double
        public var mean: Double
        public var lower: Double
        public var upper: Double
        /// The interval excludes 0: the edits moved the metric.
        public var significant: Bool
    }

    /// The commands that print these numbers: `simulate` of each design (this lineup among the
    /// design's), on the same seed and games.
    public struct Commands: Sendable, Codable, Hashable {
        public var design: String
        public var edited: String
        /// Why the edited command's numbers are not the page's, where they are not: the edits
        /// renamed the lineup, whose games `simulate` then plays from seeds of its own.
        public var note: String?

        public init(design: String, edited: String, note: String? = nil) {
            self.design = design
            self.edited = edited
            self.note = note
        }
    }

    /// The game's curves of the lineup's games (``GameSeam/GameCurve``) for each design, in the
    /// game's order; none for a game that draws none.
    public struct Curves: Sendable, Codable, Hashable {
        public var design: [GameCurve]
        public var edited: [GameCurve]
    }

    /// The lineup played, as the design names it ("4 × casual"), and as the edited design does
    /// where that differs ("4 × casual → 5 × casual").
    public var lineup: String
    public var games: Int
    public var requested: Int
    public var confidence: Double
    public var rows: [Row]
    public var differences: [Difference]
    public var curves: Curves
    public var commands: Commands
    /// Every game requested is in: the run's result.
    public var final: Bool
}

/// How a run ended.
public enum ExploreRunEnd: String, Sendable, Codable {
    /// Every game played; the last block is the result.
    case complete
    /// Stopped by a newer edit, a closed page or the server stopping.
    case cancelled
    /// The edits or the request were refused before any game (``ExploreProblem``s).
    case refused
}
