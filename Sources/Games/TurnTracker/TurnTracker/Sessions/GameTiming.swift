import Expressions

/// What a simulation needs of a game that the app does not hold (TT7–TT9): how many rounds a
/// session plays, how long each action takes, and the turn timer, if any. Read from
/// `Sessions.plist`, so that `Games.plist` stays as the app holds it.
public struct GameTiming: Sendable {
    /// The rounds of a session (TT7).
    public enum Rounds: Sendable {
        /// Always this many.
        case fixed(Int)
        /// Uniformly one of these, drawn for each session.
        case range(ClosedRange<Int>)
        /// A number of `players`, rounded up (a deck of 71 tiles shared out: `71 / players`).
        case expression(Expression)

        /// The variables a rounds expression may name.
        public static let scope = VariableScope(["players"])

        /// The rounds a session of `players` players may have; nil when an expression gives no
        /// whole number in 1...``most`` (the check refuses such a design).
        public func range(players: Int) -> ClosedRange<Int>? {
            switch self {
            case .fixed(let n): return n...n
            case .range(let range): return range
            case .expression(let e):
                let x = e.evaluate(["players": Double(players)]).rounded(.up)
                guard x.isFinite, x >= 1, x <= Double(Rounds.most) else { return nil }
                return Int(x)...Int(x)
            }
        }

        /// The most rounds a session may have: enough for any board game, few enough that a
        /// session is always quick to play.
        public static let most = 1000

        /// As the design writes it.
        public var text: String {
            switch self {
            case .fixed(let n): "\(n)"
            case .range(let range): "\(range.lowerBound) to \(range.upperBound)"
            case .expression(let e): e.source
            }
        }
    }

    public var rounds: Rounds
    /// Seconds a player's turn may take before the timer runs out (TT9); nil for no timer.
    public var turnTimer: Double?
    /// Each phase's actions' times, in the game's order of phases and actions (TT8).
    public var actionTimes: [[TimeDistribution]]

    public init(rounds: Rounds, turnTimer: Double? = nil, actionTimes: [[TimeDistribution]]) {
        self.rounds = rounds
        self.turnTimer = turnTimer
        self.actionTimes = actionTimes
    }
}
