/// What one played session came to (TT12–TT14).
public struct SessionRecord: Sendable, Hashable {
    /// Seconds from the first phase's start to the last ready.
    public var seconds: Double
    public var rounds: Int
    /// Each seat's seconds of its own actions and of symmetric phases played together (TT14).
    public var acting: [Double]
    /// Each turn's seconds from its start to its last action, in the order played.
    public var turnSeconds: [Double]
    /// Whether a turn timer ran (TT9): without one, no turn can expire and expiries say nothing.
    public var timed: Bool
    public var expiries: Int
    public var forgotten: Int
    /// Each phase's seconds over the session, in the game's order of phases.
    public var phaseSeconds: [Double]
    /// Every step as played, when asked for (a replay); empty otherwise.
    public var steps: [StepTiming]

    /// Each seat's share of the session spent waiting: every second not playing their own
    /// actions (TT14); 0 in a session of no time.
    public var waitingShare: [Double] {
        acting.map { seconds > 0 ? max(0, 1 - $0 / seconds) : 0 }
    }
}
