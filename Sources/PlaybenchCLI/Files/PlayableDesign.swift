import ArgumentParser
import GameSeam
import RelentlessGame
import RelentlessGeneration
import RelentlessSimulation

/// A design that can be played: usable (read, checked, its pipeline chosen), its personas read
/// from Players.plist, and prepared for generation. What simulate, report and gate start from;
/// problems are printed and end the command with exit 1.
struct PlayableDesign {
    var usable: UsableDesign
    var players: PlayerModel
    /// How messages name the Players.plist the personas came from.
    var playersLabel: String
    var prepared: PreparedDesign

    static func load(_ designDirectory: String?, files: NamedDesignFiles = .none) throws -> PlayableDesign {
        let (model, playersLabel, playerProblems) = try Output.exitingOnDesignFileError { () throws(DesignFileError) in
            try RelentlessFiles.players(DesignDirectory(designDirectory, named: files))
        }
        let usable = try UsableDesign.load(designDirectory, files: files, more: playerProblems)
        guard let model else {
            Output.error("\(playersLabel) could not be read")
            throw ExitCode(1)
        }
        do {
            return PlayableDesign(usable: usable, players: model, playersLabel: playersLabel, prepared: try PreparedDesign(usable.design))
        } catch {
            Output.error(error.description)
            throw ExitCode(1)
        }
    }
}
