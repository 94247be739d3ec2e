import Diagnostics
import RelentlessGeneration
import MonteCarlo
import Relentless
import RelentlessSimulation

/// How Relentless's `sensitivity` moves a design (the shared engine plays the moves game by game
/// on the design's seeds, paired): each parameter the design sets moved down and up alone, or
/// each assumption of the team's personas for every player at once.
///
/// A number is multiplied by 0.9 and 1.1; an expression is wrapped, `0.9 * (expr)`. A key that
/// takes whole values (C7) steps to the next whole value it plays, so a small value still moves.
public enum Sensitivity {
    /// A parameter's two moves, made by ``parameterMoves(_:players:step:startDifficulty:alsoUsed:)``,
    /// or why it cannot be moved.
    public struct DesignMove: Sendable {
        public var key: String
        public var current: String
        public var low: String
        public var high: String
        /// The design moved down and up; nil with ``reason``.
        public var designs: (low: Design, high: Design)?
        public var reason: String?
        /// How much each move changes the values the game plays (after C7's ceiling), as a
        /// fraction: the mean over the difficulties a game reaches; nil where not measurable.
        public var lowChange: Double?
        public var highChange: Double?
        /// The key moves the difficulty ramp itself (M3), so every difficulty's values shift.
        public var movesRamp = false
    }

    /// A persona parameter's two moves for the whole team (``personaMoves(_:step:)``).
    public struct TeamMove: Sendable {
        public var key: String
        public var current: String
        public var low: String
        public var high: String
        public var teams: (low: [Persona], high: [Persona])
    }

    /// Every key `design` sets, moved alone by `step`; a move that breaks a rule (a team of
    /// `players` outside the range, a start outside the moved ramp) is one not made, with why.
    ///
    /// - Parameter startDifficulty: where every game starts (M3); nil for each one's minimum.
    public static func parameterMoves(
        _ design: Design, players: Int, step: Double, startDifficulty: Double?, alsoUsed: Set<ParameterKey>
    ) -> [DesignMove] {
        ParameterKey.allCases.compactMap { key -> DesignMove? in
            guard let entry = design.parameters.entries[key] else { return nil }
            let (low, high) = moves(entry, key: key, step: step)
            var move = DesignMove(key: key.rawValue, current: entry.text, low: low, high: high)
            move.movesRamp = key == .minDifficultyLevel || key == .maxDifficultyLevel || key == .difficultyChange
            if case .number(0) = entry.value {
                move.reason = "0 moved by a fraction is still 0"
                return move
            }
            func moved(_ text: String) throws(Unplayable) -> Design {
                var moved = design
                do throws(ParameterValueError) { moved.parameters.entries[key] = try Parameters.entry(text, for: key) } catch { throw Unplayable("\(text): \(error.message)") }
                if let why = StartDifficulty.unplayable(startDifficulty, moved.parameters, alsoUsed: alsoUsed) { throw Unplayable("\(text) \(why)") }
                if let sizes = moved.parameters.teamSizes, !sizes.contains(players) { throw Unplayable("\(text) excludes a team of \(players)") }
                return moved
            }
            do throws(Unplayable) {
                move.designs = (try moved(low), try moved(high))
            } catch {
                move.reason = error.reason
            }
            if key.usesOrderVariables {
                (move.lowChange, move.highChange) = (-step, step)
            } else {
                move.lowChange = playedChange(key, to: low, in: design.parameters, players: players, startDifficulty: startDifficulty)
                move.highChange = playedChange(key, to: high, in: design.parameters, players: players, startDifficulty: startDifficulty)
            }
            return move
        }
    }

    /// The two moves of a key: a number ×(1 ∓ step), an expression wrapped. A key the game
    /// plays in whole numbers (C7) steps to the next whole value it actually plays below and
    /// above, so ±10% of 2 is 1 and 3 (−50%, +50%), not 1.8 and 2.2, which it would play as 2
    /// and 3.
    public static func moves(_ entry: Parameters.Entry, key: ParameterKey, step: Double) -> (low: String, high: String) {
        guard key.isIntegral, case .number(let n) = entry.value, n.isFinite else {
            return (scaled(entry, by: 1 - step), scaled(entry, by: 1 + step))
        }
        let played = n.rounded(.up)
        let down = (n * (1 - step)).rounded(.up), up = (n * (1 + step)).rounded(.up)
        let low = down < played ? down : played - 1
        let high = up > played ? up : played + 1
        return (low.designerText, high.designerText)
    }

    /// The mean relative change of the values `key` takes in play (C7's ceiling applied) at the
    /// difficulties of the design's ramp, when set to `text`. Nil when the base value is 0
    /// somewhere, the text is not a value, or the key is a satisfaction change (which has no
    /// value of its own; its move scales it as a whole).
    public static func playedChange(_ key: ParameterKey, to text: String, in parameters: Parameters, players: Int, startDifficulty: Double?) -> Double? {
        guard let entry = try? Parameters.entry(text, for: key) else { return nil }
        var moved = parameters
        moved.entries[key] = entry
        guard !key.usesOrderVariables else { return nil }
        let levels = key.isStatic ? [0] : parameters.reachableDifficulties(from: startDifficulty)
        var total = 0.0
        for d in levels {
            guard let a = parameters.value(key, difficulty: d, players: players), let b = moved.value(key, difficulty: d, players: players),
                a != 0, a.isFinite, b.isFinite
            else { return nil }
            total += b / a - 1
        }
        return levels.isEmpty ? nil : total / Double(levels.count)
    }

    /// Each ``Simulation/PersonaParameter`` of every persona in `team` moved at once by `step`
    /// (numbers ±step, ordersAtOnce ±1, a choice to its alternatives).
    public static func personaMoves(_ team: [Persona], step: Double) -> [TeamMove] {
        var names: [String] = []
        for persona in team where !names.contains(persona.name) { names.append(persona.name) }
        let distinct = names.compactMap { name in team.first { $0.name == name } }
        return PersonaParameter.allCases.compactMap { parameter -> TeamMove? in
            var moves: [String: (low: Persona, high: Persona)] = [:]
            for persona in distinct { moves[persona.name] = parameter.moved(persona, step: step) }
            guard !moves.isEmpty else { return nil }
            func text(_ pick: (Persona) -> Persona) -> String {
                let texts = distinct.map { persona in parameter.text(of: pick(persona)) }
                return distinct.count == 1 ? texts[0] : zip(names, texts).map { "\($0) \($1)" }.joined(separator: ", ")
            }
            func moved(_ side: Int) -> [Persona] { team.map { persona in moves[persona.name].map { side == 0 ? $0.low : $0.high } ?? persona } }
            return TeamMove(
                key: parameter.rawValue, current: text { $0 }, low: text { moves[$0.name]?.low ?? $0 }, high: text { moves[$0.name]?.high ?? $0 },
                teams: (moved(0), moved(1)))
        }
    }

    /// `entry` times `factor`, as a parameter text.
    static func scaled(_ entry: Parameters.Entry, by factor: Double) -> String {
        let f = factor.decimalText(3).trimmingTrailingZeros
        switch entry.value {
        case .number(let n): return (n * factor).decimalText(6).trimmingTrailingZeros
        case .expression: return "\(f) * (\(entry.text))"
        }
    }

    struct Unplayable: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}

extension String {
    /// "1.500" → "1.5", "2.000" → "2".
    var trimmingTrailingZeros: String {
        guard contains(".") else { return self }
        var s = self
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
