/// Tabula Imaginarium's map rules article (`TabulaImaginarium.docc/TabulaMapReference.md`), built into the module: the entries
/// `playbench check --explain-rule` prints, the same text the reference shows.
public enum TabulaMapReference {
    /// The article's Markdown.
    public static var article: String { String(decoding: PackageResources.TabulaMapRules_md, as: UTF8.self) }

    /// Where its catalog lives in the repository, for links printed as paths.
    public static let catalog = "Sources/Games/TabulaImaginarium/TabulaImaginarium/TabulaImaginarium.docc"
}
