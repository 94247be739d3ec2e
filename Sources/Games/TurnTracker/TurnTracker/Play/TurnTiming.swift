/// How one player's turn went (TT9, TT10): when their actions were done, when ready was pressed,
/// and whether they forgot it or the timer ran out.
public struct TurnTiming: Sendable, Hashable {
    public var player: Int
    /// Seconds from the turn's start to the player's last action.
    public var actions: Double
    /// Seconds from the turn's start to the ready press: later than ``actions`` when forgotten.
    public var ready: Double
    public var forgot: Bool
    /// The turn timer ran out before the ready press (TT9).
    public var expired: Bool

    public init(player: Int, actions: Double, ready: Double, forgot: Bool, expired: Bool) {
        self.player = player
        self.actions = actions
        self.ready = ready
        self.forgot = forgot
        self.expired = expired
    }
}

/// A step of a played session: when it began, how long it lasted, and each turn in it (none for
/// a symmetric phase).
public struct StepTiming: Sendable, Hashable {
    public var step: SessionStep
    public var start: Double
    public var seconds: Double
    public var turns: [TurnTiming]
}
