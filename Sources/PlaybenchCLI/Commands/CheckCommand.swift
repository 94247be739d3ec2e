import ArgumentParser
import Diagnostics
import Foundation
import Balance
import GameSeam

struct CheckCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "check",
        abstract: "Find every mistake in a design's property lists.",
        discussion: """
            Checks structure and types, unique names, unknown and cyclic parts, depths, rhythm \
            state indices against images, image counts, parameter ranges, and evaluates every \
            expression at every difficulty the game can reach (RULES.md C2–C8). Then it proves \
            what it can about solvability: no order item that no warehouse can hold (G3), and \
            enough distinct warehouse items for the largest team whatever categories a round \
            chooses (G4); and samples rounds (--samples per team size and difficulty) to check \
            that each is generated, stocks every player, and has a way to fill every order (P4), \
            naming a `playbench generate … --explain` command that replays any failure. Each \
            message names the file, line, column and key path, like a compiler's:

              GameConfig.plist:212:13: error: assembledItems[1].parts[0]: unknown category "Carr" (did you mean "Car"?) [C4]

            One run reports all it can, as a compiler does: a category with errors is reported \
            once, where it is defined (not again at each part that names it), and solvability \
            goes on without it and the categories built from it, with a note naming them. A \
            value outside the game's range that has a nearest value the game defines is read as \
            that value, with a note: team sizes reaching outside 3...6 as the sizes both allow \
            (C6), a chance outside 0...1 as 0 or 1; any other error in a parameter that making a \
            round reads stops solvability, with a note. A \
            failure's reproduce command is printed as it can be run: at once, once the errors \
            above are fixed, or not at all when its round was made without broken categories.

            Examples:
              playbench check                          # the shipped design
              playbench check Designs/mine             # a design directory
              playbench check --parameters My.plist    # one parameters file
              playbench check --format sarif --output check.sarif
              playbench check --start-difficulty 6     # the games the host starts at 6
              playbench check --design-files mine/GameConfig.plist theirs/Players.plist   # these files' designs

            A design directory may hold Pipeline.plist, naming the commands its rounds use \
            (orders: uniform | own-item; items: shuffle | even-categories); sampling uses them. \
            Its Players.plist (the personas `simulate` plays with) and Balance.plist (the \
            targets `gate` tests) are checked too.

            \(GameHelp.command("check", GameRegistry.active))

            Every start. The host may start a game at any difficulty of \
            minDifficultyLevel...maxDifficultyLevel (M3), so check covers them all: the values \
            at every difficulty of the ramp from minDifficultyLevel and of a grid of the range \
            (steps of a power of ten, at most 1,000: 0.01 for 1...10); the rounds of that ramp, \
            and of one difficulty of every other round shape (the counts and chances a round is \
            made with) a game started elsewhere meets, each at --samples rounds per team size \
            (a note names them). --start-difficulty D checks the games started at D alone.

            Run time. Checking the values takes a moment; sampling takes the rest and grows as \
            samples × team sizes × sampled difficulties × round size (players × orders per \
            player × items per order). Each factor is bounded, so check always ends: --samples \
            at most 10000; 3 to 6 players (C6); at most 1,000 difficulties sampled (M3); at \
            most 250 orders per player and 50 items per order (C6; the reference's parameters \
            article lists every limit). The shipped design (4 team sizes × 19 difficulties × 200 samples \
            = 15,200 small rounds) takes under a second; a round at the largest sizes takes a few \
            milliseconds, so give such a design fewer --samples (0 skips sampling).

            Files, not directories. With --design-files FILE..., each file is checked with the \
            design it belongs to (its directory, whose files are the design: GameConfig.plist \
            as --catalogue, DefaultGameParameters.plist as --parameters, and so on), each \
            design once, all in one output. It is the \
            pre-commit hook's form (the reference's "Integrations" article), which names the staged \
            files. --build-stamp FILE writes FILE, one Swift comment, when every design passes: \
            the output a build system waits for (the SwiftPM build plugin's); nothing is \
            written when one fails.

            With GITHUB_ACTIONS=true, problems are also printed as workflow annotations on \
            standard output: with --format text, or json and sarif written to --output.
            Exits 0 when there are no errors (warnings and notes do not fail), 1 when there are, \
            64 on bad usage (--samples outside 0...10000).
            """)
    }

    /// The most rounds `--samples` may ask per team size and difficulty: with the design limits
    /// (4 team sizes, 1,000 difficulties) that bounds the rounds check generates.
    static let maxSamples = 10_000

    @Argument(help: "The design directory, of any game the registry knows (see Games below). Default: the default game's design, built in.")
    var designDirectory: String?

    @OptionGroup var files: DesignFileOptions

    @Option(help: "Output: text (for people), json (for scripts), sarif (for code scanning).")
    var format: DiagnosticFormat = .text

    @Option(help: ArgumentHelp("Write the problems (in --format) to this file, atomically, instead of standard output; annotations and the summary stay there.", valueName: "file"))
    var output: String?

    @Option(
        name: .customLong(CheckOption.samples.rawValue),
        help: ArgumentHelp("Rounds generated per team size and reachable difficulty to test solvability, 0...10000 (0 skips sampling; default: 200).", valueName: "samples"))
    var samplesOption: Int?

    @Option(
        name: .customLong(CheckOption.seed.rawValue), parsing: .unconditional,
        help: ArgumentHelp("The seed of the sampled rounds; failures name it in their reproduce command (default: 1).", valueName: "seed"),
        transform: SeedArgument.parse)
    var seedOption: UInt64?
    private var seed: UInt64 { seedOption ?? 1 }

    @Flag(help: "Also print a witness: how a team fills every order of a sampled round at the largest team size and highest difficulty (text format).")
    var explain = false

    @Option(
        name: .customLong(CheckOption.startDifficulty.rawValue),
        help: ArgumentHelp(
            GameHelp.checkOption(.startDifficulty, "check only the games started at this difficulty, the host's slider (M3): the parameters and the rounds of the ramp from there. Default: every start the design allows."),
            valueName: "D"))
    var startDifficulty: Double?

    @Flag(name: .customLong("warnings-as-errors"), help: "Exit 1 on warnings too.")
    var warningsAsErrors = false

    @Flag(help: "Print errors and warnings only, no notes or summary.")
    var quiet = false

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("Also read these logs of real playtests against the design (its version, what a record can be): see calibrate.", valueName: "log"))
    var playtests: [String] = []

    @Option(
        name: .customLong("design-files"), parsing: .upToNextOption,
        help: ArgumentHelp("Check the designs these files belong to (each file's directory), each once.", valueName: "file"))
    var designFiles: [String] = []

    @Option(
        name: .customLong("build-stamp"),
        help: ArgumentHelp("When the check passes, write this file (a Swift comment naming the design): a build system's output.", valueName: "file"))
    var buildStamp: String?

    @Option(name: .customLong("explain-rule"), help: ArgumentHelp("Print what a rule id of the messages means (C4, G5, R1.4, …), from the designer's reference, and exit.", valueName: "id"))
    var explainRule: String?

    private var chosen = ChosenDesign()

    mutating func validate() throws {
        if let samplesOption, samplesOption < 0 || samplesOption > Self.maxSamples {
            throw ValidationError("--samples must be in 0...\(Self.maxSamples): sampling generates samples × team sizes × reachable difficulties rounds")
        }
        let design = chosen.design(designDirectory, files: files)
        let registry = GameRegistry.active
        try refuseOptions(for: design)
        try design.refuse([], files: [("catalogue", files.catalogue != nil), ("parameters", files.parameters != nil)], registry: registry)
        try design.refuse("--playtests", given: !playtests.isEmpty, takenBy: registry.games.filter { $0 is any CalibratingGame })
        try files.validate(designDirectory: designDirectory)
        if !designFiles.isEmpty {
            if designDirectory != nil || files.given {
                throw ValidationError("give --design-files or a design (a directory, or --catalogue/--parameters), not both")
            }
            for (option, given) in [(CheckOption.explain.rawValue, explain), (CheckOption.startDifficulty.rawValue, startDifficulty != nil), ("playtests", !playtests.isEmpty)] where given {
                throw ValidationError("--\(option) reads one design: it cannot go with --design-files")
            }
        }
    }

    mutating func run() throws {
        if let explainRule { return try RuleReference.explain(explainRule) }
        try OutputPreflight.check(files: [output, buildStamp])
        let checked = try designs().map { try check($0) }
        let diagnostics = checked.flatMap(\.diagnostics)
        let rendered = DiagnosticRenderer.render(diagnostics, as: format, tool: ToolInfo())
        if let output {
            try FileIO.write(Array(rendered.utf8), to: output)
        } else {
            Output.standard(rendered)
        }
        // Workflow commands in a JSON or SARIF document on standard output would break it.
        if ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true", format == .text || output != nil {
            Output.standard(DiagnosticRenderer.githubAnnotations(diagnostics))
        }
        if format == .text, !quiet {
            for design in checked {
                if let summary = design.summary, !design.diagnostics.hasErrors { Output.standard(summary) }
                Output.standard("\(design.label): \(DiagnosticRenderer.summary(design.diagnostics))\n")
            }
        }
        var failed = false
        for design in checked where design.failing(warningsAsErrors) {
            // The diagnostics are the output (stdout); stderr says, in one line each, why the exit is 1.
            let found = design.found
            Output.error("\(design.label) \(found.hasErrors ? "has errors" : "has warnings (--warnings-as-errors)") (\(DiagnosticRenderer.summary(found)))")
            failed = true
        }
        if failed { throw ExitCode(1) }
        if let buildStamp {
            let labels = checked.map { "\($0.label): \(DiagnosticRenderer.summary($0.found))" }
            try FileIO.write(Array(labels.map { "// playbench check passed: \($0)\n" }.joined().utf8), to: buildStamp)
        }
    }

    /// One design's findings, as printed.
    private struct Checked {
        var label: String
        var summary: String?
        /// Everything found.
        var found: [Diagnostic]
        /// What is printed (without notes when --quiet).
        var diagnostics: [Diagnostic]

        func failing(_ warningsAsErrors: Bool) -> Bool {
            diagnostics.contains { $0.severity == .error || (warningsAsErrors && $0.severity == .warning) }
        }
    }

    /// The designs to check: the one named, or the designs of --design-files, each once, in the
    /// order their first file is named.
    private mutating func designs() throws -> [DesignDirectory] {
        guard !designFiles.isEmpty else { return [chosen.design(designDirectory, files: files)] }
        var directories: [(folder: String, file: String)] = []
        for file in designFiles {
            let directory = (file as NSString).deletingLastPathComponent
            let folder = directory.isEmpty ? "." : directory
            if !directories.contains(where: { $0.folder == folder }) { directories.append((folder, file)) }
        }
        let marks = GameRegistry.active.games.map(\.designFileName)
        return try directories.map { folder, file in
            guard marks.contains(where: { FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent($0)) }) else {
                throw ValidationError("\(file): no design beside it to check it with (a design directory holds one of \(marks.joined(separator: ", ")))")
            }
            let design = DesignDirectory(folder)
            try refuseOptions(for: design)
            return design
        }
    }

    /// Options the design's game does not take are usage errors, named.
    private func refuseOptions(for design: DesignDirectory) throws {
        for (option, given) in [
            (CheckOption.explain, explain), (.samples, samplesOption != nil), (.seed, seedOption != nil), (.startDifficulty, startDifficulty != nil),
        ] {
            try design.refuse("--\(option.rawValue)", given: given, takenBy: GameRegistry.active.games(takingCheckOption: option))
        }
    }

    private func check(_ design: DesignDirectory) throws -> Checked {
        guard design.game.commands["check"] != nil else {
            throw ValidationError("check does not serve \(design.game.name) designs yet")
        }
        let request = CheckRequest(samples: samplesOption, seed: seedOption, explain: explain, forPeople: format == .text, startDifficulty: startDifficulty)
        let result = try Output.exitingOnFileError { () throws(FileError) in
            do throws(DesignFileError) { return try design.game.check(design, request) } catch { throw FileError(error) }
        }
        var diagnostics = result.diagnostics
        if !playtests.isEmpty, let game = design.game as? any CalibratingGame { diagnostics += try logDiagnostics(game, design) }
        // A game that reads its own Balance.plist (GatePlanning) checks it with its design.
        if !diagnostics.hasErrors, let game = design.game as? any PlayableGame, !(game is any GatePlanning) {
            diagnostics += try Output.exitingOnFileError { () throws(FileError) in
                do throws(DesignFileError) { return try DesignCheck.balanceTargets(game, design, read: result.playable) } catch { throw FileError(error) }
            }
        }
        if let witness = result.witness { Output.standard(witness) }
        return Checked(
            label: result.label ?? design.label, summary: result.summary, found: diagnostics,
            diagnostics: quiet ? diagnostics.filter { $0.severity != .note } : diagnostics)
    }

    /// The playtest logs read against the design (``CalibratingGame/checkLogs(_:_:)``).
    private func logDiagnostics(_ game: any CalibratingGame, _ design: DesignDirectory) throws -> [Diagnostic] {
        try Output.exitingOnFileError { () throws(FileError) in
            let logs = try playtests.map { path throws(FileError) in DesignFile(path: path, bytes: try FileIO.read(path)) }
            do throws(DesignFileError) { return try game.checkLogs(design, logs) } catch { throw FileError(error) }
        }
    }
}
