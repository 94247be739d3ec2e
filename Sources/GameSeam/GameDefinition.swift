import Diagnostics

/// A game as the commands see it: the one seam between the tool and every game (issue 17).
///
/// A command never asks which game it is serving. It finds the game whose ``designFileName`` the
/// design directory holds (``GameRegistry``), hands it the design's files (``DesignFolder``) and
/// what the user asked for, and prints what comes back. What a game does not support it says
/// here (``checkOptions``, ``fileOptions``), and the command refuses such an option by name, so
/// nothing is silently ignored.
///
/// Tests/ExampleGame holds the smallest conforming game; the reference's "Adding a game" article
/// walks through it.
public protocol GameDefinition: Sendable {
    /// The game's name as messages and help show it ("Coin", the example game in Tests/ExampleGame).
    var name: String { get }

    /// One line for `playbench --help`: what the game is and where its rules are.
    var summary: String { get }

    /// The file whose presence makes a directory this game's design ("Coin.plist").
    var designFileName: String { get }

    /// Every file of a design whose bytes can change what its games do (the design file, and
    /// the players or pipeline beside it): the parts of a sharded job must all have read the
    /// same ones. Default: the design file alone.
    var inputFileNames: [String] { get }

    /// The commands this game supports, each with one line on what it does for the game, for
    /// help; a command refuses a design whose game it does not list.
    var commands: [String: String] { get }

    /// Files a user may name one by one instead of a directory (`--rules FILE`).
    var fileOptions: [DesignFileOption] { get }

    /// The options of `check` this game's check uses; the command refuses the others.
    var checkOptions: Set<CheckOption> { get }

    /// The options of the commands that play (simulate, report, gate, …) that this game takes
    /// beyond those every game takes (`--games`, `--seed`, `--replay`, `--lineup`, `--shard`):
    /// each declared once, with its values, default and help. The commands hand the game what
    /// was given (``GameOptionValues``) and refuse the others by name. Default: none.
    var playOptions: [GameOption] { get }

    /// Reads and checks a design: every problem as a located diagnostic with the rule id it
    /// follows from. Throws only when a file cannot be read at all.
    func check(_ design: any DesignFolder, _ request: CheckRequest) throws(DesignFileError) -> CheckResult

    /// A small, complete design to start from, every key commented (what `playbench init`
    /// writes): each file's name and text. Default: none (init does not serve the game).
    var starterDesign: [StarterFile] { get }

    /// The game's rules articles (``RulesArticle``), whose entries `check --explain-rule` prints
    /// and whose ids the game's messages cite. Default: none.
    var rules: [RulesArticle] { get }

    /// The files of the design a command plays when no directory is named (the default game's
    /// shipped design, built into the tool), each named as messages show it
    /// ("<built-in>/Players.plist"): what `explore` checks edits against and saves from. Default:
    /// none (the game has no built-in design).
    var builtInFiles: [DesignFile] { get }
}

/// A file of a starter design.
public struct StarterFile: Sendable, Hashable {
    public var name: String
    public var text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

extension GameDefinition {
    public var inputFileNames: [String] { [designFileName] }

    public var starterDesign: [StarterFile] { [] }

    public var rules: [RulesArticle] { [] }

    public var builtInFiles: [DesignFile] { [] }

    public var playOptions: [GameOption] { [] }
}

/// A file of a game's design that a user may name on its own (`--rules FILE`).
public struct DesignFileOption: Sendable, Hashable {
    /// The command-line option's long name, without dashes ("rules").
    public var option: String
    /// The file it stands for in a design directory ("Rules.plist").
    public var fileName: String

    public init(option: String, fileName: String) {
        self.option = option
        self.fileName = fileName
    }
}
