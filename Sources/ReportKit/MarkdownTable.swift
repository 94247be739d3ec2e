/// A Markdown table, for summaries a CI job or a pull request shows.
///
/// ```swift
/// MarkdownTable.render(["players", "alive"], [["3", "52%"]], numeric: 1)
/// // | players | alive |
/// // |---|---:|
/// // | 3 | 52% |
/// ```
public enum MarkdownTable {
    /// `header` then `rows`; columns from `numeric` on are right-aligned (all but the last when
    /// `last` is false); a `|` in a cell is escaped.
    public static func render(_ header: [String], _ rows: [[String]], numeric: Int, last: Bool = true) -> String {
        func cell(_ text: String) -> String {
            var out = ""
            for c in text { if c == "|" { out += "\\|" } else { out.append(c) } }
            return out
        }
        var md = "| " + header.map(cell).joined(separator: " | ") + " |\n|"
        for i in header.indices { md += i >= numeric && (last || i < header.count - 1) ? "---:|" : "---|" }
        md += "\n"
        for row in rows { md += "| " + row.map(cell).joined(separator: " | ") + " |\n" }
        return md
    }
}
