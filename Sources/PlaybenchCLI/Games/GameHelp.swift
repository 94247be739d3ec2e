import GameSeam

/// What help says about the games: which there are, how a directory is told to be whose, and
/// what each command does for each.
enum GameHelp {
    /// For `playbench --help`: every game, the file that marks its designs, and its summary.
    static func list(_ registry: GameRegistry) -> String {
        var text = "Games (a DESIGN_DIR is the first game's whose file it holds):"
        for game in registry.games {
            let isDefault = game.name == registry.defaultGame.name ? ", the default" : ""
            text += "\n  \(game.name) (\(game.designFileName)\(isDefault)): \(game.summary)"
        }
        return text
    }

    /// For a command's help: what it does for each game that supports it, and which games it
    /// does not serve yet.
    static func command(_ name: String, _ registry: GameRegistry) -> String {
        var text = "Games:"
        for game in registry.games {
            text += "\n  \(game.name): \(game.commands[name] ?? "not yet")"
        }
        return text
    }
}
