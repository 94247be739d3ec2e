/// A game as the Turn Tracker app holds it (seeds/000, "Starting a new turn tracker"): its name,
/// whether players win together or against each other, how many may play, and its phases.
public struct TrackedGame: Sendable, Hashable {
    public var name: String
    public var mode: Mode
    public var players: ClosedRange<Int>
    /// The phases of a round, in order; a versus game usually has one (seeds/000: "most of
    /// versus games don't have phases").
    public var phases: [Phase]

    public init(name: String, mode: Mode, players: ClosedRange<Int>, phases: [Phase]) {
        self.name = name
        self.mode = mode
        self.players = players
        self.phases = phases
    }

    /// Whether players take turns of their own in `phase`: every phase of a versus game (the app
    /// passes the turn on every ready, TT4), a co-op phase unless it is symmetric (TT12).
    public func hasTurns(_ phase: Phase) -> Bool { mode == .versus || !phase.symmetric }
}

/// Co-operative (all win or lose together) or versus (one wins).
public enum Mode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Every player takes a turn in each phase; the last to press ready moves the game on.
    case coop
    /// Only the player in turn can press; ready passes the turn to the next player.
    case versus
}

/// A phase of a round: its name, whether players act together in it, and the actions a turn in
/// it holds (one toggle button each).
public struct Phase: Sendable, Hashable {
    public var name: String
    /// Players act together (an enemy A.I. turn): the phase has no individual turns.
    public var symmetric: Bool
    public var actions: [String]

    public init(name: String, symmetric: Bool = false, actions: [String]) {
        self.name = name
        self.symmetric = symmetric
        self.actions = actions
    }
}
