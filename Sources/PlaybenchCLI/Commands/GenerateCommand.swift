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

    @Option(help: ArgumentHelp(GameHelp.generateOption("players", "how many play, within the design's range (its minNumOfPlayers...maxNumOfPlayers, or the game definition's players). Default: the fewest.")))
    var players: Int?

    @Option(help: ArgumentHelp(GameHelp.generateOption("definition", "which game definition of a design that holds several, by name. Default: the first."), valueName: "name"))
    var definition: String?

    @Option(help: "Difficulty level, within the design's minDifficultyLevel...maxDifficultyLevel. Default: the minimum.")
    var difficulty: Double?

    @Option(parsing: .unconditional, help: "The seed every random choice derives from. (default: 1)", transform: SeedArgument.parse)
    var seed: UInt64?

    @Option(parsing: .unconditional, help: "Which game of a batch: its rounds draw from their own random streams. (default: 0)", transform: SeedArgument.parse)
    var game: UInt64?

    @Option(parsing: .unconditional, help: "Which round of the game: every round draws from its own random streams. (default: 0)", transform: SeedArgument.parse)
    var round: UInt64?

    @Option(help: "Output: text (for people), json or plist (for tools).")
    var format: GenerateRequest.Format = .text

    @Option(help: ArgumentHelp("Order maker (G6): uniform (the rules), or own-item (probOfSelectingOwnItem is the chance an order item is the player's own, C8). Default: the design's Pipeline.plist, else uniform.", valueName: "orders"))
    var orders: String?

    @Option(help: ArgumentHelp("Item allocator (G5): shuffle (the rules), or even-categories (every category spread evenly over the team). Default: the design's Pipeline.plist, else shuffle.", valueName: "items"))
    var items: String?

    @Flag(help: "After the round, show for each order how the team can fill it: who supplies which item, what is assembled (text format).")
    var explain = false

    /// The options given, by long name, as the game reads them.
    private var given: [(option: String, value: String?)] {
        [
            ("players", players.map(String.init)), ("definition", definition), ("difficulty", difficulty.map { "\($0)" }), ("seed", seed.map(String.init)),
            ("game", game.map(String.init)), ("round", round.map(String.init)), ("orders", orders), ("items", items), ("explain", explain ? "" : nil),
        ]
    }

    /// A design of a game that generates nothing, and options its game does not take, are usage
    /// errors (64) that say which games take them.
    func validate() throws {
        try files.validate(designDirectory: designDirectory)
        let design = DesignDirectory(designDirectory, files: files)
        let takers = GameRegistry.active.games.compactMap { $0 as? any GeneratingGame }
        guard design.game is any GeneratingGame else {
            throw ValidationError(
                "\(design.label) is a design of \(design.game.name), which generates nothing; generate serves \(listed(takers.map(\.name))) designs")
        }
        for (option, value) in given {
            try design.refuse("--\(option)", given: value != nil, takenBy: takers.filter { $0.generateOptions.contains(option) })
        }
    }

    func run() throws {
        let design = DesignDirectory(designDirectory, files: files)
        guard let generator = design.game as? any GeneratingGame else { throw ExitCode.validationFailure }
        var options: [String: String] = [:]
        for (option, value) in given where option != "explain" { options[option] = value }
        let content: GeneratedContent
        do throws(ContentError) {
            content = try generator.generate(design, GenerateRequest(options: options, format: format, explain: explain))
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
