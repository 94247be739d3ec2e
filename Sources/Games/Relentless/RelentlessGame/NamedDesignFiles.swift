import GameSeam
import Relentless

/// A Relentless design named file by file (`--catalogue FILE`, `--parameters FILE`) instead of as
/// a directory. A file given alone is paired with the other half of the shipped design (C1 needs
/// both), so that a pre-commit hook can check one file of a commit, and the round or game a
/// finding names can be generated or played from the same files.
public struct NamedDesignFiles: Sendable, Hashable {
    public var catalogue: String?
    public var parameters: String?

    public static let none = NamedDesignFiles()

    public init(catalogue: String? = nil, parameters: String? = nil) {
        self.catalogue = catalogue
        self.parameters = parameters
    }

    /// The files a design folder was given one by one (its ``DesignFolder/namedFiles``).
    public init(_ folder: any DesignFolder) {
        self.init(catalogue: folder.namedFiles[Self.catalogueOption], parameters: folder.namedFiles[Self.parametersOption])
    }

    /// The command-line options that name them, without dashes.
    public static let catalogueOption = "catalogue", parametersOption = "parameters"

    /// The options, as ``PlayableRelentless`` declares them to the seam.
    public static let options = [
        DesignFileOption(option: catalogueOption, fileName: DesignSources.catalogueFileName),
        DesignFileOption(option: parametersOption, fileName: DesignSources.parametersFileName),
    ]

    public var given: Bool { catalogue != nil || parameters != nil }

    /// How messages name the files given, and the built-in half they are paired with.
    public var label: String {
        var label = [catalogue, parameters].compactMap { $0 }.joined(separator: " and ")
        if catalogue == nil { label += " (with the built-in catalogue)" }
        if parameters == nil { label += " (with the built-in parameters)" }
        return label
    }

    /// The options that name these files again, for the commands a run prints to reproduce a
    /// round or replay a game.
    public var words: [String] {
        var words: [String] = []
        if let catalogue { words += ["--\(Self.catalogueOption)", ShellWord.quoted(catalogue)] }
        if let parameters { words += ["--\(Self.parametersOption)", ShellWord.quoted(parameters)] }
        return words
    }
}
