import ArgumentParser
import Diagnostics
import RelentlessGeneration
import Relentless
import RelentlessGame

extension OrderMakerChoice: ExpressibleByArgument {}
extension ItemAllocatorChoice: ExpressibleByArgument {}

/// How `generate` prints a round.
enum RoundFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, plist
}

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
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

            Exits 0 with a round, 1 when the design has errors or the round cannot be made, 64 \
            when --players or --difficulty is outside the design's range.
            """)

    @Argument(help: "The design directory. Default: the shipped Relentless design, built in.")
    var designDirectory: String?

    @OptionGroup var files: DesignFileOptions

    @Option(help: "Team size, within the design's minNumOfPlayers...maxNumOfPlayers. Default: the minimum.")
    var players: Int?

    @Option(help: "Difficulty level, within the design's minDifficultyLevel...maxDifficultyLevel. Default: the minimum.")
    var difficulty: Double?

    @Option(parsing: .unconditional, help: "The seed every random choice derives from. (default: 1)", transform: SeedArgument.parse)
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: "Which game of a batch: its rounds draw from their own random streams. (default: 0)", transform: SeedArgument.parse)
    var game: UInt64 = 0

    @Option(parsing: .unconditional, help: "Which round of the game: every round draws from its own random streams. (default: 0)", transform: SeedArgument.parse)
    var round: UInt64 = 0

    @Option(help: "Output: text (for people), json or plist (for tools).")
    var format: RoundFormat = .text

    @Option(help: "Order maker (G6): uniform (the rules), or own-item (probOfSelectingOwnItem is the chance an order item is the player's own, C8). Default: the design's Pipeline.plist, else uniform.")
    var orders: OrderMakerChoice?

    @Option(help: "Item allocator (G5): shuffle (the rules), or even-categories (every category spread evenly over the team). Default: the design's Pipeline.plist, else shuffle.")
    var items: ItemAllocatorChoice?

    @Flag(help: "After the round, show for each order how the team can fill it: who supplies which item, what is assembled (text format).")
    var explain = false

    func validate() throws {
        try files.named.validate(designDirectory: designDirectory)
    }

    func run() throws {
        let usable = try UsableDesign.load(designDirectory, files: files.named) { designChoice in
            PipelineChoice(orders: orders ?? designChoice.orders, items: items ?? designChoice.items)
        }
        let (design, label, choice) = (usable.design, usable.label, usable.choice)
        let (teamSize, level) = try validatedRange(design)
        let parameters = design.parameters.resolved(difficulty: level, players: teamSize)
        let pipeline = choice.pipeline
        let reproduce = reproduceCommand(players: teamSize, difficulty: level)
        let round: Round
        let prepared: PreparedDesign
        do {
            prepared = try PreparedDesign(design)
            round = try pipeline.makeRound(prepared, parameters: parameters, seed: seed, game: game, round: self.round)
        } catch {
            Output.error("\(error.description)\n  reproduce: \(reproduce)")
            throw ExitCode(1)
        }
        let report = RoundReport(
            round: round, design: prepared, parameters: parameters, pipeline: pipeline, label: label, reproduce: reproduce)
        switch format {
        case .text:
            Output.standard(RoundText.render(report))
            if explain { Output.standard(BuildPlanText.render(round, prepared)) }
        case .json:
            Output.standard(DiagnosticRenderer.json(report))
        case .plist:
            do {
                Output.standard(bytes: try RoundPlist.render(report))
            } catch {
                Output.error(error.description)
                throw ExitCode(1)
            }
        }
    }

    /// Team size and difficulty, defaulted to the design's minimums; outside its ranges is a
    /// usage error (exit 64). Checked here rather than in `validate()` because the ranges come
    /// from the design, which is only read in `run()`.
    private func validatedRange(_ design: Design) throws -> (Int, Double) {
        func usage(_ message: String) -> ExitCode {
            Output.error("\(message) (see 'playbench generate --help')")
            return ExitCode.validationFailure
        }
        guard let teams = design.parameters.teamSizes,
            let low = design.parameters.value(.minDifficultyLevel, difficulty: 0, players: 0),
            let high = design.parameters.value(.maxDifficultyLevel, difficulty: 0, players: 0)
        else {
            Output.error("the design's team sizes or difficulty range cannot be read; run playbench check")
            throw ExitCode(1)
        }
        let teamSize = players ?? teams.lowerBound
        guard teams.contains(teamSize) else {
            throw usage("--players \(teamSize) is outside the design's team sizes \(teams.lowerBound)...\(teams.upperBound)")
        }
        let level = difficulty ?? low
        guard level.isFinite, level >= low, level <= high else {
            throw usage("--difficulty \(level.designerText) is outside the design's difficulty range \(low.designerText)...\(high.designerText)")
        }
        return (teamSize, level)
    }

    /// The command line that prints this round again (default options left out).
    private func reproduceCommand(players: Int, difficulty: Double) -> String {
        GenerateCommandLine.of(
            designDirectory: designDirectory, files: files.named, players: players, difficulty: difficulty, seed: seed, game: game,
            round: round, orders: orders, items: items)
    }
}
