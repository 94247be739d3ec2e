/// Where a session is, as the app's game view shows it.
public struct TrackerState: Sendable, Hashable {
    /// Counted from 0.
    public var round: Int
    public var phase: Int
    /// Versus: the player in turn; co-op: 0.
    public var turn: Int
    /// Co-op: who has pressed ready in this phase.
    public var ready: [Bool]

    public init(round: Int, phase: Int, turn: Int, ready: [Bool]) {
        self.round = round
        self.phase = phase
        self.turn = turn
        self.ready = ready
    }
}

/// A button a player can press.
public enum Press: Sendable, Hashable, CustomStringConvertible {
    case ready(player: Int)
    case back

    public var description: String {
        switch self {
        case .ready(let player): "ready \(player + 1)"
        case .back: "back"
        }
    }
}

/// The app's game view as a state machine (seeds/000, "Being ready", "Going to next phase or
/// turn", "Going back to previous phase or turn"), for a game and a number of players.
///
/// - Co-op: ready toggles; the last player to press it moves the game to the next phase, and every
///   ready resets. In a symmetric phase players act together: one ready moves it on.
/// - Versus: only the player in turn can press; ready passes the turn to the next player; after the
///   last player, the next phase (the next round after the last phase).
/// - Back: co-op to the previous phase, versus to the previous player, every ready reset; in the
///   session's first phase and turn it only clears the readies (there is nothing before it).
public struct TrackerApp: Sendable {
    public var game: TrackedGame
    public var players: Int

    public init(game: TrackedGame, players: Int) {
        self.game = game
        self.players = players
    }

    public var start: TrackerState { TrackerState(round: 0, phase: 0, turn: 0, ready: Array(repeating: false, count: players)) }

    /// The buttons that do something in `state`.
    public func enabled(_ state: TrackerState) -> [Press] {
        let readies: [Press] = game.mode == .versus ? [.ready(player: state.turn)] : (0..<players).map { .ready(player: $0) }
        return readies + (state == start ? [] : [.back])
    }

    public func apply(_ press: Press, to state: TrackerState) -> TrackerState {
        var next = state
        switch (press, game.mode) {
        case (.ready(let player), .coop):
            if game.phases[state.phase].symmetric { return advancePhase(state) }
            next.ready[player].toggle()
            return next.ready.allSatisfy { $0 } ? advancePhase(next) : next
        case (.ready(let player), .versus):
            guard player == state.turn else { return state }
            if state.turn + 1 < players {
                next.turn += 1
                return next
            }
            return advancePhase(next)
        case (.back, _):
            // Nothing comes before the session's first phase and turn: back there only clears
            // the readies pressed in it.
            guard state.round > 0 || state.phase > 0 || state.turn > 0 else { return start }
            if game.mode == .versus, state.turn > 0 {
                next.turn -= 1
                return next
            }
            next.ready = Array(repeating: false, count: players)
            if state.phase > 0 {
                next.phase -= 1
            } else {
                next.round -= 1
                next.phase = game.phases.count - 1
            }
            next.turn = game.mode == .versus ? players - 1 : 0
            return next
        }
    }

    private func advancePhase(_ state: TrackerState) -> TrackerState {
        var next = state
        next.ready = Array(repeating: false, count: players)
        next.turn = 0
        if state.phase + 1 < game.phases.count {
            next.phase += 1
        } else {
            next.phase = 0
            next.round += 1
        }
        return next
    }
}
