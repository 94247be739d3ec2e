import MonteCarlo

/// A game whose single games print, move by move or round by round: what `simulate --replay`
/// serves. What a game adds to ``PlayableGame`` to be replayed; the command refuses `--replay`
/// for a design of a game that does not.
public protocol ReplayingGame: PlayableGame {
    /// One game of a lineup, move by move or round by round, for `simulate --replay`: game
    /// number `game` of the run, played from `seed` as the run plays it.
    func replay(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> String

    /// The same game for tools (`simulate --replay … --format json`), encoded by the command;
    /// nil when the game's replay is for people only. Default: nil.
    func replayJSON(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> (any Encodable & Sendable)?

    /// The games `simulate --replay VALUE` prints under the run's `seed`. Default: VALUE is a
    /// game's number in the run, and every lineup's game of that number is printed under a
    /// heading that names it. A game whose outputs name games by their own seeds (so that a
    /// seed printed in a report replays without the run's) takes VALUE as such a seed.
    func replayedGames(_ value: UInt64, of playable: Playable, seed: UInt64) -> [ReplayedGame]
}

extension ReplayingGame {
    public func replayJSON(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> (any Encodable & Sendable)? { nil }

    /// Game number `value` of every lineup, each from its seed under the run's `seed`.
    public func replayedGames(_ value: UInt64, of playable: Playable, seed: UInt64) -> [ReplayedGame] {
        lineups(of: playable).enumerated().map { index, lineup in
            ReplayedGame(lineup: index, game: value, seed: lineup.seeds(seed).seed(game: value), heading: "\(lineup.name), game \(value) of seed \(seed):")
        }
    }
}

/// A game `simulate --replay` prints: which lineup's, its number in the run, the seed it plays
/// from, and the line printed above it (nil when the replay names the game itself).
public struct ReplayedGame: Sendable, Hashable {
    public var lineup: Int
    public var game: UInt64
    public var seed: UInt64
    public var heading: String?

    public init(lineup: Int, game: UInt64, seed: UInt64, heading: String?) {
        self.lineup = lineup
        self.game = game
        self.seed = seed
        self.heading = heading
    }
}
