import ArgumentParser
import RelentlessGame
import RelentlessSimulation

/// A Relentless game the commands not yet on the seam (report, gate, sweep, tune, sensitivity,
/// diff) could not play: what they print, with the command that makes its round.
enum GameFailure {
    /// Reports the game that could not be played and returns the exit code (1) to end with.
    static func failure(_ error: GameError, designDirectory: String?, files: NamedDesignFiles = .none) -> ExitCode {
        Output.error("\(error.description)\n  reproduce: \(generateCommand(error, designDirectory: designDirectory, files: files))")
        return ExitCode(1)
    }

    /// `playbench generate …` for the round that could not be made.
    static func generateCommand(_ error: GameError, designDirectory: String?, files: NamedDesignFiles = .none) -> String {
        GenerateCommandLine.of(
            designDirectory: designDirectory, files: files, players: error.players, difficulty: error.difficulty, seed: error.seed,
            round: UInt64(error.round))
    }
}
