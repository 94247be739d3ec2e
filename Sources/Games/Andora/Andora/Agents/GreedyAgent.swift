import Randomness

/// A one-move-deep player, the simplest opponent that is not blind. In order, it plays:
/// 1. a move that wins the game now (R1.9.1);
/// 2. otherwise it keeps to the moves after which the opponent has no winning reply (a move that
///    sends the opponent to a full mini-field and so ends the game in a draw, R1.9.2, is such a
///    move), or to every legal move when none is;
/// 3. among those, a move that gains a mini-field for its sign (R1.4);
/// 4. else one that takes a cell where the opponent would gain a mini-field next;
/// 5. else any of them.
/// Ties are broken uniformly at random.
public enum GreedyAgent {
    @inlinable
    public static func move(in position: Position, using random: inout RandomSource) -> Move {
        let moves = position.legalMoves
        let me = position.mover
        var safe: UInt128 = 0, gains: UInt128 = 0, blocks: UInt128 = 0, wins: UInt128 = 0
        for move in moves {
            let next = position.playing(move)
            let bit = UInt128(1) << Int(move.index)
            if next.isWon(by: me) {
                wins |= bit
                continue
            }
            guard wins == 0 else { continue }
            if !opponentCanWin(next) { safe |= bit }
            if next.fields(me) != position.fields(me) { gains |= bit }
            if threatens(position, me.other, move) { blocks |= bit }
        }
        if wins != 0 { return pick(wins, &random) }
        let candidates = safe != 0 ? safe : moves.bits
        if gains & candidates != 0 { return pick(gains & candidates, &random) }
        if blocks & candidates != 0 { return pick(blocks & candidates, &random) }
        return pick(candidates, &random)
    }

    /// Whether the player to move in `position` has a move that wins at once.
    @inlinable
    static func opponentCanWin(_ position: Position) -> Bool {
        let sign = position.mover
        for reply in position.legalMoves where position.playing(reply).isWon(by: sign) { return true }
        return false
    }

    /// Whether `sign` marking `move`'s cell would gain it that mini-field: the cell completes a
    /// line of `sign` there, and the mini-field can still become `sign`'s (R1.4.1: not yet
    /// captured; R1.4.2: not yet `sign`'s).
    @inlinable
    static func threatens(_ position: Position, _ sign: Sign, _ move: Move) -> Bool {
        let field = move.field
        let fieldBit = UInt16(1) << field
        let open: Bool
        switch position.rules.strategy {
        case .any: open = position.fields(sign) & fieldBit == 0
        case .first: open = (position.fields(.x) | position.fields(.o)) & fieldBit == 0
        }
        guard open else { return false }
        let completing = Lines.completing(position.cells(sign, in: field), empty: position.emptyCells(in: field))
        return (completing >> move.cell) & 1 == 1
    }

    @inlinable
    static func pick(_ bits: UInt128, _ random: inout RandomSource) -> Move {
        let set = MoveSet(bits: bits)
        return set.element(random.uniform(below: set.count))
    }
}
