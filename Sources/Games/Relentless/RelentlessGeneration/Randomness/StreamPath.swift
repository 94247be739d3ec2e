import Randomness

/// Which independent random stream a draw comes from: a seed splits into one stream per game,
/// round, player and purpose, so that a round depends on the seed and its indices alone.
///
/// ## Stream layout
///
/// A run has one user seed `S` (`playbench generate --seed S`). Every random draw of generation
/// comes from the stream named by the path (game, round, player, purpose):
///
/// | purpose | rule | player | draws |
/// |---|---|---|---|
/// | ``Purpose/categories`` | G1 | none | which categories a round uses |
/// | ``Purpose/groups`` | G2, G4 | none | which groups (and assembled items) give order items, including every G4 repetition |
/// | ``Purpose/allocation`` | G5 | none | the shuffle of the inventory and which players receive the remainder |
/// | ``Purpose/orders`` | G6 | each player | that player's order sizes and items |
/// | ``Purpose/houses`` | G7 | each player | that player's house factors |
/// | ``Purpose/packageLimit`` | G8 | none | whether the round limits packages |
/// | ``Purpose/arrivals`` | P2 | each player | the order in which that player's orders appear (simulation) |
/// | ``Purpose/playing`` | P4 | each player | that player's action times, misunderstandings and wrong teammates asked (simulation) |
/// | ``Purpose/contention`` | P4 | none | the order of things that happen at the same instant, such as two requests reaching one teammate (simulation) |
///
/// `game` and `round` are the indices of a round in a batch (`generate` uses game 0, round 0;
/// `--game` and `--round` pick others). The stream's 64-bit key is built by hashing one field at a
/// time into the seed with SplitMix64's mixing function, each field offset by its own constant
/// so that `(game 1, round 0)` and `(game 0, round 1)` differ:
///
/// ```
/// key = mix(S + φ)
/// key = mix(key ^ mix(game + T_game)); key = mix(key ^ mix(round + T_round))
/// key = mix(key ^ mix(player + T_player))        // player = 2^64 − 1 for round-wide purposes
/// key = mix(key ^ mix(purpose + T_purpose))
/// xoshiro256** state = 4 SplitMix64 outputs from key
/// ```
///
/// Consequences, which the tests check: a round is the same whether rounds are generated in order,
/// out of order or on any number of threads (a round never reads another round's stream); a
/// player's orders and houses do not depend on how many draws earlier steps or other players
/// made; and replacing one command (say the order maker) changes only the draws of its own step.
public struct StreamPath: Hashable, Sendable {
    /// What a stream is for. Raw values are part of the stream layout: never renumber them.
    public enum Purpose: UInt64, Sendable, CaseIterable {
        case categories = 1
        case groups = 2
        case allocation = 3
        case orders = 4
        case houses = 5
        case packageLimit = 6
        /// P2: which not-yet-started order appears next (simulation only).
        case arrivals = 7
        /// P4: a modelled player's action times and misunderstandings (simulation only).
        case playing = 8
        /// P4: ties between simultaneous events, drawn so that no seat goes first by its number
        /// (simulation only).
        case contention = 9
    }

    public var game: UInt64
    public var round: UInt64
    /// Nil for the round-wide purposes.
    public var player: Int?
    public var purpose: Purpose

    public init(game: UInt64 = 0, round: UInt64 = 0, player: Int? = nil, purpose: Purpose) {
        self.game = game
        self.round = round
        self.player = player
        self.purpose = purpose
    }

    /// The same round and purpose for one player.
    public func forPlayer(_ player: Int) -> StreamPath {
        StreamPath(game: game, round: round, player: player, purpose: purpose)
    }

    /// The stream's 64-bit key for `seed` (the layout above).
    public func key(seed: UInt64) -> UInt64 {
        RoundStreams(seed: seed, game: game, round: round).key(player: player, purpose: purpose)
    }
}

/// The streams of one round of one game: the part of their keys that seed, game and round make
/// is mixed once, not once per stream (a round draws from about twenty).
public struct RoundStreams: Sendable {
    @usableFromInline let roundKey: UInt64

    public init(seed: UInt64, game: UInt64, round: UInt64) {
        var key = RandomSource.mix64(seed &+ 0x9E37_79B9_7F4A_7C15)
        key = RandomSource.mix64(key ^ RandomSource.mix64(game &+ 0x5851_F42D_4C95_7F2D))
        roundKey = RandomSource.mix64(key ^ RandomSource.mix64(round &+ 0x1405_7B7E_F767_814F))
    }

    /// ``StreamPath/key(seed:)`` of this round's stream for `player` (nil: none) and `purpose`.
    @inlinable
    public func key(player: Int?, purpose: StreamPath.Purpose) -> UInt64 {
        let playerField = player.map { UInt64(truncatingIfNeeded: $0) } ?? UInt64.max
        let key = RandomSource.mix64(roundKey ^ RandomSource.mix64(playerField &+ 0xD1B5_4A32_D192_ED03))
        return RandomSource.mix64(key ^ RandomSource.mix64(purpose.rawValue &+ 0xAEF1_7502_108E_F2D9))
    }

    /// This round's stream for `player` (nil: none) and `purpose`.
    @inlinable
    public func source(player: Int? = nil, _ purpose: StreamPath.Purpose) -> RandomSource {
        RandomSource(seed: key(player: player, purpose: purpose))
    }
}

extension RandomSource {
    /// The independent stream `stream` of `seed` (see ``StreamPath`` for the layout).
    ///
    /// ```swift
    /// var random = RandomSource(seed: 42, stream: StreamPath(game: 0, round: 3, purpose: .categories))
    /// ```
    public init(seed: UInt64, stream: StreamPath) {
        self.init(seed: stream.key(seed: seed))
    }
}
