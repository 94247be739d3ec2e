import ArgumentParser
import Diagnostics
import Foundation
import RelentlessGeneration
import Relentless
import RelentlessSimulation

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
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
            goes on without it and the categories built from it, with a note naming them; an \
            error in a parameter that making a round reads stops solvability, with a note. A \
            failure's reproduce command is printed as it can be run: at once, once the errors \
            above are fixed, or not at all when its round was made without broken categories.

            Examples:
              playbench check                          # the shipped design
              playbench check Designs/mine             # a design directory
              playbench check --parameters My.plist    # one parameters file
              playbench check --format sarif > check.sarif

            A design directory may hold Pipeline.plist, naming the commands its rounds use \
            (orders: uniform | own-item; items: shuffle | even-categories); sampling uses them. \
            Its Players.plist (the personas `simulate` plays with) and Balance.plist (the \
            targets `gate` tests) are checked too.

            An Andora design (a directory with Andora.plist, such as Designs/andora) is checked \
            for its variants (miniFieldStrategy R1.4, whenTargetIsFull R1.9.2, distinct names) \
            and matchups of agents.

            Run time. Checking the values takes a moment; sampling takes the rest and grows as \
            samples × team sizes × reachable difficulties × round size (players × orders per \
            player × items per order). Each factor is bounded, so check always ends: --samples \
            at most 10000; 3 to 6 players (C6); at most 1,000 difficulties on the ramp (M3); at \
            most 250 orders per player and 50 items per order (C6; the README's parameter table \
            lists every limit). The shipped design (4 team sizes × 19 difficulties × 200 samples \
            = 15,200 small rounds) takes under a second; a round at the largest sizes takes a few \
            milliseconds, so give such a design fewer --samples (0 skips sampling).

            With GITHUB_ACTIONS=true, problems are also printed as workflow annotations.
            Exits 0 when there are no errors (warnings and notes do not fail), 1 when there are, \
            64 on bad usage (--samples outside 0...10000).
            """)

    /// The most rounds `--samples` may ask per team size and difficulty: with the design limits
    /// (4 team sizes, 1,000 difficulties) that bounds the rounds check generates.
    static let maxSamples = 10_000

    @Argument(help: "The design directory. Default: the shipped Relentless design, built in.")
    var designDirectory: String?

    @OptionGroup var files: DesignFileOptions
    private var named: NamedDesignFiles { files.named }

    @Option(help: "Output: text (for people), json (for scripts), sarif (for code scanning).")
    var format: DiagnosticFormat = .text

    @Option(
        name: .customLong("samples"),
        help: ArgumentHelp("Rounds generated per team size and reachable difficulty to test solvability, 0...10000 (0 skips sampling; default: 200).", valueName: "samples"))
    var samplesOption: Int?
    private var samples: Int { samplesOption ?? 200 }

    @Option(
        name: .customLong("seed"), parsing: .unconditional,
        help: ArgumentHelp("The seed of the sampled rounds; failures name it in their reproduce command (default: 1).", valueName: "seed"),
        transform: SeedArgument.parse)
    var seedOption: UInt64?
    private var seed: UInt64 { seedOption ?? 1 }

    @Flag(help: "Also print a witness: how a team fills every order of a sampled round at the largest team size and highest difficulty (text format).")
    var explain = false

    @Flag(name: .customLong("warnings-as-errors"), help: "Exit 1 on warnings too.")
    var warningsAsErrors = false

    @Flag(help: "Print errors and warnings only, no notes or summary.")
    var quiet = false

    @Option(name: .customLong("explain-rule"), help: ArgumentHelp("Print what a rule id of the messages means (C4, G5, R1.4, …), from the designer's reference, and exit.", valueName: "id"))
    var explainRule: String?

    func validate() throws {
        if samples < 0 || samples > Self.maxSamples {
            throw ValidationError("--samples must be in 0...\(Self.maxSamples): sampling generates samples × team sizes × reachable difficulties rounds")
        }
        if let directory = designDirectory, AndoraDesignFile.path(in: directory) != nil {
            try AndoraDesignFile.rejectRelentlessOptions(
                [("--catalogue", files.catalogue != nil), ("--parameters", files.parameters != nil), ("--explain", explain),
                 ("--samples", samplesOption != nil), ("--seed", seedOption != nil)],
                directory: directory)
        }
        try named.validate(designDirectory: designDirectory)
    }

    func run() throws {
        if let explainRule { return try RuleReference.explain(explainRule) }
        if let directory = designDirectory, let path = AndoraDesignFile.path(in: directory) {
            let (design, diagnostics) = try Output.exitingOnFileError { () throws(FileError) in try AndoraDesignFile.read(path) }
            try report(diagnostics, label: directory, summary: design.map(AndoraDesignFile.describe))
            return
        }
        let (sources, label) = try Output.exitingOnFileError { () throws(FileError) in
            try named.sources(designDirectory: designDirectory)
        }
        let (choice, pipelineDiagnostics) = try Output.exitingOnFileError { () throws(FileError) in
            try PipelineLoading.load(designDirectory: designDirectory)
        }
        let result = DesignLoader.load(sources, alsoUsed: choice.parametersRead)
        var diagnostics = result.diagnostics + pipelineDiagnostics
        if !named.given {
            let (players, playerDiagnostics) = try Output.exitingOnFileError { () throws(FileError) in
                try PlayersLoading.loadForCheck(designDirectory: designDirectory)
            }
            diagnostics += playerDiagnostics
            if let players, let sizes = result.design?.parameters.teamSizes, !sizes.contains(players.defaultTeam.count) {
                diagnostics.append(Diagnostic(
                    .warning,
                    "defaultTeam has \(players.defaultTeam.count) players, outside the design's team sizes \(sizes.lowerBound)...\(sizes.upperBound): simulate needs --team or --players",
                    file: designDirectory.map { ($0 as NSString).appendingPathComponent(PlayersReader.fileName) } ?? "\(DesignFiles.builtInLabel)/\(PlayersReader.fileName)"))
            }
            // Balance.plist is optional (only `gate` needs it), but a broken one is a mistake now.
            if BalanceLoading.exists(designDirectory: designDirectory) {
                let (_, _, balanceDiagnostics) = try Output.exitingOnFileError { () throws(FileError) in
                    try BalanceLoading.load(
                        designDirectory: designDirectory, balance: nil, players: players, parameters: result.design?.parameters)
                }
                diagnostics += balanceDiagnostics
            }
        }
        if let design = result.design { diagnostics += solvability(design, diagnostics, choice) }
        try report(diagnostics, label: label, summary: result.design.map(DesignSummary.describe))
    }

    /// Solvability, static and sampled, of what the design's errors leave sound
    /// (``SolvabilityScope``): one run reports the structural mistakes and the rounds no team
    /// can play together, as a compiler goes on after its first error.
    private func solvability(_ design: Design, _ found: [Diagnostic], _ choice: PipelineChoice) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let scoped: Design
        var pruned = false
        switch SolvabilityScope.of(design, found, needed: choice.parametersRead) {
        case .whole(let whole):
            scoped = whole
        case .without(let design, let left):
            (scoped, pruned) = (design, true)
            let names = left.map { "\"\($0)\"" }.joined(separator: ", ")
            diagnostics.append(Diagnostic(
                .note, "solvability was checked without \(left.count == 1 ? "category" : "categories") \(names), which \(left.count == 1 ? "has errors or is" : "have errors or are") built from one that has: fix them and check again",
                file: design.catalogue.file))
        case .none(let why):
            return [Diagnostic(.note, "solvability was not checked: \(why)", file: design.catalogue.file)]
        }
        do {
            let prepared = try PreparedDesign(scoped)
            diagnostics += StaticSolvability.check(prepared)
            // Sampled even after a static finding: it adds a round that shows the problem.
            if samples > 0 {
                // generate refuses a design with errors: until they are fixed, a round is named, not replayed.
                let refused = found.contains { $0.severity == .error && ($0.file == design.catalogue.file || $0.file == design.parameters.file) }
                diagnostics += sampledSolvability(prepared, choice, replay: !refused ? .now : pruned ? .never : .onceFixed)
                if explain, format == .text, !found.hasErrors { Output.standard(witness(prepared, choice)) }
            }
        } catch {
            // Not preparable for generation: the static checks say why; nothing to sample.
            diagnostics += StaticSolvability.check(scoped)
        }
        return diagnostics
    }

    /// Prints the diagnostics in the chosen format (and, for people, the design's summary when it
    /// has no errors); exits 1 on errors, or warnings with --warnings-as-errors.
    private func report(_ found: [Diagnostic], label: String, summary: String?) throws {
        let diagnostics = quiet ? found.filter { $0.severity != .note } : found
        Output.standard(DiagnosticRenderer.render(diagnostics, as: format, tool: ToolInfo()))
        if ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" {
            Output.standard(DiagnosticRenderer.githubAnnotations(diagnostics))
        }
        if format == .text, !quiet {
            if let summary, !diagnostics.hasErrors { Output.standard(summary) }
            Output.standard("\(label): \(DiagnosticRenderer.summary(diagnostics))\n")
        }
        let failing = diagnostics.contains { $0.severity == .error || (warningsAsErrors && $0.severity == .warning) }
        if failing {
            // The diagnostics are the output (stdout); stderr says, in one line, why the exit is 1.
            Output.error("\(label) \(found.hasErrors ? "has errors" : "has warnings (--warnings-as-errors)") (\(DiagnosticRenderer.summary(found)))")
            throw ExitCode(1)
        }
    }

    /// Sampling (G1–G8, P4): each kind of failure once, with how often it happened and the
    /// command that replays its first occurrence.
    /// When a sampled failure's `generate` command can show it: now; once the design's errors
    /// are fixed (they do not change its rounds, but generate refuses a design with errors); or
    /// never, when the round was made without categories that have errors (fixed, they change it).
    private enum Replay {
        case now, onceFixed, never

        func suggestion(_ command: String) -> String {
            switch self {
            case .now: "reproduce: \(command)"
            case .onceFixed: "once the errors above are fixed, reproduce: \(command)"
            case .never: "check again once the errors above are fixed, for a round that replays it"
            }
        }
    }

    private func sampledSolvability(_ prepared: PreparedDesign, _ choice: PipelineChoice, replay: Replay) -> [Diagnostic] {
        let summary = SamplingSolvability.check(prepared, samples: samples, seed: seed, pipeline: choice.pipeline)
        return summary.failures.map { failure in
            let reproduce = GenerateCommand.commandLine(
                designDirectory: designDirectory, files: named, players: failure.players, difficulty: failure.difficulty, seed: failure.seed,
                game: failure.game, round: failure.round, explain: true)
            return Diagnostic(
                .error,
                "\(failure.message), in \(failure.occurrences) of \(summary.roundsSampled) sampled rounds (first: \(failure.players) players, difficulty \(failure.difficulty.designerText))",
                file: prepared.catalogue.file, rule: failure.rule,
                suggestion: replay.suggestion(reproduce))
        }
    }

    /// Build plans for the first sampled round of the hardest setting, as `generate --explain`
    /// prints them, with the command that shows the whole round.
    private func witness(_ prepared: PreparedDesign, _ choice: PipelineChoice) -> String {
        let parameters = prepared.design.parameters
        guard let teams = parameters.teamSizes, let difficulty = parameters.reachableDifficulties().last else { return "" }
        let level = UInt64(parameters.reachableDifficulties().count - 1)
        let round = parameters.resolved(difficulty: difficulty, players: teams.upperBound)
        guard let made = try? choice.pipeline.makeRound(prepared, parameters: round, seed: seed, game: level, round: 0) else { return "" }
        let command = GenerateCommand.commandLine(
            designDirectory: designDirectory, files: named, players: teams.upperBound, difficulty: difficulty, seed: seed, game: level, explain: true)
        return "witness: the first sampled round with \(teams.upperBound) players at difficulty \(difficulty.designerText) (\(command))"
            + GenerateCommand.buildPlans(made, prepared)
    }
}
