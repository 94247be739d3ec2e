import Diagnostics
import GameSeam
import PropertyList
import Relentless
import RelentlessBalance
import RelentlessGeneration
import RelentlessSimulation

/// A Relentless design's files as the command found them (``DesignFolder``): the catalogue and
/// parameters (C1), and the optional Pipeline.plist, Players.plist and Balance.plist. A design
/// with no directory is the built-in one, whole or paired with the files named one by one. The
/// command does the reading; nothing here touches the file system.
public enum RelentlessFiles {
    /// The catalogue and parameters (C1: both are needed), and how messages name the design.
    /// In a directory both must exist; the demo parameters are optional.
    public static func sources(_ folder: any DesignFolder) throws(DesignFileError) -> (DesignSources, label: String) {
        let named = NamedDesignFiles(folder)
        /// File `name`, which must exist where `path` says.
        func required(_ name: String, at path: String) throws(DesignFileError) -> DesignSources.File {
            guard let found = try folder.file(name) else { throw DesignFileError(kind: .missing, path: path, reason: "no such file") }
            return DesignSources.File(found)
        }
        func builtIn(_ name: String) -> DesignSources.File { DesignSources.File(BuiltInDesign.required(name)) }
        if named.given {
            let catalogue = try named.catalogue.map { path throws(DesignFileError) in try required(DesignSources.catalogueFileName, at: path) }
            let parameters = try named.parameters.map { path throws(DesignFileError) in try required(DesignSources.parametersFileName, at: path) }
            return (
                DesignSources(
                    catalogue: catalogue ?? builtIn(DesignSources.catalogueFileName), parameters: parameters ?? builtIn(DesignSources.parametersFileName)),
                named.label
            )
        }
        guard let directory = folder.directory else {
            let sources = DesignSources(
                catalogue: builtIn(DesignSources.catalogueFileName), parameters: builtIn(DesignSources.parametersFileName),
                demoParameters: builtIn(DesignSources.demoParametersFileName))
            return (sources, BuiltInDesign.label)
        }
        let sources = DesignSources(
            catalogue: try required(DesignSources.catalogueFileName, at: path(directory, DesignSources.catalogueFileName)),
            parameters: try required(DesignSources.parametersFileName, at: path(directory, DesignSources.parametersFileName)),
            demoParameters: try folder.file(DesignSources.demoParametersFileName).map(DesignSources.File.init))
        return (sources, directory)
    }

    /// Every file of a design directory that can change its games: the catalogue, both
    /// parameter files (C1), the personas and the round pipeline.
    public static let inputFileNames = [
        DesignSources.catalogueFileName, DesignSources.parametersFileName, DesignSources.demoParametersFileName, PlayersReader.fileName,
        PipelineChoice.fileName,
    ]

    /// The design read and checked (C1–C8) with the commands its Pipeline.plist chooses, after
    /// `choosing` applies a command's own choice, its parameters at the difficulties of the games
    /// `coverage` names; every diagnostic of both files, in that order.
    /// The design is nil only when its files cannot be read as one; callers decide what errors stop.
    public static func design(
        _ folder: any DesignFolder, coverage: StartCoverage = .minimum, choosing: (PipelineChoice) -> PipelineChoice = { $0 }
    ) throws(DesignFileError) -> (design: Design?, label: String, choice: PipelineChoice, diagnostics: [Diagnostic]) {
        let (sources, label) = try self.sources(folder)
        let (found, pipelineDiagnostics) = try pipeline(folder)
        let choice = choosing(found)
        let loaded = DesignLoader.load(sources, alsoUsed: choice.parametersRead, coverage: coverage)
        return (loaded.design, label, choice, loaded.diagnostics + pipelineDiagnostics)
    }

    /// The design's Pipeline.plist: the commands its rounds use (defaults when there is none, or
    /// for the built-in design), and what is wrong with the file.
    public static func pipeline(_ folder: any DesignFolder) throws(DesignFileError) -> (PipelineChoice, [Diagnostic]) {
        guard folder.directory != nil, let file = try folder.file(PipelineChoice.fileName) else { return (PipelineChoice(), []) }
        do throws(PlistError) {
            return PipelineFile.read(try PlistReader.read(bytes: file.bytes, limits: .design), file: file.path)
        } catch {
            return (PipelineChoice(), [error.diagnostic(file: file.path)])
        }
    }

