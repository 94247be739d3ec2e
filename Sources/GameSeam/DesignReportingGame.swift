import Diagnostics

/// A game whose report is drawn from its design alone, with no game played (a board or a plan
/// shown as a page): what `playbench report` writes for a design whose game is not a
/// ``PlayableGame``. The command locks and replaces the report directory as it does for every
/// report; the game only makes the files.
public protocol DesignReportingGame: GameDefinition {
    /// The report's files, made from the design alone: the same design gives the same bytes. A
    /// design with errors is ``ContentError/design(label:diagnostics:)``, printed as `check`
    /// prints it.
    func designReport(_ design: any DesignFolder) throws(ContentError) -> [ReportFile]
}
