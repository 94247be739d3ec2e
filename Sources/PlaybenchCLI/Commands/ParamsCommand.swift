import ArgumentParser
import Diagnostics
import Foundation
import GameSeam
import ReportKit

extension TableFormat: ExpressibleByArgument {}

struct ParamsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "params",
        abstract: "Every parameter of a design, as the game uses it.",
        discussion: """
            Prints a design's parameters: for a game that tabulates them, what each is wherever \
            it changes (every key at every difficulty of the ramp, from --start-difficulty, say, \
            each row saying where its value came from); for any other game played through the \
            seam, each parameter's value in the design, the values it takes and what it does. \
            See Games below.

            Examples:
              playbench params                              # the default game's shipped design
              playbench params Designs/mine                 # a design directory
              playbench params --parameters My.plist        # one parameters file
              playbench params Designs/mine --demo          # its DemoGameParameters.plist (C1)
              playbench params --start-difficulty 4 --format csv > ramp.csv
              playbench params --format markdown >> $GITHUB_STEP_SUMMARY

            Formats: text (an aligned table), csv (full precision), markdown.

            Exits 0 with the table, 1 when the parameters have errors (printed as check prints \
            them), 64 on bad usage (an option the design's game does not take, a value it \
            refuses), 66 when a file is missing, 74 when it cannot be read.

            \(GameHelp.command("params", GameRegistry.active))
            """)
    }

    @Argument(help: "The design directory, of any game the registry knows (see Games below). Default: the default game's design, built in.")
    var designDirectory: String?

    @Option(
        name: .customLong("parameters"),
        help: ArgumentHelp(GameHelp.fileOption("parameters", "this parameters file instead of a design directory's."), valueName: "file"))
    var parametersFile: String?

    @Flag(help: GameHelp.declared("demo", of: Self.tableOptions))
    var demo = false

    @Option(name: .customLong(PlayersOption.name), help: GameHelp.declared(PlayersOption.name, of: Self.tableOptions))
    var players: Int?

    @Option(name: .customLong(StartOption.name), help: GameHelp.declared(StartOption.name, of: Self.tableOptions))
    var start: Double?

    @Option(help: "Output: text (an aligned table), csv, markdown.")
    var format: TableFormat = .text

    /// The options of `params` a game declares (``GameSeam/TabulatingGame/paramsOptions``).
    static func tableOptions(_ game: any GameDefinition) -> [GameOption]? { (game as? any TabulatingGame)?.paramsOptions }

    /// The options given, typed.
    private var given: [(name: String, value: GameOptionValue?)] {
        [("demo", demo ? .flag : nil), (PlayersOption.name, players.map(GameOptionValue.integer)), (StartOption.name, start.map(GameOptionValue.number))]
    }

    private var chosen = ChosenDesign()

    /// The design named: a directory, the parameters file named in its place, or the built-in one.
    private var design: DesignDirectory {
        mutating get { chosen.design(designDirectory, namedFiles: parametersFile.map { ["parameters": $0] } ?? [:]) }
    }

    mutating func validate() throws {
        if designDirectory != nil, parametersFile != nil {
            throw ValidationError("give a design directory or --parameters FILE, not both")
        }
        if demo, parametersFile != nil {
            throw ValidationError("--demo reads a design's DemoGameParameters.plist; with --parameters, name that file instead")
        }
        try design.refuse(given, of: Self.tableOptions, files: [("parameters", parametersFile != nil)])
    }

    mutating func run() throws {
        let design = self.design
        if let tabling = design.game as? any TabulatingGame {
            do throws(ContentError) {
                Output.standard(try tabling.parameterTable(design, options: GameOptionValues(given), format: format))
            } catch {
                throw Output.failure(error, command: "params")
            }
            return
        }
        guard let game = design.game as? any PlayableGame else {
            throw ValidationError("params: \(design.label) is a design of \(design.game.name), which has no parameters Playbench plays")
        }
        Output.standard(try table(game, design))
    }

    /// Each parameter of a game that tabulates nothing more: its value in the design, the values
    /// it takes and what it does.
    private func table<Game: PlayableGame>(_ game: Game, _ design: DesignDirectory) throws -> String {
        let playable = try SeamPlay.load(game, design, command: "params", options: GameOptionValues())
        let header = ["parameter", "value", "values", "effect"]
        let rows = game.parameters.map { [$0.name, game.value(of: $0.name, in: playable) ?? "–", $0.domain, $0.effect] }
        switch format {
        case .text:
            return "\(design.label): every parameter of \(game.name) designs\n" + TextTable.render(header, rows)
        case .csv:
            return ([header] + rows).map { $0.map(CSV.field).joined(separator: ",") + "\n" }.joined()
        case .markdown:
            func line(_ cells: [String]) -> String { "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n" }
            return "\(design.label): every parameter of \(game.name) designs\n\n" + line(header) + line(header.map { _ in "---" }) + rows.map(line).joined()
        }
    }
}
