import Diagnostics
import GameSeam
import PropertyList
import Relentless
import RelentlessBalance

/// `playbench params` for Relentless: every key of the parameters file at every difficulty of
/// the ramp (M3), as generation and play use it (C6's fallbacks, C7's ceilings). Only the
/// parameters file is read: the catalogue plays no part in the values.
extension PlayableRelentless: TabulatingGame {
    /// `params --demo`.
    public static let demoOption = GameOption(
        "demo", .flag, help: "Table the design's DemoGameParameters.plist (demo mode, C1) instead of DefaultGameParameters.plist.")
    /// `params --players N`.
    public static let tablePlayersOption = GameOption(
        "players", .integer(1...1_000), valueName: "N",
        help: "The team size the values are for (only probOfSelectingAssembledItem's fallback, 1 / numberOfPlayers, depends on it). Default: minNumOfPlayers.")
    /// `params --start-difficulty D`.
    public static let tableStartOption = GameOption(
        "start-difficulty", .number, valueName: "D", help: "The difficulty the ramp starts from, the host's slider (M3). Default: minDifficultyLevel.")

    public var paramsOptions: [GameOption] { [Self.demoOption, Self.tablePlayersOption, Self.tableStartOption] }

    public func parameterTable(_ design: any DesignFolder, options: GameOptionValues, format: TableFormat) throws(ContentError) -> String {
        let name = options.isOn(Self.demoOption) ? DesignSources.demoParametersFileName : DesignSources.parametersFileName
        let file: DesignSources.File, label: String
        do throws(DesignFileError) {
            if design.directory != nil || !design.namedFiles.isEmpty {
                guard let found = try design.file(name) else {
                    let path = design.namedFiles[NamedDesignFiles.parametersOption] ?? RelentlessFiles.path(design.directory ?? "", name)
                    throw DesignFileError(kind: .missing, path: path, reason: "no such file")
                }
                (file, label) = (DesignSources.File(found), found.path)
            } else {
                file = BuiltInDesign.file(name).map(DesignSources.File.init) ?? DesignSources.File(name: name, bytes: [])
                label = "the shipped design's \(name) (built in)"
            }
        } catch {
            throw .file(error)
        }
        var diagnostics: [Diagnostic]
        var parameters = Parameters(file: file.name)
        do throws(PlistError) {
            (parameters, diagnostics) = ParametersReader.read(try PlistReader.read(bytes: file.bytes, limits: .design), file: file.name)
        } catch {
            diagnostics = [error.diagnostic(file: file.name)]
        }
        var start: Double?
        if !diagnostics.hasErrors {
            if let value = try options.usage.number(Self.tableStartOption) {
                guard StartDifficulty.allows(value, in: parameters) else {
                    throw .usage("--start-difficulty \(StartDifficulty.refusal(value, in: parameters)) of \(label)")
                }
                start = value
            }
            // The values of a ramp the game could not play would mislead: its errors first.
            diagnostics += ParameterChecks.check(parameters, start: start).filter { $0.severity == .error }
        }
        guard !diagnostics.hasErrors else { throw .design(label: label, diagnostics: diagnostics.filter { $0.severity == .error }) }
        let sizes = parameters.teamSizes
        let team = try options.usage.integer(Self.tablePlayersOption) ?? sizes?.lowerBound ?? 3
        if let sizes, !sizes.contains(team) {
            throw .usage("--players \(team) is outside the design's team sizes \(sizes.lowerBound)...\(sizes.upperBound) (minNumOfPlayers...maxNumOfPlayers)")
        }
        let normalised = StartDifficulty.normalised(start, for: parameters)
        let schedule = ParameterSchedule(parameters, start: normalised, players: team)
        return ParameterScheduleText.render(schedule, label: label, start: normalised, as: format)
    }
}
