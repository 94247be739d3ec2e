import ArgumentParser
import Foundation
import Relentless

/// A Relentless design named file by file (`--catalogue FILE`, `--parameters FILE`) instead of as
/// a directory. A file given alone is paired with the other half of the shipped design (C1 needs
/// both), so that a pre-commit hook can check one file of a commit, and the round or game a
/// finding names can be generated or played from the same files.
struct NamedDesignFiles: Sendable, Hashable {
    var catalogue: String?
    var parameters: String?

    static let none = NamedDesignFiles()

    var given: Bool { catalogue != nil || parameters != nil }

    /// The design's files and how messages name the design: these files (with the built-in other
    /// half), else the directory, else the shipped design.
    func sources(designDirectory: String?) throws(FileError) -> (DesignSources, label: String) {
        guard given else { return try DesignFiles.directoryOrBuiltIn(designDirectory) }
        let builtIn = DesignFiles.builtIn()
        let sources = DesignSources(
            catalogue: try DesignFiles.single(catalogue) ?? builtIn.catalogue,
            parameters: try DesignFiles.single(parameters) ?? builtIn.parameters)
        return (sources, label)
    }

    /// How messages name the files given, and the built-in half they are paired with.
    var label: String {
        var label = [catalogue, parameters].compactMap { $0 }.joined(separator: " and ")
        if catalogue == nil { label += " (with the built-in catalogue)" }
        if parameters == nil { label += " (with the built-in parameters)" }
        return label
    }

    /// The options that name these files again, for the commands a run prints to reproduce a
    /// round or replay a game.
    var words: [String] {
        var words: [String] = []
        if let catalogue { words += ["--catalogue", GenerateCommand.shellQuoted(catalogue)] }
        if let parameters { words += ["--parameters", GenerateCommand.shellQuoted(parameters)] }
        return words
    }

    /// A design directory and files are two designs: naming both is a usage error.
    func validate(designDirectory: String?) throws {
        if designDirectory != nil, given {
            throw ValidationError("give a design directory or --catalogue/--parameters files, not both")
        }
    }
}

/// The command-line options of ``NamedDesignFiles``, shared by check, generate and simulate.
struct DesignFileOptions: ParsableArguments {
    @Option(
        name: .customLong("catalogue"),
        help: ArgumentHelp(
            "Use this catalogue file (GameConfig.plist) instead of a design directory, with the built-in parameters unless --parameters is given.",
            valueName: "file"))
    var catalogue: String?

    @Option(
        name: .customLong("parameters"),
        help: ArgumentHelp(
            "Use this parameters file (DefaultGameParameters.plist) instead of a design directory, with the built-in catalogue unless --catalogue is given.",
            valueName: "file"))
    var parameters: String?

    var named: NamedDesignFiles { NamedDesignFiles(catalogue: catalogue, parameters: parameters) }
}
