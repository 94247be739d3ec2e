import ArgumentParser
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
        let takers = registry.games(declaring: name)
        guard takers.count < registry.games.count else { return text }
        return prefixed(text, takers)
    }

    /// A game option's help from the games' declarations of it (``GameSeam/GameOption``): each
    /// game's words prefixed with its name, those games share said once, and the default.
    static func declared(
        _ name: String, of options: (any GameDefinition) -> [GameOption]? = { $0.playOptions }, _ registry: GameRegistry = GameRegistry.active
    ) -> ArgumentHelp {
        let declarations = registry.games.compactMap { game in options(game)?.first { $0.name == name }.map { (game: game.name, option: $0) } }
        var texts: [(games: [String], text: String)] = []
        for (game, option) in declarations {
            let text = option.help + (option.defaultValue.map { " (default: \($0.words.joined(separator: " ")))" } ?? "")
            if let k = texts.firstIndex(where: { $0.text == text }) { texts[k].games.append(game) } else { texts.append(([game], text)) }
        }
        let help = texts.isEmpty
            ? "No game: takes no value"
            : texts.map { declarations.count == registry.games.count && texts.count == 1 ? $0.text : "\(listed($0.games)): \($0.text)" }.joined(separator: " ")
        return ArgumentHelp(help, valueName: declarations.lazy.compactMap(\.option.valueName).first)
    }

    /// A `check` option's help, prefixed with the games whose checks take it.
    static func checkOption(_ option: CheckOption, _ text: String, _ registry: GameRegistry = GameRegistry.active) -> String {
        prefixed(text, registry.games(takingCheckOption: option))
    }

    /// A file option's help, prefixed with the games whose designs have that file.
    static func fileOption(_ name: String, _ text: String, _ registry: GameRegistry = GameRegistry.active) -> String {
        prefixed(text, registry.games.filter { $0.fileOptions.contains { $0.option == name } })
    }



    private static func prefixed(_ text: String, _ takers: [any GameDefinition]) -> String {
        "\(takers.isEmpty ? "No game" : listed(takers.map(\.name))): \(text)"
    }
}
