import AndoraGame
import GameSeam
import RelentlessGame
import ShakyWordsGame
import TabulaImaginariumGame
import TurnTrackerGame
import Synchronization

/// The games this executable knows, and the registry commands consult.
enum ShippedGames {
    /// Relentless first among equals: its design is built in, so it is the default game.
    static let registry = GameRegistry(games: [AndoraDefinition(), ShakyWordsDefinition(), TurnTrackerDefinition(), TabulaImaginariumDefinition(), PlayableRelentless()], defaultGame: PlayableRelentless())

    private static let current = Mutex(registry)

    /// The registry of this run: the shipped games, or what ``Playbench/main(registry:)`` was given.
    static var active: GameRegistry { current.withLock { $0 } }

    static func use(_ registry: GameRegistry) { current.withLock { $0 = registry } }
}
