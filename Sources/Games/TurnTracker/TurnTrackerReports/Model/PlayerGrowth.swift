import GameSeam
import TurnTracker

/// How a game's session length grows with its players (issue 19): the tables of one persona at
/// each player count, and the minutes an added player adds, by least squares over the medians.
public struct PlayerGrowth: Sendable, Encodable {
    public struct Point: Sendable, Encodable {
        public var players: Int
        public var table: String
        public var p10: Double
        public var p50: Double
        public var p90: Double
    }

    public var game: String
    public var mode: Mode
    public var persona: String
    public var points: [Point]
    /// Minutes each added player adds to the median session; nil under two player counts.
    public var minutesPerPlayer: Double?

    public init(game: String, mode: Mode, persona: String, points: [Point]) {
        self.game = game
        self.mode = mode
        self.persona = persona
        self.points = points.sorted { $0.players < $1.players }
        minutesPerPlayer = Self.slope(self.points.map { (Double($0.players), $0.p50) })
    }

    /// The least-squares slope of y on x; nil under two distinct x.
    static func slope(_ points: [(Double, Double)]) -> Double? {
        guard points.count >= 2 else { return nil }
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + $1.0 } / n, my = points.reduce(0) { $0 + $1.1 } / n
        let sxx = points.reduce(0) { $0 + ($1.0 - mx) * ($1.0 - mx) }
        guard sxx > 0 else { return nil }
        return points.reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) } / sxx
    }
}
