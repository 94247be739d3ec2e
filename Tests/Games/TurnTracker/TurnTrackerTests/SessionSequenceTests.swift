import Randomness
import Testing

@testable import TurnTracker

/// The session generator walks the app's game view (seeds/000): its steps are the phases and
/// turns of a session in the order the rules give them, written here as nested loops.
@Suite struct SessionSequenceTests {
    static let coop = TrackedGame(name: "C", mode: .coop, players: 1...4, phases: [
        Phase(name: "players", actions: ["move"]), Phase(name: "enemies", symmetric: true, actions: ["attack"]), Phase(name: "upkeep", actions: ["draw"]),
    ])
    static let versus = TrackedGame(name: "V", mode: .versus, players: 1...6, phases: [Phase(name: "turn", actions: ["draw", "play"])])

    @Test(arguments: 1...4)
    func aCoopSessionIsEveryPhaseOfEveryRound(players: Int) {
        let steps = SessionSequence(game: Self.coop, players: players, rounds: 3...3).steps(rounds: 3)
        var expected: [SessionStep] = []
        for round in 0..<3 {
            for (phase, p) in Self.coop.phases.enumerated() { expected.append(SessionStep(round: round, phase: phase, turn: p.symmetric ? .together : .everyone)) }
        }
        #expect(steps == expected)
    }

    @Test(arguments: 1...6)
    func aVersusSessionIsEveryPlayersTurnOfEveryRound(players: Int) {
        let steps = SessionSequence(game: Self.versus, players: players, rounds: 2...2).steps(rounds: 2)
        var expected: [SessionStep] = []
        for round in 0..<2 {
            for player in 0..<players { expected.append(SessionStep(round: round, phase: 0, turn: .player(player))) }
        }
        #expect(steps == expected)
    }

    /// A versus game's symmetric flag changes nothing in the app (TT4): every player still takes a turn.
    @Test func aVersusGamesSymmetricPhaseStillPassesTheTurn() {
        let game = TrackedGame(name: "V", mode: .versus, players: 2...2, phases: [Phase(name: "all", symmetric: true, actions: ["go"])])
        #expect(SessionSequence(game: game, players: 2, rounds: 1...1).steps(rounds: 1).map(\.turn) == [.player(0), .player(1)])
    }

    @Test func theRoundsAreDrawnFromTheRange() {
        var random = RandomSource(seed: 5)
        let generator = SessionSequence(game: Self.coop, players: 2, rounds: 4...9)
        let counts = (0..<600).map { _ in generator.generate(&random).rounds }
        #expect(Set(counts) == Set(4...9))
        var again = RandomSource(seed: 5)
        let session = generator.generate(&again)
        #expect(session.rounds == counts[0] && session.steps.count == counts[0] * 3)
    }
}
