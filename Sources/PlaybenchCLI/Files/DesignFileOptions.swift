import ArgumentParser

/// The files of a design a user may name one by one instead of its directory (the options of
/// the games' ``GameSeam/GameDefinition/fileOptions``): shared by check, generate and simulate.
struct DesignFileOptions: ParsableArguments {
    @Option(
        name: .customLong("catalogue"),
        help: ArgumentHelp(
            GameHelp.fileOption("catalogue", "use this catalogue file (GameConfig.plist) instead of a design directory, with the built-in parameters unless --parameters is given."),
            valueName: "file"))
    var catalogue: String?

    @Option(
        name: .customLong("parameters"),
        help: ArgumentHelp(
            GameHelp.fileOption("parameters", "use this parameters file (DefaultGameParameters.plist) instead of a design directory, with the built-in catalogue unless --catalogue is given."),
            valueName: "file"))
    var parameters: String?

    /// The files named, by option.
    var named: [String: String] {
        var named: [String: String] = [:]
        named["catalogue"] = catalogue
        named["parameters"] = parameters
        return named
    }

    /// Whether any file was named.
    var given: Bool { !named.isEmpty }

    /// A design directory and files are two designs: naming both is a usage error.
    func validate(designDirectory: String?) throws {
        if designDirectory != nil, given {
            throw ValidationError("give a design directory or files named one by one (\(named.keys.sorted().map { "--" + $0 }.joined(separator: ", "))), not both")
        }
    }
}
