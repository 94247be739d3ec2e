/// Two agents that play each other: `first` holds X (R1.6) in even-numbered games and `second` in
/// odd-numbered ones, so neither agent gets the first move more often. Written "A,B", or "A" for
/// an agent against itself.
///
/// ```swift
/// Matchup("mcts:1000,random")   // MCTS with 1000 playouts against random, seats swapped
/// Matchup("greedy")             // greedy against greedy
/// ```
public struct Matchup: Sendable, Hashable, Codable, CustomStringConvertible {
    public var first: AgentKind
    public var second: AgentKind

    public init(_ first: AgentKind, _ second: AgentKind) {
        self.first = first
        self.second = second
    }

    public init?(_ text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmed(" ") }
        guard parts.count == 1 || parts.count == 2, let a = AgentKind(parts[0]), let b = AgentKind(parts[parts.count - 1]) else { return nil }
        self.init(a, b)
    }

    /// Whether both seats hold the same kind of agent (self-play).
    public var isSelfPlay: Bool { first == second }

    /// "A,B", or "A" in self-play: what `init?(_:)` reads.
    public var description: String { isSelfPlay ? first.description : "\(first),\(second)" }

    /// "A vs B", or "A vs A".
    public var label: String { "\(first) vs \(second)" }

    /// The agent holding X in game `game`.
    public func xAgent(game: UInt64) -> AgentKind { game % 2 == 0 ? first : second }
    /// The agent holding O in game `game`.
    public func oAgent(game: UInt64) -> AgentKind { game % 2 == 0 ? second : first }
}

extension StringProtocol {
    fileprivate func trimmed(_ set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
