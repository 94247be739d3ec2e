/// The games the tool knows, in the order a design directory is matched against them.
///
/// The first game whose ``GameDefinition/designFileName`` a directory holds is its game; a
/// directory that holds none, and no directory at all, mean the ``defaultGame`` (the one whose
/// design is built into the tool). The executable registers the shipped games; a test or another
/// tool may register more (Tests/ExampleGame).
public struct GameRegistry: Sendable {
    public var games: [any GameDefinition]
    public var defaultGame: any GameDefinition

    public init(games: [any GameDefinition], defaultGame: any GameDefinition) {
        self.games = games
        self.defaultGame = defaultGame
    }

    /// The game of a directory, given which files it holds (the caller does the looking).
    public func game(holding contains: (String) -> Bool) -> any GameDefinition {
        games.first { contains($0.designFileName) } ?? defaultGame
    }

    /// The game called `name` (case-insensitive).
    public func game(named name: String) -> (any GameDefinition)? {
        games.first { $0.name.lowercased() == name.lowercased() }
    }

    /// The games that declare an option named `name` among `options` (their play options unless
    /// said), for help and for a message that says where it belongs.
    public func games(declaring name: String, in options: (any GameDefinition) -> [GameOption]? = { $0.playOptions }) -> [any GameDefinition] {
        games.filter { options($0)?.contains { $0.name == name } ?? false }
    }

    /// The games that take `option` in check, for a message that says where it belongs.
    public func games(takingCheckOption option: CheckOption) -> [any GameDefinition] {
        games.filter { $0.checkOptions.contains(option) }
    }
}
