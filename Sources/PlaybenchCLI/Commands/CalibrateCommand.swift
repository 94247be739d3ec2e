import ArgumentParser
import Calibration
import Diagnostics
import Foundation
import GameSeam
import MonteCarlo

struct CalibrateCommand: SeamShardableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "calibrate",
            abstract: "Fit the player model to logs of real playtests.",
            discussion: """
                Every number Playbench reports rests on its modelled players. calibrate finds the \
                values of the keys --fit names that make the simulator's games look like the real \
                ones in the logs (the same team sizes, starts and rounds, masked where a log noted \
                nothing), says how sure it is, and checks where the model still cannot match.

                The method: a synthetic likelihood of the logs' summaries (orders correct, wrong and \
                timed out per round, how and when rounds ended, money gained, games lost), each \
                reduced to one value per fitted key by a regression on them and their squares over --pilot studies \
                simulated from the ranges searched, estimated for each candidate from --replicates \
                simulated studies on common random numbers, and a posterior by population Monte Carlo (--stages of --candidates) under \
                flat priors over the ranges searched (--range). Each fitted key gets its median and \
                a central --level interval; a key whose interval covers more than half its range is \
                named as not pinned down by the logs. The predictive check plays the study again \
                with --draws values drawn from the fit and gives a p-value: at 0.01 or below, the \
                logs lie outside anything the fitted model plays, and the summaries with small p \
                say where.

                Writes to --output-dir: Players.plist (the fitted persona, every key written out, \
                ready to use as a design's Players.plist or to copy from; its name by --name), \
                calibration.json and calibration.html (the check's charts, per round), and prints \
                the results. Each finished stage is kept in stages/ as it ends: Ctrl-C stops the \
                fit (exit 130) and --resume continues it, simulating no finished stage again. \
                Results depend on the design, the logs and the options, never on --threads.

                --sbc N checks the fit itself (simulation-based calibration): N fits of studies \
                simulated from truths drawn from the ranges searched, and whether the truth's ranks \
                among the posterior's draws are uniform, written as sbc.json and sbc.html. Its fits \
                are independent: on a cluster, --sbc N with --shard I/M fits one M-th of them and \
                writes a part, and 'playbench merge' prints and writes the study exactly as one \
                machine would. A fit's own stages stay on one machine.

                Which settings are calibrated (Reports/relentless/calibration/sbc): one key at the \
                defaults is (findSeconds over 200 simulated fits: ranks uniform, 89% of its 90% \
                intervals held the truth), and so is one key --per-seat (266 of 300). Several \
                keys at once are not quite: beside describeSeconds, findSeconds' 90% intervals \
                held it 82 times in 100 at the defaults. Below the defaults (24 replicates, 3 \
                stages × 60 candidates) findSeconds' held it 85% of the time over 380 fits. \
                calibrate warns in both cases.

                Examples:
                  playbench calibrate Designs/relentless --log-template > Playtests.plist
                  playbench check Designs/relentless --playtests Playtests.plist
                  playbench calibrate Designs/relentless Playtests.plist --fit findSeconds,describeSeconds
                  playbench calibrate Designs/relentless thursday.csv friday.csv --fit describeSeconds --persona novice \\
                      --range describeSeconds=0.5:3 --output-dir fits/novice
                  playbench calibrate Designs/relentless Playtests.plist --fit findSeconds --resume
                  playbench calibrate Designs/relentless --fit findSeconds --sbc 200 --shard 3/10 --part parts/3.json

                Exits 0 with a fit (flagged or not), 1 when the design or a log has errors or no \
                candidate can play the logs, 64 on bad usage, 66/74 when a file is missing or \
                unreadable, 73 when --output-dir cannot be written, 130 when interrupted.

                \(GameHelp.command("calibrate", GameRegistry.active))
                """)
    }

    @Argument(help: "The design directory the playtests were played on.")
    var designDirectory: String

    @Argument(help: "Playtest logs: property lists, or CSV files (named .csv). See the reference's \"Playtest logs\".")
    var logs: [String] = []

    @Option(help: GameHelp.declared("fit", of: Self.declared))
    var fit: String?

    @Option(help: GameHelp.declared("range", of: Self.declared))
    var range: String?

    @Option(help: GameHelp.declared("persona", of: Self.declared))
    var persona: String?

    @Flag(help: GameHelp.declared("per-seat", of: Self.declared))
    var perSeat = false

    @Flag(help: GameHelp.declared("allow-empty", of: Self.declared))
    var allowEmpty = false

    @Option(help: GameHelp.declared("name", of: Self.declared))
    var name: String?

    @Option(help: GameHelp.declared("replicates", of: Self.declared))
    var replicates: Int?

    @Option(help: GameHelp.declared("pilot", of: Self.declared))
    var pilot: Int?

    @Option(help: GameHelp.declared("candidates", of: Self.declared))
    var candidates: Int?

    @Option(help: GameHelp.declared("stages", of: Self.declared))
    var stages: Int?

    @Option(help: GameHelp.declared("draws", of: Self.declared))
    var draws: Int?

    @Option(help: GameHelp.declared("level", of: Self.declared))
    var level: Double?

    @Option(parsing: .unconditional, help: GameHelp.declared("seed", of: Self.declared), transform: SeedArgument.parse)
    var seed: UInt64?

    @OptionGroup var threading: ThreadsOption
    var threads: Int? { threading.value }

    @Option(help: ArgumentHelp("Where the stages and the fitted files go.", valueName: "dir"))
    var outputDir: String = "calibration"

    @OptionGroup var resume: ResumeOption

    @Option(help: "Output: text (for people) or json (for scripts).")
    var format: OutputFormat = .text

    @Flag(help: "Print a log to start from, naming the design's version, and exit.")
    var logTemplate = false

    @Option(help: GameHelp.declared("synthetic-log", of: Self.declared))
    var syntheticLog: String?

    @Option(name: [.customLong("sbc"), .customLong("coverage")], help: GameHelp.declared("sbc", of: Self.declared))
    var sbc: Int?

    @OptionGroup var sharding: ShardOptions
    static let shardsOnlyAStudy = "splits a simulation-based calibration (--sbc N) over machines; a fit's own stages stay on one machine"

    @Option(help: GameHelp.declared("playtests", of: Self.declared))
    var playtests: Int?

    @Option(help: GameHelp.declared("rounds", of: Self.declared))
    var rounds: Int?

    @Option(name: .customLong(PlayersOption.name), help: GameHelp.declared(PlayersOption.name, of: Self.declared))
    var players: Int?

    enum OutputFormat: String, ExpressibleByArgument { case text, json }

    /// The options of `calibrate` a game declares (``GameSeam/CalibratingGame/calibrateOptions``).
    static func declared(_ game: any GameDefinition) -> [GameOption]? { (game as? any CalibratingGame)?.calibrateOptions }

    /// The games' options given, typed.
    private var given: [(name: String, value: GameOptionValue?)] {
        let integers: [(String, Int?)] = [
            ("replicates", replicates), ("pilot", pilot), ("candidates", candidates), ("stages", stages), ("draws", draws), ("sbc", sbc),
            ("playtests", playtests), ("rounds", rounds), (PlayersOption.name, players),
        ]
        let texts: [(String, String?)] = [("fit", fit), ("range", range), ("persona", persona), ("name", name), ("synthetic-log", syntheticLog)]
        let others: [(name: String, value: GameOptionValue?)] = [
            ("level", level.map(GameOptionValue.number)), ("seed", seed.map(GameOptionValue.seed)), ("per-seat", perSeat ? .flag : nil),
            ("allow-empty", allowEmpty ? .flag : nil),
        ]
        return integers.map { ($0.0, $0.1.map(GameOptionValue.integer)) } + texts.map { ($0.0, $0.1.map(GameOptionValue.text)) } + others
    }

    private var chosen = ChosenDesign()

    mutating func validate() throws {
        let design = chosen.design(designDirectory)
        let takers = GameRegistry.active.games.compactMap { $0 as? any CalibratingGame }
        guard design.game is any CalibratingGame else {
            throw ValidationError("\(design.label) is a design of \(design.game.name), which has no player model to fit; calibrate serves \(listed(takers.map(\.name))) designs")
        }
        try design.refuse(given.sorted { $0.name < $1.name }, of: Self.declared)
        if syntheticLog != nil && sbc != nil { throw ValidationError("--synthetic-log prints a log; --sbc runs a study: one at a time") }
        let printsALog = logTemplate || syntheticLog != nil
        if printsALog || sbc != nil {
            guard logs.isEmpty else {
                throw ValidationError("\(logTemplate ? "--log-template" : syntheticLog != nil ? "--synthetic-log" : "--sbc") reads no log: it \(printsALog ? "prints one" : "simulates its own")")
            }
            guard !resume.isOn || sbc == nil else { throw ResumeOption.refusal("continues a fit; an --sbc study starts over (on a cluster, its shards keep what they finished)") }
            if sharding.shard != nil && sbc == nil { throw ShardOptions.refusal(Self.shardsOnlyAStudy) }
        } else {
            guard !logs.isEmpty else { throw ValidationError("name at least one playtest log after the design (--log-template prints one to start from)") }
            if sharding.shard != nil { throw ShardOptions.refusal(Self.shardsOnlyAStudy) }
        }
        if !printsALog {
            guard fit != nil else { throw ValidationError("name the persona keys to fit with --fit, e.g. --fit findSeconds,describeSeconds") }
        }
    }

    mutating func run() throws { try calibrate(parts: nil) }

    mutating func execute(seamParts: SeamParts) throws { try calibrate(parts: seamParts) }

    /// The fit or study asked for: made here, a shard's fits of a study written as a part, or a
    /// study put together from the `parts` of a sharded one.
    private mutating func calibrate(parts: SeamParts?) throws {
        let design = chosen.design(designDirectory)
        guard let game = design.game as? any CalibratingGame else { throw ExitCode.validationFailure }
        if logTemplate || syntheticLog != nil {
            do throws(ContentError) {
                Output.standard(logTemplate ? try game.logTemplate(design).text : try game.syntheticLog(design, GameOptionValues(given)))
            } catch {
                throw Output.failure(error, command: "calibrate")
            }
            return
        }
        let files = try Output.exitingOnFileError { () throws(FileError) in
            try logs.map { path throws(FileError) in DesignFile(path: path, bytes: try FileIO.read(path)) }
        }
        let inputs = try SeamPlay.fingerprint(game, design)
        if let shard = try sharding.resolve(), let sbc {
            return try writeSBCPart(game, design, fits: sbc, shard: shard, inputs: inputs)
        }
        let merged = try parts.map { parts throws in try sbcFits(game, from: parts, fits: sbc ?? 0, inputs: inputs) }
        let job = CalibrationJob(inputs: inputs, logs: InputFingerprint.of(files.map { ($0.path, $0.bytes) }), options: GameOptionValues(given).asWritten.mapValues { $0.joined(separator: ",") })
        let store = try CalibrationStore(directory: outputDir, job: job, resume: resume.isOn)
        defer { store.close() }
        let interruption = Interruption()
        defer { interruption.end() }
        let bar = ProgressBar(label: "calibrate")
        let request = CalibrationRequest(
            options: GameOptionValues(given), threads: threads ?? MonteCarloRunner.availableProcessors, cancellation: interruption.cancellation,
            progress: { bar.update(done: $0, total: $1) }, stages: store)
        let outcome: CalibrationOutcome?
        do throws(ContentError) {
            if let merged {
                outcome = try game.sbcOutcome(design, request, fits: merged)
            } else {
                outcome = try game.calibrate(design, files, request)
            }
        } catch {
            bar.finish()
            throw Output.failure(error, command: "calibrate")
        }
        bar.finish()
        guard let outcome else {
            Output.error("\(Interruption.word): the finished stages are kept in \(outputDir)/stages; run the same command with \(ResumeOption.flag) to continue")
            throw ExitCode(Interruption.exitStatus)
        }
        if let failure = store.keepFailure { Output.warning("a stage could not be kept for \(ResumeOption.flag): \(failure)") }
        for warning in outcome.warnings { Output.warning(warning) }
        let json = Array(DiagnosticRenderer.json(outcome.json).utf8)
        let written = outcome.files + [(outcome.jsonFile, json)]
        try store.finish(written)
        switch format {
        case .text:
            Output.standard(outcome.text + "Wrote \(listed(written.map { "\(outputDir)/\($0.path)" })).\n")
        case .json:
            Output.standard(bytes: json)
        }
    }

    /// Shard `shard`'s fits of a study of `fits`, each its own unit (a run of one game in the
    /// part), written as a part; an error of the design or the options stops the shard with the
    /// fit's own message, and no part.
    private func writeSBCPart(_ game: any CalibratingGame, _ design: DesignDirectory, fits: Int, shard: Shard, inputs: String) throws {
        let options = GameOptionValues(given), threads = threads ?? MonteCarloRunner.availableProcessors
        func request(_ cancellation: Cancellation) -> CalibrationRequest {
            CalibrationRequest(options: options, threads: threads, cancellation: cancellation, progress: { _, _ in }, stages: NoStages())
        }
        do {
            try SeamPlay.writePart(
                gameName: game.name, runs: Self.fitNames(fits), shard: shard, options: sharding, blocks: GameBlocks(games: 1), inputs: inputs,
                unit: "fit"
            ) { (index, _, cancellation, blockFinished: @escaping @Sendable (Int, SBCFitRecord) -> Void) throws(ContentError) in
                guard let fit = try game.sbcFits(design, request(cancellation), fits: index..<(index + 1))?.first else { return false }
                blockFinished(0, fit)
                return true
            }
        } catch let error as ContentError {
            throw Output.failure(error, command: "calibrate")
        }
    }

    /// Every fit of a study of `fits` from the parts of a sharded one, each checked
    /// (``Calibration/SBCFitRecord/invariantViolation``), in the study's order.
    private func sbcFits(_ game: any CalibratingGame, from parts: SeamParts, fits: Int, inputs: String) throws -> [SBCFitRecord] {
        let reader = PartReader<SBCFitRecord>(gameName: game.name) { fit, games in
            games == 1 ? fit.invariantViolation : "a block of \(games) fits, where each fit is its own"
        }
        return try parts.blockStatistics(reader, lineups: Self.fitNames(fits), blocks: GameBlocks(games: 1), inputs: inputs) { _, _, _ in nil }
            .map { $0[0] }
    }

    /// The units of a study of `fits` in its parts, one name for each fit: the shard writes them
    /// and merge reads them by these names.
    private static func fitNames(_ fits: Int) -> [String] { (0..<fits).map { "fit \($0)" } }

    /// No stages kept: a simulation-based calibration's fits start over (``ResumeOption``).
    private struct NoStages: CalibrationStages {
        func recall(stage: Int, candidates: [[Double]]) -> [Double?]? { nil }
        func keep(stage: Int, candidates: [[Double]], logLikelihoods: [Double?]) {}
    }
}
