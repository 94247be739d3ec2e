import GameSeam
import ShippedGames
import Synchronization

extension GameRegistry {
    private static let current = Mutex(GameRegistry.shipped)

    /// The registry of this run: the shipped games, or what ``Playbench/main(registry:)`` was given.
    static var active: GameRegistry { current.withLock { $0 } }

    static func use(_ registry: GameRegistry) { current.withLock { $0 = registry } }
}
