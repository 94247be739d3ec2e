import Testing

@testable import TurnTracker

/// The app's state machine (seeds/000) explored to a bounded depth: the app's own rules skip no
/// phase and no turn, and a transition that does is caught with the presses that show it.
@Suite struct TurnExplorationTests {
    static func game(_ mode: Mode, phases: [Phase], players: ClosedRange<Int> = 1...4) -> TrackedGame {
        TrackedGame(name: "test", mode: mode, players: players, phases: phases)
    }

    static let coop = game(.coop, phases: [Phase(name: "players", actions: ["move", "attack"]), Phase(name: "enemies", symmetric: true, actions: ["resolve"]), Phase(name: "upkeep", actions: ["draw"])])
    static let versus = game(.versus, phases: [Phase(name: "turn", actions: ["draw", "play"])])

    @Test(arguments: 1...4)
    func theAppSkipsNothing(players: Int) {
        for game in [Self.coop, Self.versus] {
            let result = TurnExploration.explore(TrackerApp(game: game, players: players), depth: 12)
            #expect(result.skips.isEmpty, "\(game.mode), \(players) players: \(result.skips)")
            #expect(result.unreachedPhases.isEmpty)
            #expect(result.states > 1)
        }
    }

    /// A co-op round of P phases with N players takes N presses a phase with individual turns and
    /// one a symmetric phase: 2 · 3 + 1 = 7 presses for the test game with 3 players.
    @Test func aCoopRoundTakesOneReadyAPlayerAPhase() {
        let app = TrackerApp(game: Self.coop, players: 3)
        var state = app.start
        var presses = 0
        while state.round == 0 {
            let press = app.enabled(state).first { if case .ready(let p) = $0 { return !state.ready[p] } else { return false } }!
            state = app.apply(press, to: state)
            presses += 1
        }
        #expect(presses == 7)
        #expect(state == TrackerState(round: 1, phase: 0, turn: 0, ready: [false, false, false]))
        // Ready pressed twice is not ready (it toggles): the phase waits.
        var toggled = app.apply(.ready(player: 0), to: app.start)
        toggled = app.apply(.ready(player: 0), to: toggled)
        #expect(toggled == app.start)
    }

    @Test func aVersusRoundPassesTheTurnThenBack() {
        let app = TrackerApp(game: Self.versus, players: 3)
        var state = app.start
        for expected in [1, 2] {
            state = app.apply(.ready(player: state.turn), to: state)
            #expect(state.turn == expected && state.round == 0)
        }
        state = app.apply(.ready(player: 2), to: state)
        #expect(state.round == 1 && state.turn == 0)
        state = app.apply(.back, to: state)
        #expect(state.round == 0 && state.turn == 2)
        #expect(app.enabled(state) == [.ready(player: 2), .back])
    }

    @Test func aPhaseThatEndsOnOneReadyIsCaught() {
        let app = TrackerApp(game: Self.coop, players: 2)
        let result = TurnExploration.explore(app, depth: 4) { press, state in
            var next = state
            if case .ready = press { next.phase = (state.phase + 1) % 3; if next.phase == 0 { next.round += 1 }; return next }
            return app.apply(press, to: state)
        }
        let skip = result.skips.first { $0.problem == "a phase ended before every player was ready" }
        #expect(skip?.presses == [.ready(player: 0)])
    }

    @Test func aReadyThatMovesTwoPhasesIsCaught() {
        let app = TrackerApp(game: Self.coop, players: 1)
        let result = TurnExploration.explore(app, depth: 3) { press, state in
            let once = app.apply(press, to: state)
            guard case .ready = press, once.phase != state.phase || once.round != state.round else { return once }
            return app.apply(press, to: once)
        }
        #expect(result.skips.contains { $0.problem == "ready moved 2 steps, not one" })
    }

    @Test func aBackThatDoesNothingIsCaught() {
        let app = TrackerApp(game: Self.versus, players: 2)
        let result = TurnExploration.explore(app, depth: 3) { press, state in press == .back ? state : app.apply(press, to: state) }
        let skip = result.skips.first { $0.problem == "back moved 0 steps, not one back" }
        #expect(skip?.presses == [.ready(player: 0), .back])
    }

    /// Too shallow an exploration says which phases it never reached. (Before back was bounded
    /// at the first phase, "ready, back" reached phase 2 of round −1: the exploration found it.)
    @Test func phasesBeyondTheDepthAreReported() {
        let result = TurnExploration.explore(TrackerApp(game: Self.coop, players: 3), depth: 2)
        #expect(result.unreachedPhases == [1, 2])
        #expect(result.skips.isEmpty)
    }

    /// Back in the first phase clears its readies and goes nowhere; the exploration holds the app
    /// to it.
    @Test func backInTheFirstPhaseGoesNowhere() {
        let app = TrackerApp(game: Self.coop, players: 2)
        #expect(app.apply(.back, to: app.apply(.ready(player: 1), to: app.start)) == app.start)
        let result = TurnExploration.explore(app, depth: 3) { press, state in
            guard press == .back, state.round == 0, state.phase == 0 else { return app.apply(press, to: state) }
            return TrackerState(round: -1, phase: 2, turn: 0, ready: [false, false])
        }
        #expect(result.skips.contains { $0.problem == "back in the first phase moved the session -1 steps" })
    }
}
