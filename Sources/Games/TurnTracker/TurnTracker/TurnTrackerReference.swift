/// Turn Tracker's rules article (`TurnTracker.docc/TurnTrackerReference.md`), built into the module: the entries
/// `playbench check --explain-rule` prints, the same text the reference shows.
public enum TurnTrackerReference {
    /// The article's Markdown.
    public static var article: String { String(decoding: PackageResources.TurnTrackerRules_md, as: UTF8.self) }

    /// Where its catalog lives in the repository, for links printed as paths.
    public static let catalog = "Sources/Games/TurnTracker/TurnTracker/TurnTracker.docc"
}
