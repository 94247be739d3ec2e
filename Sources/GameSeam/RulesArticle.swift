/// A game's rules as its reference writes them: the Markdown of the rules article in the DocC
/// catalog beside its model, whose level-3 headings (`### C4: Parts and depth`) are the entries
/// `playbench check --explain-rule` prints, and where that catalog lives in the repository, so a
/// terminal can print the article's links as paths. The article is built into the binary, so the
/// terminal and the reference say the same.
public struct RulesArticle: Sendable, Hashable {
    /// The catalog's path from the repository root ("Sources/Games/Coin/Coin/Coin.docc").
    public var catalog: String
    public var markdown: String

    public init(catalog: String, markdown: String) {
        self.catalog = catalog
        self.markdown = markdown
    }
}
