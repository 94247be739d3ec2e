/// The players a designer can pick, by name: `random`, `greedy`, `mcts` or `mcts:PLAYOUTS`.
///
/// ```swift
/// AgentKind("mcts:1000")      // .mcts(playouts: 1000)
/// AgentKind("random")         // .random
/// AgentKind("mcts")           // .mcts(playouts: AgentKind.defaultPlayouts)
/// ```
public enum AgentKind: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Any legal move, uniformly (``Position/randomMove(using:)``).
    case random
    /// Wins when it can, never hands the opponent a win it can avoid, else captures a mini-field,
    /// else blocks one, else plays at random (``GreedyAgent``).
    case greedy
    /// Monte-Carlo tree search with `playouts` random playouts per move (``MonteCarloTreeSearch``).
    case mcts(playouts: Int)

    public static let defaultPlayouts = 1000
    /// Playouts per move: at least one, and few enough that a game ends in reasonable time.
    public static let playoutRange = 1...1_000_000

    public init?(_ text: String) {
        switch text {
        case "random": self = .random
        case "greedy": self = .greedy
        case "mcts": self = .mcts(playouts: Self.defaultPlayouts)
        default:
            guard text.hasPrefix("mcts:"), let n = Int(text.dropFirst(5)), Self.playoutRange.contains(n) else { return nil }
            self = .mcts(playouts: n)
        }
    }

    /// The spelling `init?(_:)` reads.
    public var description: String {
        switch self {
        case .random: "random"
        case .greedy: "greedy"
        case .mcts(let playouts): "mcts:\(playouts)"
        }
    }

    /// What the names mean, for help texts and error messages.
    public static let spellings = "random, greedy, mcts or mcts:PLAYOUTS (1...1000000 random playouts per move)"
}
