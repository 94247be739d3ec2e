/// Relentless's rules article (`Relentless.docc/RelentlessReference.md`), built into the module: the entries
/// `playbench check --explain-rule` prints, the same text the reference shows.
public enum RelentlessReference {
    /// The article's Markdown.
    public static var article: String { String(decoding: PackageResources.RelentlessRules_md, as: UTF8.self) }

    /// Where its catalog lives in the repository, for links printed as paths.
    public static let catalog = "Sources/Games/Relentless/Relentless/Relentless.docc"
}
