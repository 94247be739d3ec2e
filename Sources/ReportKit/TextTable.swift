/// A plain-text table for a terminal: columns right-aligned to their widest cell, the last one
/// left as is (it may be long).
///
/// ```swift
/// print(TextTable.render(["players", "alive"], [["3", "52%"], ["4", "61%"]]), terminator: "")
/// // players  alive
/// //       3  52%
/// //       4  61%
/// ```
public enum TextTable {
    /// `header` then `rows`, one line each (every line ends in a newline), cells two spaces apart.
    public static func render(_ header: [String], _ rows: [[String]]) -> String {
        var widths = header.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: max(0, (i < widths.count ? widths[i] : 0) - cell.count))
                return i == cells.count - 1 ? cell : pad + cell
            }.joined(separator: "  ") + "\n"
        }
        return ([line(header)] + rows.map(line)).joined()
    }

    /// `table` moved right by `width` spaces, line by line, with no space left at a line's end
    /// (an empty last cell would leave some) and empty lines kept empty.
    public static func indented(_ table: String, by width: Int = 2) -> String {
        let pad = String(repeating: " ", count: width)
        return table.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var text = Substring(line)
            while text.last == " " { text = text.dropLast() }
            return text.isEmpty ? "" : pad + text
        }.joined(separator: "\n")
    }
}
