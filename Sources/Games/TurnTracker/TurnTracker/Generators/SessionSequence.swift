import Randomness

/// One step of a session as the app shows it: a phase of a round, and whose turn it is.
public struct SessionStep: Sendable, Hashable {
    public enum Turn: Sendable, Hashable {
        /// Co-op: every player plays their own turn of the phase at once; the last ready moves on (TT12).
        case everyone
        /// Co-op, a symmetric phase: the players act together; one ready moves on (TT12).
        case together
        /// Versus: this player's turn; their ready passes it on (TT13).
        case player(Int)
    }

    /// Counted from 0.
    public var round: Int
    public var phase: Int
    public var turn: Turn

    public init(round: Int, phase: Int, turn: Turn) {
        self.round = round
        self.phase = phase
        self.turn = turn
    }
}

/// The sequence of phases and turns of a session (issue 19): the app's game view walked from its
/// start by the ready presses that end each step (``TrackerApp``), so that a session is played in
/// exactly the order the app would show it. The number of rounds is drawn first, uniformly from
/// `rounds`.
public struct SessionSequence: TrackerGenerator {
    public var game: TrackedGame
    public var players: Int
    public var rounds: ClosedRange<Int>

    public init(game: TrackedGame, players: Int, rounds: ClosedRange<Int>) {
        self.game = game
        self.players = players
        self.rounds = rounds
    }

    public var summary: String {
        let count = rounds.count == 1 ? "\(rounds.lowerBound) rounds" : "\(rounds.lowerBound) to \(rounds.upperBound) rounds (one drawn)"
        return "\(game.name) for \(players) player\(players == 1 ? "" : "s"): \(count) of \(game.phases.count) phase\(game.phases.count == 1 ? "" : "s"), as the app moves through them"
    }

    /// The rounds drawn and every step, in order. Every draw is one value of the source.
    public func generate(_ random: inout RandomSource) -> (rounds: Int, steps: [SessionStep]) {
        let count = rounds.lowerBound + random.uniform(below: rounds.count)
        return (count, steps(rounds: count))
    }

    /// Every step of `count` rounds, from the app's state machine.
    public func steps(rounds count: Int) -> [SessionStep] {
        let app = TrackerApp(game: game, players: players)
        var state = app.start
        var steps: [SessionStep] = []
        while state.round < count {
            let phase = game.phases[state.phase]
            let step: SessionStep
            let presses: [Press]
            switch game.mode {
            case .versus:
                step = SessionStep(round: state.round, phase: state.phase, turn: .player(state.turn))
                presses = [.ready(player: state.turn)]
            case .coop where phase.symmetric:
                step = SessionStep(round: state.round, phase: state.phase, turn: .together)
                presses = [.ready(player: 0)]
            case .coop:
                step = SessionStep(round: state.round, phase: state.phase, turn: .everyone)
                presses = (0..<players).map { .ready(player: $0) }
            }
            steps.append(step)
            let before = state
            for press in presses { state = app.apply(press, to: state) }
            // The app always moves on from a finished step; were it not to, the session ends here
            // rather than never (TT6 reports such a game).
            if state == before { break }
        }
        return steps
    }
}
