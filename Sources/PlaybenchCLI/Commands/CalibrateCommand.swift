import ArgumentParser
import Diagnostics
import Foundation
import GameSeam
import MonteCarlo

struct CalibrateCommand: ParsableCommand {
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

                Examples:
                  playbench calibrate Designs/relentless --log-template > Playtests.plist
                  playbench check Designs/relentless --playtests Playtests.plist
                  playbench calibrate Designs/relentless Playtests.plist --fit findSeconds,describeSeconds
                  playbench calibrate Designs/relentless thursday.csv friday.csv --fit describeSeconds --persona novice \\
                      --range describeSeconds=0.5:3 --output-dir fits/novice
                  playbench calibrate Designs/relentless Playtests.plist --fit findSeconds --resume

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

    @Option(help: ArgumentHelp("The persona keys to fit, comma-separated (at most 4): describeSeconds, identifySeconds, findSeconds, packSeconds, assembleSeconds, passSeconds, misunderstandChance, confusionPerGroupItem, wrongTeammateChance, timeSpread. A table by kind is fitted as one factor on its four values.", valueName: "keys"))
    var fit: String?

    @Option(help: ArgumentHelp("Ranges searched, KEY=LOW:HIGH, comma-separated. Default: a quarter to four times the persona's value for times and tables (misunderstandChance 0.1 to 10 times), chances 0 to max(0.5, 4×), timeSpread 0 to 1.5.", valueName: "ranges"))
    var range: String?

    @Option(help: ArgumentHelp("The persona every seat plays, its other keys held at their values. Default: the first of Players.plist's defaultTeam.", valueName: "name"))
    var persona: String?

    @Flag(help: "Fit a persona per seat (NAME-seat1, NAME-seat2, …) from the players' own counts in the logs; every playtest must seat as many. Default: one persona for the whole team.")
    var perSeat = false

    @Flag(help: "Fit logs that cannot be what a table played (every count 0, as a log template; a round ending after its time), which check --playtests warns of. Default: refuse them.")
    var allowEmpty = false

    @Option(help: ArgumentHelp("The fitted persona's name in the Players.plist written. Default: PERSONA-fitted.", valueName: "name"))
    var name: String?

    @Option(help: "Simulated studies per candidate (at least twice the keys fitted and two; default: 40).")
    var replicates: Int?

    @Option(help: "Studies simulated once each from the ranges searched, to reduce the summaries to one per key fitted (at least ten per summary; default: 400).")
    var pilot: Int?

    @Option(help: "Candidates per stage of the sampler (default: 200).")
    var candidates: Int?

    @Option(help: "Stages of the sampler (default: 4).")
    var stages: Int?

    @Option(help: "Studies played from the fit for the predictive check (default: 199).")
    var draws: Int?

    @Option(help: "The intervals' credible level, in (0, 1) (default: 0.9).")
    var level: Double?

    @Option(parsing: .unconditional, help: "The seed of the sampler and of every simulated game (default: 1).", transform: SeedArgument.parse)
    var seed: UInt64?

    @OptionGroup var threading: ThreadsOption
    var threads: Int? { threading.value }

    @Option(help: ArgumentHelp("Where the stages and the fitted files go.", valueName: "dir"))
    var outputDir: String = "calibration"

    @Flag(help: "Continue the fit in --output-dir: simulate only the stages it does not have yet.")
    var resume = false

    @Option(help: "Output: text (for people) or json (for scripts).")
    var format: OutputFormat = .text

    @Flag(help: "Print a log to start from, naming the design's version, and exit.")
    var logTemplate = false

    @Option(help: ArgumentHelp("Print a log of --playtests games of --rounds rounds that a team of --players PERSONA plays, and exit: fit it back to see what a study of that size pins down.", valueName: "persona"))
    var syntheticLog: String?

    @Option(help: ArgumentHelp("Run a coverage study instead of a fit: N times, true values drawn from the ranges searched, a study of --playtests × --rounds simulated from them and fitted; prints how often the intervals held the truth.", valueName: "N"))
    var coverage: Int?

    @Option(help: "Playtests a synthetic log or a coverage study's studies hold (default: 24).")
    var playtests: Int?

    @Option(help: "Rounds each of those playtests lasts at most (default: 5).")
    var rounds: Int?

    @Option(help: "Players in each of those playtests (default: Players.plist's defaultTeam's size).")
    var players: Int?

    enum OutputFormat: String, ExpressibleByArgument { case text, json }

