import Diagnostics

/// A game whose content a seed generates (a round of a game, say): what `playbench generate`
/// serves through the seam. The command reads the options, refuses those the game does not take
/// (``generateOptions``), hands the rest over and prints what comes back.
public protocol GeneratingGame: GameDefinition {
    /// The options of `generate` this game takes beyond `--seed` and `--format` ("players",
    /// "explain"), declared once.
    var generateOptions: [GameOption] { get }

    /// The content `request` asks for, made from the design alone: the same design and request
    /// give the same bytes.
    func generate(_ design: any DesignFolder, _ request: GenerateRequest) throws(ContentError) -> GeneratedContent
}

/// What the user asked `generate` for.
public struct GenerateRequest: Sendable {
    /// How the content is printed.
    public enum Format: String, Sendable, CaseIterable {
        /// For people.
        case text
        /// For tools: the command writes the value as JSON.
        case json
        /// For tools: an XML property list.
        case plist
    }

    /// The options of ``GeneratingGame/generateOptions`` given; the game's defaults apply to
    /// the others.
    public var options: GameOptionValues
    /// The seed every random choice derives from.
    public var seed: UInt64
    public var format: Format

    public init(options: GameOptionValues = [:], seed: UInt64 = 1, format: Format = .text) {
        self.options = options
        self.seed = seed
        self.format = format
    }

}

/// Generated content in the format asked for.
public enum GeneratedContent: Sendable {
    case text(String)
    /// Written by the command as every command writes JSON (pretty, keys sorted).
    case json(any Encodable & Sendable)
    case bytes([UInt8])
}

/// Why a game made no content (`generate`'s rounds, `params`' table); each case is its own exit
/// status.
public enum ContentError: Error, Sendable {
    /// A file of the design could not be read (66, 74).
    case file(DesignFileError)
    /// The design has errors (1): printed as `check` prints them.
    case design(label: String, diagnostics: [Diagnostic])
    /// An option value the design cannot take (64): the message says which and why.
    case usage(String)
    /// The content could not be made (1): the message says why and how to reproduce it.
    case failed(String)
}
