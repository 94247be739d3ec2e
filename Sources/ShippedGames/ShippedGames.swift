import AndoraGame
import GameSeam
import RelentlessGame
import ShakyWordsGame
import TabulaImaginariumGame
import TurnTrackerGame

extension GameRegistry {
    /// The games the `playbench` executable ships, Relentless first among equals: its design is
    /// built in, so it is the default game. This module is the only one that imports every game;
    /// the commands (PlaybenchCLI) depend on it and on the shared modules, and the build refuses
    /// them any other game import (issue 41).
    public static let shipped = GameRegistry(
        games: [AndoraDefinition(), ShakyWordsDefinition(), TurnTrackerDefinition(), TabulaImaginariumDefinition(), PlayableRelentless()],
        defaultGame: PlayableRelentless())
}
