import Calibration
import Diagnostics
import GameSeam
import MonteCarlo
import PropertyList
import Relentless
import RelentlessCalibration
import RelentlessGeneration
import RelentlessReports
import RelentlessSimulation

/// Relentless's personas fitted to playtest logs (`playbench calibrate`, issue 22): the logs read
/// against the design's version, the fit (``PersonaCalibration``), and its files: the fitted
/// Players.plist, calibration.json and calibration.html.
extension PlayableRelentless: CalibratingGame {

    /// The design's version (``DesignVersion``) from the files it was read from.
    static func version(_ folder: any DesignFolder) throws(DesignFileError) -> String {
        let (sources, _) = try RelentlessFiles.sources(folder)
        // By the files' own names: the same files give the same version wherever they are.
        var files: [(name: String, bytes: [UInt8])] = []
        if let catalogue = sources.catalogue { files.append((DesignSources.catalogueFileName, catalogue.bytes)) }
        if let parameters = sources.parameters { files.append((DesignSources.parametersFileName, parameters.bytes)) }
        if let demo = sources.demoParameters { files.append((DesignSources.demoParametersFileName, demo.bytes)) }
        if folder.directory != nil, let pipeline = try folder.file(PipelineChoice.fileName) { files.append((PipelineChoice.fileName, pipeline.bytes)) }
        return DesignVersion.of(files)
    }

