import Diagnostics
import GameSeam

/// A design's files as a session writes edits into them, and how the commands read and check
/// them: what an edit is checked against as `check` checks a design, and what "save as" saves.
public struct ExploreFiles: Sendable {
    public var folder: any DesignFolder
    /// The options the design was read with (the lineups played).
    public var options: GameOptionValues
    /// Everything `check` finds in a design held in memory (the game's check and whatever the
    /// command adds: balance targets).
    public var check: @Sendable (any DesignFolder) -> [Diagnostic]

    public init(folder: any DesignFolder, options: GameOptionValues, check: @escaping @Sendable (any DesignFolder) -> [Diagnostic]) {
        self.folder = folder
        self.options = options
        self.check = check
    }

    /// The files of `folder`, checked by `game`'s own check alone.
    public init(folder: any DesignFolder, options: GameOptionValues = GameOptionValues(), checkedBy game: some GameDefinition) {
        self.init(folder: folder, options: options) { folder in
            do throws(DesignFileError) { return try game.check(folder, CheckRequest(forPeople: false)).diagnostics } catch {
                return [Diagnostic(.error, error.description)]
            }
        }
    }
}
