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
    /// A table whose columns before the last (a note, a command: it may be long) run past
    /// `maxWidth` is printed in blocks one under the other, a blank line between, each repeating
    /// the first `keys` columns (what names a row) and holding as many further columns as fit; a
    /// column wider than a block by itself gets a block of its own.
    public static func render(_ header: [String], _ rows: [[String]], keys: Int = 1, maxWidth: Int = 100) -> String {
        var widths = header.map(\.count)
        for row in rows {
            for (i, cell) in row.enumerated() {
                if i < widths.count { widths[i] = max(widths[i], cell.count) } else { widths.append(cell.count) }
            }
        }
        // A row's last cell is left as it is (it may be long); the others are right-aligned.
        func line(_ cells: [String], _ columns: [Int]) -> String {
            columns.filter { $0 < cells.count }.map { i in
                let cell = cells[i]
                return i == cells.count - 1 ? cell : String(repeating: " ", count: max(0, widths[i] - cell.count)) + cell
            }.joined(separator: "  ") + "\n"
        }
        func block(_ columns: [Int]) -> String { ([line(header, columns)] + rows.map { line($0, columns) }).joined() }
        let keys = min(max(keys, 0), widths.count)
        let beforeLast = widths.dropLast().reduce(0) { $0 + $1 + 2 }
        guard beforeLast > maxWidth, widths.count > keys + 1 else { return block(Array(widths.indices)) }
        let keyWidth = widths.prefix(keys).reduce(0) { $0 + $1 + 2 }
        var blocks: [[Int]] = []
        var current: [Int] = []
        var used = keyWidth
        for i in keys..<widths.count {
            // The last column may run long: it joins the block it follows.
            if !current.isEmpty && i < widths.count - 1 && used + widths[i] > maxWidth {
                blocks.append(current)
                (current, used) = ([], keyWidth)
            }
            current.append(i)
            used += widths[i] + 2
        }
        blocks.append(current)
        return blocks.map { block(Array(0..<keys) + $0) }.joined(separator: "\n")
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
