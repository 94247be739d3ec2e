import Randomness

extension Position {
    /// A legal move chosen uniformly at random: one draw of `random`.
    ///
    /// - Precondition: the game is not over.
    @inlinable @inline(__always)
    public func randomMove(using random: inout RandomSource) -> Move {
        if targetField >= 0 {
            // The common case, on 9 bits: pick the n-th empty cell of the target mini-field.
            let empty = emptyCells(in: Int(targetField))
            let n = random.uniform(below: empty.nonzeroBitCount)
            return Move(index: 9 * Int(targetField) + Lines.setBit(n, of: empty))
        }
        let moves = legalMoves
        return moves.element(random.uniform(below: moves.count))
    }

    /// Plays uniformly random moves for both players until the game is over: a random game, and
    /// the playout of a tree search.
    @inlinable
    public mutating func playRandomly(using random: inout RandomSource) {
        while state == Self.playing { play(randomMove(using: &random)) }
    }
}
