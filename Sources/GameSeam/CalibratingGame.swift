import Calibration
import Diagnostics
import MonteCarlo

/// A game whose player model can be fitted to what real players did: what `playbench calibrate`
/// serves through the seam. The command reads the design's files and the logs, refuses options
/// the game does not take (``calibrateOptions``), keeps the fit's finished stages in its output
/// directory (``CalibrationStages``) and writes what comes back; the game reads and fits.
public protocol CalibratingGame: GameDefinition {
    /// The options of `calibrate` this game takes ("fit", "range"), declared once.
    var calibrateOptions: [GameOption] { get }

    /// A log to start from: a file name and its text, naming the design's version, with one
    /// example record to replace.
    func logTemplate(_ design: any DesignFolder) throws(ContentError) -> (fileName: String, text: String)

    /// A log of playtests the model itself plays (`--synthetic-log`): what a study of that size
    /// would show, to fit back and see what it can pin down before a studio runs one.
    func syntheticLog(_ design: any DesignFolder, _ options: GameOptionValues) throws(ContentError) -> String

    /// The logs read against the design (its version, what a record can be): located
    /// diagnostics, as `check --playtests` prints them.
    func checkLogs(_ design: any DesignFolder, _ logs: [DesignFile]) throws(DesignFileError) -> [Diagnostic]

    /// The fit `request` asks for. Throws ``ContentError`` for the design's or the logs' errors
    /// (1), an option value the game refuses (64) or a fit that cannot be made (1); returns nil
    /// when cancelled.
    func calibrate(_ design: any DesignFolder, _ logs: [DesignFile], _ request: CalibrationRequest) throws(ContentError) -> CalibrationOutcome?

    /// Fits `fits` (0-based, in the study's order) of the simulation-based calibration `request`
    /// asks for (`calibrate --sbc N`), each exactly as the whole study makes it: what a shard of
    /// a study on a cluster plays. Returns nil when cancelled.
    func sbcFits(_ design: any DesignFolder, _ request: CalibrationRequest, fits: Range<Int>) throws(ContentError) -> [SBCFitRecord]?

    /// The study's outcome from every one of its fits, in order (`merge` of a sharded study):
    /// what ``calibrate(_:_:_:)`` gives for the whole study.
    func sbcOutcome(_ design: any DesignFolder, _ request: CalibrationRequest, fits: [SBCFitRecord]) throws(ContentError) -> CalibrationOutcome
}

/// What the user asked `calibrate` for.
public struct CalibrationRequest: Sendable {
    /// The options of ``CalibratingGame/calibrateOptions`` given.
    public var options: GameOptionValues
    public var threads: Int
    public var cancellation: Cancellation
    /// Candidates simulated so far, and how many the fit will simulate.
    public var progress: @Sendable (Int, Int) -> Void
    public var stages: any CalibrationStages

    public init(
        options: GameOptionValues, threads: Int, cancellation: Cancellation, progress: @escaping @Sendable (Int, Int) -> Void,
        stages: any CalibrationStages
    ) {
        self.options = options
        self.threads = threads
        self.cancellation = cancellation
        self.progress = progress
        self.stages = stages
    }
}

/// The stages of a fit an earlier run finished (for `--resume`), and where this run keeps each
/// stage it finishes. A stage is its candidates (each a list of numbers) and their
/// log-likelihoods (nil: not playable).
public protocol CalibrationStages: Sendable {
    /// The log-likelihoods kept for `stage` when its candidates were exactly these; nil otherwise.
    func recall(stage: Int, candidates: [[Double]]) -> [Double?]?
    func keep(stage: Int, candidates: [[Double]], logLikelihoods: [Double?])
}

/// A fit's results: for people, for tools, and the files it writes.
public struct CalibrationOutcome: Sendable {
    public var text: String
    /// Written by the command as every command writes JSON (pretty, keys sorted).
    public var json: any Encodable & Sendable
    /// Paths relative to the output directory and their bytes (the fitted model ready to use, a
    /// page with the predictive check's charts).
    public var files: [(path: String, bytes: [UInt8])]
    /// The name the JSON is written under in the output directory.
    public var jsonFile: String
    /// What the user should know of how far to trust the result (settings whose intervals were
    /// measured too narrow), printed on standard error, apart from the results scripts read.
    public var warnings: [String]

    public init(
        text: String, json: any Encodable & Sendable, files: [(path: String, bytes: [UInt8])], jsonFile: String = "calibration.json", warnings: [String] = []
    ) {
        self.text = text
        self.json = json
        self.files = files
        self.jsonFile = jsonFile
        self.warnings = warnings
    }
}