    /// The options the game reads, by long name, as given.
    private var given: [String: String] {
        let numbers: [(String, Int?)] = [
            ("replicates", replicates), ("pilot", pilot), ("candidates", candidates), ("stages", stages), ("draws", draws), ("coverage", coverage),
            ("playtests", playtests), ("rounds", rounds), ("players", players),
        ]
        let texts: [(String, String?)] = [
            ("fit", fit), ("range", range), ("persona", persona), ("name", name), ("level", level.map { "\($0)" }), ("seed", seed.map { String($0) }),
            ("synthetic-log", syntheticLog), ("per-seat", perSeat ? "" : nil), ("allow-empty", allowEmpty ? "" : nil),
        ]
        var options: [String: String] = [:]
        for (key, value) in numbers { if let value { options[key] = String(value) } }
        for (key, value) in texts { if let value { options[key] = value } }
        return options
    }

    func validate() throws {
        let design = DesignDirectory(designDirectory)
        let takers = GameRegistry.active.games.compactMap { $0 as? any CalibratingGame }
        guard let game = design.game as? any CalibratingGame else {
            throw ValidationError("\(design.label) is a design of \(design.game.name), which has no player model to fit; calibrate serves \(listed(takers.map(\.name))) designs")
        }
        for option in given.keys.sorted() where !game.calibrateOptions.contains(option) {
            try design.refuse("--\(option)", given: true, takenBy: takers.filter { $0.calibrateOptions.contains(option) })
        }
        if syntheticLog != nil && coverage != nil { throw ValidationError("--synthetic-log prints a log; --coverage runs a study: one at a time") }
        let printsALog = logTemplate || syntheticLog != nil
        if printsALog || coverage != nil {
            guard logs.isEmpty else {
                throw ValidationError("\(logTemplate ? "--log-template" : syntheticLog != nil ? "--synthetic-log" : "--coverage") reads no log: it \(printsALog ? "prints one" : "simulates its own")")
            }
            guard !resume || coverage == nil else { throw ValidationError("--resume continues a fit; a coverage study starts over") }
        } else {
            guard !logs.isEmpty else { throw ValidationError("name at least one playtest log after the design (--log-template prints one to start from)") }
        }
        if !printsALog {
            guard fit != nil else { throw ValidationError("name the persona keys to fit with --fit, e.g. --fit findSeconds,describeSeconds") }
        }
    }

    func run() throws {
        let design = DesignDirectory(designDirectory)
        guard let game = design.game as? any CalibratingGame else { throw ExitCode.validationFailure }
        if logTemplate || syntheticLog != nil {
            do throws(ContentError) {
                Output.standard(logTemplate ? try game.logTemplate(design).text : try game.syntheticLog(design, given))
            } catch {
                throw Output.failure(error, command: "calibrate")
            }
            return
        }
        let files = try Output.exitingOnFileError { () throws(FileError) in
            try logs.map { path throws(FileError) in DesignFile(path: path, bytes: try FileIO.read(path)) }
        }
        let inputs = try Output.exitingOnFileError { () throws(FileError) in
            do throws(DesignFileError) {
                var files: [(name: String, bytes: [UInt8])] = []
                for name in game.inputFileNames { if let file = try design.file(name) { files.append((name, file.bytes)) } }
                return InputFingerprint.of(files)
            } catch {
                throw FileError(error)
            }
        }
        let job = CalibrationJob(inputs: inputs, logs: InputFingerprint.of(files.map { ($0.path, $0.bytes) }), options: given)
        let store = try CalibrationStore(directory: outputDir, job: job, resume: resume)
        defer { store.close() }
        let interruption = Interruption()
        defer { interruption.end() }
        let bar = ProgressBar(label: "calibrate")
        let request = CalibrationRequest(
            options: given, threads: threads ?? MonteCarloRunner.availableProcessors, cancellation: interruption.cancellation,
            progress: { bar.update(done: $0, total: $1) }, stages: store)
        let outcome: CalibrationOutcome?
        do throws(ContentError) {
            outcome = try game.calibrate(design, files, request)
        } catch {
            bar.finish()
            throw Output.failure(error, command: "calibrate")
        }
        bar.finish()
        guard let outcome else {
            Output.error("\(Interruption.word): the finished stages are kept in \(outputDir)/stages; run the same command with --resume to continue")
            throw ExitCode(Interruption.exitStatus)
        }
        if let failure = store.keepFailure { Output.error("warning: a stage could not be kept for --resume: \(failure)") }
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
}
