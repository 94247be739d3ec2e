/// The app's state machine explored exhaustively to a bounded depth of button presses (issue 19):
/// every sequence of presses from the session's start, looking for one that skips a phase or a
/// turn. A step forward must be one phase (co-op, once every player is ready or by a symmetric
/// phase's ready) or one turn (versus, by the player in turn); a step back one phase or turn.
public enum TurnExploration {
    /// A sequence of presses that breaks the rules, and what it broke.
    public struct Skip: Sendable, Hashable {
        public var presses: [Press]
        public var problem: String
    }

    /// What the exploration found.
    public struct Result: Sendable, Hashable {
        /// Distinct states reached.
        public var states: Int
        /// Phases of a round never reached: a session could never be tracked through them.
        public var unreachedPhases: [Int]
        /// The first sequence found for each kind of problem.
        public var skips: [Skip]
    }

    /// Every sequence of up to `depth` presses of `app` (breadth first, each state once), each
    /// step judged by the rules above; `step` is the transition explored (the app's own by
    /// default: tests hand in a broken one to see it caught).
    public static func explore(
        _ app: TrackerApp, depth: Int, step: ((Press, TrackerState) -> TrackerState)? = nil
    ) -> Result {
        let step = step ?? { app.apply($0, to: $1) }
        var seen: Set<TrackerState> = [app.start]
        var frontier: [(TrackerState, [Press])] = [(app.start, [])]
        var skips: [String: Skip] = [:]
        var phases = Set([0])
        for _ in 0..<max(depth, 0) {
            var next: [(TrackerState, [Press])] = []
            for (state, presses) in frontier {
                for press in app.enabled(state) {
                    let after = step(press, state)
                    phases.insert(after.phase)
                    if let problem = judge(app, press, state, after), skips[problem] == nil {
                        skips[problem] = Skip(presses: presses + [press], problem: problem)
                    }
                    if seen.insert(after).inserted { next.append((after, presses + [press])) }
                }
            }
            frontier = next
        }
        let unreached = app.game.phases.indices.filter { !phases.contains($0) }
        return Result(states: seen.count, unreachedPhases: unreached, skips: skips.keys.sorted().map { skips[$0]! })
    }

    /// What is wrong with the step from `before` to `after` by `press`, or nil.
    static func judge(_ app: TrackerApp, _ press: Press, _ before: TrackerState, _ after: TrackerState) -> String? {
        let phases = app.game.phases.count, players = app.players
        func position(_ s: TrackerState) -> Int {
            app.game.mode == .versus ? (s.round * phases + s.phase) * players + s.turn : s.round * phases + s.phase
        }
        let moved = position(after) - position(before)
        switch press {
        case .back:
            if position(before) == 0 { return moved == 0 ? nil : "back in the first phase moved the session \(moved) steps" }
            return moved == -1 ? nil : "back moved \(moved) steps, not one back"
        case .ready(let player):
            if moved == 0 { return nil }
            if moved != 1 { return "ready moved \(moved) steps, not one" }
            switch app.game.mode {
            case .versus:
                return player == before.turn ? nil : "player \(player + 1) passed the turn of player \(before.turn + 1)"
            case .coop:
                if app.game.phases[before.phase].symmetric { return nil }
                var ready = before.ready
                ready[player].toggle()
                return ready.allSatisfy { $0 } ? nil : "a phase ended before every player was ready"
            }
        }
    }
}