    public func logTemplate(_ design: any DesignFolder) throws(ContentError) -> (fileName: String, text: String) {
        let version: String
        do throws(DesignFileError) { version = try Self.version(design) } catch { throw .file(error) }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <!-- A playtest log for playbench calibrate: one dict per game played, one per round in it.
                 Every key of a round may be left out (not noted); the reference's "Playtest logs" says what each means.
                 The round below is a placeholder to replace: until then check warns of it and calibrate refuses it. -->
            <plist version="1.0">
            <dict>
              <key>design</key> <string>\(version)</string>
              <key>playtests</key>
              <array>
                <dict>
                  <key>name</key> <string>first evening</string>
                  <key>teamSize</key> <integer>4</integer>
                  <key>maxRounds</key> <integer>1</integer>
                  <key>rounds</key>
                  <array>
                    <dict>
                      <key>correct</key> <integer>0</integer> <key>wrong</key> <integer>0</integer> <key>timedOut</key> <integer>0</integer>
                      <key>end</key> <string>time</string> <key>endSeconds</key> <real>180</real> <key>money</key> <integer>0</integer>
                    </dict>
                  </array>
                </dict>
              </array>
            </dict>
            </plist>

            """
        return ("Playtests.plist", text)
    }

    /// The design, its personas and version, ready for a fit; the design's errors are
    /// ``ContentError/design(label:diagnostics:)``.
    func calibrationInputs(_ folder: any DesignFolder) throws(ContentError) -> (design: Design, label: String, choice: PipelineChoice, model: PlayerModel, version: String, prepared: PreparedDesign) {
        let read: (design: Design?, label: String, choice: PipelineChoice, diagnostics: [Diagnostic])
        let players: (PlayerModel?, label: String, [Diagnostic])
        let version: String
        do throws(DesignFileError) {
            read = try RelentlessFiles.design(folder)
            players = try RelentlessFiles.players(folder)
            version = try Self.version(folder)
        } catch {
            throw .file(error)
        }
        let diagnostics = read.diagnostics + players.2
        guard let design = read.design, let model = players.0, !diagnostics.hasErrors else { throw .design(label: read.label, diagnostics: diagnostics) }
        let prepared: PreparedDesign
        do { prepared = try PreparedDesign(design) } catch { throw .failed("\(read.label) cannot be played: \(error)") }
        return (design, read.label, read.choice, model, version, prepared)
    }

    /// The size of a synthetic study: `--playtests`, `--rounds`, `--players`.
    static func studySize(_ options: GameOptionValues, model: PlayerModel, parameters: Parameters) throws(ContentError) -> (playtests: Int, rounds: Int, players: Int) {
        let players = try options.usage.integer(CalibrateOption.players) ?? model.defaultTeam.count
        if let sizes = parameters.teamSizes, !sizes.contains(players) {
            throw .usage("--players \(players): this design's team sizes are \(sizes.lowerBound)...\(sizes.upperBound) (minNumOfPlayers...maxNumOfPlayers, C6)")
        }
        return (try options.usage.integer(CalibrateOption.playtests) ?? 0, try options.usage.integer(CalibrateOption.rounds) ?? 0, players)
    }

    public func syntheticLog(_ folder: any DesignFolder, _ options: GameOptionValues) throws(ContentError) -> String {
        let inputs = try calibrationInputs(folder)
        let name = try options.usage.text(CalibrateOption.syntheticLog) ?? ""
        guard let persona = inputs.model.persona(named: name) else {
            throw .usage("--synthetic-log: no persona \"\(name)\" in the design's Players.plist (\(inputs.model.names.joined(separator: ", ")))")
        }
        let size = try Self.studySize(options, model: inputs.model, parameters: inputs.design.parameters)
        let seed = try options.usage.seed(CalibrateOption.seed) ?? 1
        let log = SyntheticPlaytests.log(
            design: inputs.prepared, pipeline: inputs.choice.pipeline, version: inputs.version, team: Array(repeating: persona, count: size.players),
            playtests: size.playtests, rounds: size.rounds, seed: seed)
        return PlaytestLogWriter.plist(log)
    }

    public func checkLogs(_ design: any DesignFolder, _ logs: [DesignFile]) throws(DesignFileError) -> [Diagnostic] {
        let read = try RelentlessFiles.design(design)
        guard let parameters = read.design?.parameters else { return [] }
        let version = try Self.version(design)
        return logs.flatMap { Self.read($0, version: version, parameters: parameters).1 }
    }

    /// A log by its name: `.csv` is CSV, anything else a property list.
    static func read(_ file: DesignFile, version: String, parameters: Parameters) -> (PlaytestLog?, [Diagnostic]) {
        if file.path.lowercased().hasSuffix(".csv") {
            return PlaytestCSVReader.read(bytes: file.bytes, file: file.path, version: version, parameters: parameters)
        }
        do throws(PlistError) {
            return PlaytestLogReader.read(try PlistReader.read(bytes: file.bytes, limits: .design), file: file.path, version: version, parameters: parameters)
        } catch {
            return (nil, [error.diagnostic(file: file.path)])
        }
    }

    public func calibrate(_ folder: any DesignFolder, _ logs: [DesignFile], _ request: CalibrationRequest) throws(ContentError) -> CalibrationOutcome? {
        let inputs = try calibrationInputs(folder)
        let (design, model, version, prepared) = (inputs.design, inputs.model, inputs.version, inputs.prepared)
        let options = try CalibrationOptions(request.options, model: model, threads: request.threads)
        if let study = try sbcStudy(request, model: model, design: design, options: options) {
            guard let fits = try sbcFits(folder, request, fits: 0..<study.repetitions) else { return nil }
            return try sbcOutcome(folder, request, fits: fits)
        }
        var parsed: [PlaytestLog] = []
        var logDiagnostics: [Diagnostic] = []
        for file in logs {
            let (log, found) = Self.read(file, version: version, parameters: design.parameters)
            logDiagnostics += found
            if let log { parsed.append(log) }
        }
        guard !logDiagnostics.hasErrors, let log = PlaytestLog.merged(parsed) else {
            throw .design(label: logs.map(\.path).joined(separator: ", "), diagnostics: logDiagnostics)
        }
        // A log no table could have written (a template's zeros, a round past its time) is not
        // fitted unless the user says it is meant (issue 39: a template fitted at p = 0.005).
        if !request.options.isOn(CalibrateOption.allowEmpty) {
            var times = PlaytestChecks.RoundTimes(design.parameters)
            let implausible = log.playtests.filter { !PlaytestChecks.implausibilities(of: $0, times: &times).isEmpty }
            if !implausible.isEmpty {
                throw .failed(
                    "\(counted(implausible.count, "playtest")) of the logs cannot be what a table played (\(briefList(implausible.map { "\"\($0.name)\"" }, separator: ", "))): see playbench check --playtests; give --allow-empty to fit them anyway")
            }
        }
        let calibration: PersonaCalibration
        do throws(CalibrationError) {
            calibration = try PersonaCalibration(design: prepared, pipeline: inputs.choice.pipeline, log: log, settings: options.settings)
        } catch {
            throw .usage(error.description)
        }
        let stages = request.stages
        let memo = PersonaCalibration.StageMemo(
            recall: { stages.recall(stage: $0, candidates: $1) }, keep: { stages.keep(stage: $0, candidates: $1, logLikelihoods: $2) })
        guard let result = calibration.run(cancellation: request.cancellation, memo: memo, progress: request.progress) else {
            if request.cancellation.isCancelled { return nil }
            throw .failed("no persona in the ranges searched can play these playtests: every candidate's games failed")
        }
        let report = CalibrationReport(result: result, design: inputs.label, version: version, logs: logs.map(\.path))
        let sizes = log.playtests.map(\.teamSize)
        let team = Set(sizes).max { a, b in (sizes.filter { $0 == a }.count, b) < (sizes.filter { $0 == b }.count, a) } ?? 4
        let playersFile = FittedPlayersFile.text(result, name: options.name, team: team, personas: model.personas)
        return CalibrationOutcome(
            text: report.text + "\n", json: report.json,
            files: [("Players.plist", Array(playersFile.utf8)), ("calibration.html", Array(report.html.utf8))],
            warnings: options.settings.narrowIntervalsWarnings)
    }

    /// The simulation-based calibration `request` asks for (`--sbc N`), or nil.
    private func sbcStudy(_ request: CalibrationRequest, model: PlayerModel, design: Design, options: CalibrationOptions) throws(ContentError) -> SBCStudy? {
        guard let repetitions = try request.options.usage.integer(CalibrateOption.sbc) else { return nil }
        let size = try Self.studySize(request.options, model: model, parameters: design.parameters)
        return SBCStudy(calibration: options.settings, repetitions: repetitions, playtests: size.playtests, rounds: size.rounds, players: size.players)
    }

    public func sbcFits(_ folder: any DesignFolder, _ request: CalibrationRequest, fits: Range<Int>) throws(ContentError) -> [SBCFitRecord]? {
        let inputs = try calibrationInputs(folder)
        let options = try CalibrationOptions(request.options, model: inputs.model, threads: request.threads)
        guard let study = try sbcStudy(request, model: inputs.model, design: inputs.design, options: options) else {
            throw .usage("a simulation-based calibration needs --sbc N")
        }
        do throws(CalibrationError) {
            return try study.fits(
                fits, design: inputs.prepared, pipeline: inputs.choice.pipeline, version: inputs.version, cancellation: request.cancellation,
                progress: request.progress)
        } catch {
            throw .usage(error.description)
        }
    }

    public func sbcOutcome(_ folder: any DesignFolder, _ request: CalibrationRequest, fits: [SBCFitRecord]) throws(ContentError) -> CalibrationOutcome {
        let inputs = try calibrationInputs(folder)
        let options = try CalibrationOptions(request.options, model: inputs.model, threads: request.threads)
        guard let study = try sbcStudy(request, model: inputs.model, design: inputs.design, options: options) else {
            throw .usage("a simulation-based calibration needs --sbc N")
        }
        let result: SBCStudy.Result
        do throws(CalibrationError) {
            result = try study.result(fits)
        } catch {
            throw .usage(error.description)
        }
        guard fits.count == study.repetitions, fits.allSatisfy({ $0.truth.count == result.keys.count }) else {
            throw .failed("the study's fits are \(fits.count) of \(study.repetitions), each of \(result.keys.count) keys: these are not its fits")
        }
        let report = SBCReport(result: result, study: study, design: inputs.label)
        return CalibrationOutcome(
            text: report.text, json: report.json, files: [("sbc.html", Array(report.html.utf8))], jsonFile: "sbc.json",
            warnings: options.settings.narrowIntervalsWarnings)
    }
}

/// `calibrate`'s options for Relentless, read and checked.
struct CalibrationOptions {
    var settings: PersonaCalibration.Settings
    /// The fitted persona's name in the Players.plist written.
    var name: String

    init(_ options: GameOptionValues, model: PlayerModel, threads: Int) throws(ContentError) {
        typealias Option = PlayableRelentless.CalibrateOption
        // Each of these options is declared with a default.
        func integer(_ option: GameOption) throws(ContentError) -> Int { try options.usage.integer(option) ?? 0 }
        guard let fitText = try options.usage.text(Option.fit) else {
            throw .usage("name the persona keys to fit with --fit (\(FittablePersonaParameter.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        var fit: [FittablePersonaParameter] = []
        for word in fitText.split(separator: ",").map({ String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }) {
            guard let key = FittablePersonaParameter(rawValue: word) else {
                let names = FittablePersonaParameter.allCases.map(\.rawValue)
                let habit = ["ordersAtOnce", "strategy", "hopelessOrders"].contains(word)
                    ? ": \(word) is a habit, not a magnitude; compare its values with diff instead" : ""
                throw .usage(
                    "--fit: \"\(word)\" is not a persona key that can be fitted\(habit)\(Suggestion.nearest(to: word, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""); the keys are \(names.joined(separator: ", "))")
            }
            guard !fit.contains(key) else { throw .usage("--fit names \(word) twice") }
            fit.append(key)
        }
        guard fit.count <= 4 else { throw .usage("--fit names \(fit.count) keys; fit at most 4 at once (a posterior over more needs far more candidates than a run can play)") }
        let personaName = try options.usage.text(Option.persona) ?? model.defaultTeam.first ?? ""
        guard let base = model.persona(named: personaName) else {
            throw .usage("--persona: no persona \"\(personaName)\" in the design's Players.plist (\(model.names.joined(separator: ", ")))")
        }
        var ranges: [FittablePersonaParameter: ClosedRange<Double>] = [:]
        for item in (try options.usage.text(Option.range) ?? "").split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            let bounds = parts.count == 2 ? parts[1].split(separator: ":").map { Double($0) } : []
            guard parts.count == 2, let key = FittablePersonaParameter(rawValue: parts[0]), bounds.count == 2, let low = bounds[0], let high = bounds[1] else {
                throw .usage("--range takes KEY=LOW:HIGH, comma separated (findSeconds=1:8), not \(item)")
            }
            guard fit.contains(key) else { throw .usage("--range \(key.rawValue): it is not one of the keys --fit names") }
            guard low.isFinite, high.isFinite, low < high, key.scale == .linear || low > 0 else {
                throw .usage("--range \(key.rawValue)=\(parts[1]): LOW must be below HIGH, both finite\(key.scale == .logarithmic ? " and above 0 (fitted on a logarithmic scale)" : "")")
            }
            ranges[key] = low...high
        }
        let level = try options.usage.number(Option.level) ?? 0
        guard level > 0, level < 1 else { throw .usage("--level takes a number between 0 and 1 (0.9 for 90% intervals), not \(level.designerText)") }
        let seed = try options.usage.seed(Option.seed) ?? 1
        settings = PersonaCalibration.Settings(
            fit: fit, ranges: ranges, base: base, perSeat: options.isOn(Option.perSeat), replicates: try integer(Option.replicates),
            pilot: try integer(Option.pilot), sampler: .init(candidatesPerStage: try integer(Option.candidates), stages: try integer(Option.stages)),
            predictiveDraws: try integer(Option.draws), level: level, seed: seed, threads: threads)
        name = try options.usage.text(Option.name) ?? "\(base.name)-fitted"
        guard !name.isEmpty else { throw .usage("--name cannot be empty") }
    }
}