    /// The personas: the design directory's own Players.plist, else the shipped one; with the
    /// label of the file they came from and what is wrong with it.
    public static func players(_ folder: any DesignFolder) throws(DesignFileError) -> (PlayerModel?, label: String, [Diagnostic]) {
        var file = BuiltInDesign.required(PlayersReader.fileName)
        // The personas a design's own file may extend (`base`); the shipped file extends its own.
        var shipped: [Persona] = []
        if folder.directory != nil, let own = try folder.file(PlayersReader.fileName) {
            file = own
            shipped = shippedPersonas
        }
        do throws(PlistError) {
            let (model, diagnostics) = PlayersReader.read(try PlistReader.read(bytes: file.bytes, limits: .design), file: file.path, shipped: shipped)
            return (model, file.path, diagnostics)
        } catch {
            return (nil, file.path, [error.diagnostic(file: file.path)])
        }
    }

    /// What `check` reads of the personas: the directory's own Players.plist, or the shipped one
    /// for the built-in design; nothing for a directory without one (play uses the shipped one).
    public static func playersForCheck(_ folder: any DesignFolder) throws(DesignFileError) -> (PlayerModel?, [Diagnostic]) {
        if folder.directory != nil, try folder.file(PlayersReader.fileName) == nil { return (nil, []) }
        let (model, _, diagnostics) = try players(folder)
        return (model, diagnostics)
    }

    /// The shipped Players.plist's personas (built in, and known to read cleanly: a test reads it).
    public static var shippedPersonas: [Persona] {
        guard let root = try? PlistReader.read(bytes: BuiltInDesign.required(PlayersReader.fileName).bytes, limits: .design) else { return [] }
        return PlayersReader.read(root, file: PlayersReader.fileName).0?.personas ?? []
    }

    /// The option that names a Balance.plist of another place (`gate --balance FILE`).
    public static let balanceOption = "balance"

    /// Whether the design has balance targets of its own to check: a Balance.plist named, in its
    /// directory, or the built-in design's.
    public static func hasBalance(_ folder: any DesignFolder) throws(DesignFileError) -> Bool {
        if folder.directory == nil || folder.namedFiles[balanceOption] != nil { return true }
        return try folder.file(BalanceReader.fileName) != nil
    }

    /// The balance targets (the file `--balance` names, else the design's, else the built-in
    /// design's), the file's label, and what is wrong with it, its teams and starts checked
    /// against `players` and `parameters` when given. A design directory without the file is a
    /// missing input whose reason says what to write.
    public static func balance(
        _ folder: any DesignFolder, players: PlayerModel?, parameters: Parameters?
    ) throws(DesignFileError) -> (BalancePlan?, label: String, [Diagnostic]) {
        let file = try balanceFile(folder)
        let (plan, diagnostics) = balance(file, players: players, parameters: parameters)
        return (plan, file.path, diagnostics)
    }

    /// The file of the balance targets: the one `--balance` names, else the design's, else the
    /// built-in design's. A design directory without one is a missing input whose reason says
    /// what to write.
    public static func balanceFile(_ folder: any DesignFolder) throws(DesignFileError) -> DesignFile {
        guard folder.namedFiles[balanceOption] != nil || folder.directory != nil else { return BuiltInDesign.required(BalanceReader.fileName) }
        guard let found = try folder.file(BalanceReader.fileName) else {
            throw DesignFileError(
                kind: .missing, path: folder.namedFiles[balanceOption] ?? path(folder.directory ?? "", BalanceReader.fileName),
                reason: "no such file: a gate needs balance targets; write them as the reference's \"Balance.plist\" article shows (playbench init DIR writes a commented one), or name a file with --balance")
        }
        return found
    }

    /// The balance targets of `file`, its teams and starts checked against `players` and
    /// `parameters` when given, and what is wrong with it.
    public static func balance(_ file: DesignFile, players: PlayerModel?, parameters: Parameters?) -> (BalancePlan?, [Diagnostic]) {
        do throws(PlistError) {
            let (plan, diagnostics) = BalanceFile.read(
                try PlistReader.read(bytes: file.bytes, limits: .design), file: file.path, personas: players?.names, teamSizes: parameters?.teamSizes,
                difficulties: parameters.flatMap(StartDifficulty.range))
            return (plan, diagnostics)
        } catch {
            return (nil, [error.diagnostic(file: file.path)])
        }
    }

    /// `directory/name` as the commands spell a file of a design directory.
    static func path(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

extension DesignSources.File {
    /// A design's file as the folder gave it, named as messages name it.
    public init(_ file: DesignFile) { self.init(name: file.path, bytes: file.bytes) }
}
