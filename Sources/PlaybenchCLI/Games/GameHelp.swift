import Diagnostics
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

    /// An option's help, prefixed with the games that take it when not every game does
    /// ("Andora: a matchup …"), so that help names no game in the command's own words.
    static func option(_ name: String, _ text: String, _ registry: GameRegistry = GameRegistry.active) -> String {
        let takers = registry.games.filter { $0.playOptions.contains(name) }
        guard takers.count < registry.games.count else { return text }
        return prefixed(text, takers)
    }

    /// A file option's help, prefixed with the games whose designs have that file.
    static func fileOption(_ name: String, _ text: String, _ registry: GameRegistry = GameRegistry.active) -> String {
        prefixed(text, registry.games.filter { $0.fileOptions.contains { $0.option == name } })
    }

    /// An option of `generate`'s help, prefixed with the games that take it
    /// (``GameSeam/GeneratingGame/generateOptions``).
    static func generateOption(_ name: String, _ text: String, _ registry: GameRegistry = GameRegistry.active) -> String {
        prefixed(text, registry.games.filter { ($0 as? any GeneratingGame)?.generateOptions.contains(name) ?? false })
    }

    /// An option of `params`' help, prefixed with the games whose tables take it
    /// (``GameSeam/TabulatingGame/paramsOptions``).
    static func paramsOption(_ name: String, _ text: String, _ registry: GameRegistry = GameRegistry.active) -> String {
        prefixed(text, registry.games.filter { ($0 as? any TabulatingGame)?.paramsOptions.contains(name) ?? false })
    }

    private static func prefixed(_ text: String, _ takers: [any GameDefinition]) -> String {
        "\(takers.isEmpty ? "No game" : listed(takers.map(\.name))): \(text)"
    }
}
