import ArgumentParser
import Diagnostics
import GameSeam

extension GenerateRequest.Format: ExpressibleByArgument {}

struct GenerateCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "generate",
        abstract: "Generate one round of a design, reproducibly from a seed.",
        discussion: """
            Makes one round the way the game's host does (RULES.md G1–G8): chooses categories \
            (G1) and groups of order items (G2), derives the warehouse items (G3, repeating G2 \
            when there are too few for the team, G4), shares them out (G5), makes every player's \
            orders (G6), deals them to houses with time factors (G7) and decides the package \
            limit (G8). It prints the chosen categories, each player's warehouse, the orders by \
            house with their time limits, the package limit, the pipeline of commands that made \
            the round with every setting and parameter they read, and the command that \
            reproduces it. The same arguments always print the same round, byte for byte.

            The design is checked first; if it has errors they are printed as `check` prints \
            them and nothing is generated. A round that cannot be made (too few items for the \
            team, G4) is an error naming the rule and the categories.

            Examples:
              playbench generate                          # shipped design, easiest round
              playbench generate --players 6 --difficulty 10 --seed 42
              playbench generate Designs/mine --format json | jq '.team[0]'
              playbench generate --orders own-item        # C8: probOfSelectingOwnItem
              playbench generate --items even-categories  # spread categories evenly
              playbench generate --parameters My.plist    # one file, with the built-in catalogue
              playbench generate Designs/turn-tracker --definition Carcassonne --players 5

            Exits 0 with a round, 1 when the design has errors or the round cannot be made, 64 \
            when --players or --difficulty is outside the design's range.

            \(GameHelp.command("generate", GameRegistry.active))
            """)
    }

    @Argument(help: "The design directory, of a game that generates content (see Games below). Default: the default game's design, built in.")
    var designDirectory: String?

    @OptionGroup var files: DesignFileOptions

    @Option(name: .customLong(PlayersOption.name), help: GameHelp.declared(PlayersOption.name, of: Self.declared))
    var players: Int?

    @Option(help: GameHelp.declared("definition", of: Self.declared))
    var definition: String?

    @Option(help: GameHelp.declared("difficulty", of: Self.declared))
    var difficulty: Double?

    @Option(parsing: .unconditional, help: "The seed every random choice derives from. (default: 1)", transform: SeedArgument.parse)
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: GameHelp.declared("game", of: Self.declared), transform: SeedArgument.parse)
    var game: UInt64?

    @Option(name: .customLong(RoundOption.name), parsing: .unconditional, help: GameHelp.declared(RoundOption.name, of: Self.declared), transform: SeedArgument.parse)
    var round: UInt64?

    @Option(help: "Output: text (for people), json or plist (for tools).")
    var format: GenerateRequest.Format = .text

    @Option(help: GameHelp.declared("orders", of: Self.declared))
    var orders: String?

    @Option(help: GameHelp.declared("items", of: Self.declared))
    var items: String?

    @Flag(help: GameHelp.declared("explain", of: Self.declared))
    var explain = false

    /// The options of `generate` a game declares (``GameSeam/GeneratingGame/generateOptions``).
    static func declared(_ game: any GameDefinition) -> [GameOption]? { (game as? any GeneratingGame)?.generateOptions }

    /// The games' options given, typed.
    private var given: [(name: String, value: GameOptionValue?)] {
        [
            (PlayersOption.name, players.map(GameOptionValue.integer)), ("definition", definition.map(GameOptionValue.text)),
            ("difficulty", difficulty.map(GameOptionValue.number)), ("game", game.map(GameOptionValue.seed)), (RoundOption.name, round.map(GameOptionValue.seed)),
            ("orders", orders.map(GameOptionValue.text)), ("items", items.map(GameOptionValue.text)), ("explain", explain ? .flag : nil),
        ]
    }

    /// A design of a game that generates nothing, and options its game does not take, are usage
    /// errors (64) that say which games take them.
    mutating func validate() throws {
        try files.validate(designDirectory: designDirectory)
        let design = chosen.design(designDirectory, files: files)
        let takers = GameRegistry.active.games.compactMap { $0 as? any GeneratingGame }
        guard design.game is any GeneratingGame else {
            throw ValidationError(
                "\(design.label) is a design of \(design.game.name), which generates nothing; generate serves \(listed(takers.map(\.name))) designs")
        }
        try design.refuse(given, of: Self.declared)
    }

    private var chosen = ChosenDesign()

    mutating func run() throws {
        let design = chosen.design(designDirectory, files: files)
        guard let generator = design.game as? any GeneratingGame else { throw ExitCode.validationFailure }
        let content: GeneratedContent
        do throws(ContentError) {
            content = try generator.generate(design, GenerateRequest(options: GameOptionValues(given), seed: seed, format: format))
        } catch {
            throw Output.failure(error, command: "generate")
        }
        switch content {
        case .text(let text): Output.standard(text)
        case .json(let value): Output.standard(DiagnosticRenderer.json(value))
        case .bytes(let bytes): Output.standard(bytes: bytes)
        }
    }
}
