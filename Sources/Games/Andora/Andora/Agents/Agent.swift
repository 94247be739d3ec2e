import Randomness

/// An agent of some kind, ready to play one game: the tree search keeps its node storage from
/// move to move, so a game allocates once.
///
/// ```swift
/// var random = RandomSource(seed: 7)
/// var x = Agent(.greedy), o = Agent(.mcts(playouts: 200))
/// var game = Position(rules: .spec)
/// while !game.outcome.isOver {
///     game.play(game.mover == .x ? x.move(in: game, using: &random) : o.move(in: game, using: &random))
/// }
/// ```
public struct Agent: Sendable {
    public let kind: AgentKind
    @usableFromInline var search: MonteCarloTreeSearch?

    public init(_ kind: AgentKind) {
        self.kind = kind
        if case .mcts(let playouts) = kind { search = MonteCarloTreeSearch(playouts: playouts) }
    }

    /// The agent's move in `position`; every random choice is a draw of `random`.
    ///
    /// - Precondition: the game is not over.
    // Always inlined: the game loop then calls out only for the search and greedy agents.
    @inlinable @inline(__always)
    public mutating func move(in position: Position, using random: inout RandomSource) -> Move {
        switch kind {
        case .random: position.randomMove(using: &random)
        case .greedy: GreedyAgent.move(in: position, using: &random)
        case .mcts: search!.move(in: position, using: &random)
        }
    }
}
