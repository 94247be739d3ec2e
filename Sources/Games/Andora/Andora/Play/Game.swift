import Randomness

/// One game between two agents, from the empty field to its end.
///
/// ```swift
/// var random = RandomSource(seed: 42)
/// var x = Agent(.random), o = Agent(.greedy)
/// let end = Game.play(rules: .spec, x: &x, o: &o, using: &random)
/// end.outcome      // .won(.o), say
/// end.moveCount    // marks placed
/// ```
public enum Game {
    /// Plays until R1.9.1 or R1.9.2 ends the game; `x` moves first (R1.6). `onMove` sees every
    /// move with the position it was played in.
    @inlinable
    public static func play(
        rules: Rules, x: inout Agent, o: inout Agent, using random: inout RandomSource,
        onMove: ((Position, Move) -> Void)? = nil
    ) -> Position {
        var position = Position(rules: rules)
        if case .random = x.kind, case .random = o.kind, onMove == nil {
            // The same draws as the loop below, without the agent dispatch around each move.
            position.playRandomly(using: &random)
            return position
        }
        while !position.isOver {
            let move: Move
            switch position.mover {
            case .x: move = x.move(in: position, using: &random)
            case .o: move = o.move(in: position, using: &random)
            }
            onMove?(position, move)
            position.play(move)
        }
        return position
    }
}

extension Position {
    /// How a finished game ended.
    public enum Ending: String, Sendable, Hashable, Codable, CaseIterable {
        /// R1.9.1: a line of three mini-fields.
        case line
        /// R1.9.2: the player to move had no empty cell to mark (the target mini-field was full,
        /// or under `.playAnywhere` the whole field).
        case cannotPlace
    }

    /// Nil while the game goes on.
    public var ending: Ending? {
        switch outcome {
        case .playing: nil
        case .won: .line
        case .drawn: .cannotPlace
        }
    }

    /// Mini-fields in each state (R1.3), counted over the field.
    public var fieldCounts: (x: Int, o: Int, both: Int) {
        let both = xFields & oFields
        return ((xFields & ~both).nonzeroBitCount, (oFields & ~both).nonzeroBitCount, both.nonzeroBitCount)
    }
}
