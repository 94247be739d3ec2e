import Diagnostics

/// A game whose parameters have more to show than their values (what each is at every
/// difficulty of a ramp, where it came from): what `playbench params` prints for it. Any other
/// game played through the seam gets the table of its ``PlayableGame/parameters`` and their values.
public protocol TabulatingGame: GameDefinition {
    /// The options of `params` this game takes ("players", "demo"), declared once.
    var paramsOptions: [GameOption] { get }

    /// The table of `design`'s parameters in `format`, with the options given: the same design
    /// and options give the same bytes.
    func parameterTable(_ design: any DesignFolder, options: GameOptionValues, format: TableFormat) throws(ContentError) -> String
}

/// How a table is printed.
public enum TableFormat: String, Sendable, CaseIterable {
    /// Aligned columns for a terminal.
    case text
    /// RFC 4180, for spreadsheets and scripts.
    case csv
    /// A table for a CI page or a pull-request comment.
    case markdown
}
