import Diagnostics
import Balance
import GameSeam

/// What `check` finds in a design: its game's own check and, for a game that does not read its
/// Balance.plist itself, the balance targets against the design's lineups and metrics. `check`
/// prints it; `explore` asks it of an edited design held in memory, so that what the page plays
/// is what `check` would accept.
enum DesignCheck {
    static func run(_ design: any DesignFolder, game: any GameDefinition, request: CheckRequest) throws(DesignFileError) -> CheckResult {
        var result = try game.check(design, request)
        // A game that reads its own Balance.plist (GatePlanning) checks it with its design.
        if !result.diagnostics.hasErrors, let game = game as? any PlayableGame, !(game is any GatePlanning) {
            result.diagnostics += try balanceTargets(game, design, read: result.playable)
        }
        return result
    }

    /// The design's Balance.plist, when it has one, against its lineups and its game's metrics:
    /// optional (only `gate` needs it), but a broken one is a mistake now.
    static func balanceTargets<Game: PlayableGame>(_ game: Game, _ design: any DesignFolder, read: (any Sendable)?) throws(DesignFileError) -> [Diagnostic] {
        guard let file = try design.file(MetricGateReader.fileName) else { return [] }
        var playable = read as? Game.Playable
        if playable == nil {
            do throws(PlayLoadError) { playable = try game.playable(design, GameOptionValues()).0 } catch { return [] }
        }
        guard let playable else { return [] }
        return SeamPlay.readPlan(file.bytes, label: file.path, game: game, playable: playable).1
    }
}
