import Diagnostics
import PropertyList

/// The cells of a CSV file (RFC 4180: commas, double quotes around cells that hold commas,
/// quotes or line breaks, a doubled quote inside them; CRLF or LF), each with its line and
/// column for messages.
struct CSVTable {
    struct Cell {
        var text: String
        var location: SourceLocation
    }

    var rows: [[Cell]] = []

    /// The longest cell, in bytes: a design's own limit on a string, refused as the cell grows so
    /// that a huge one costs neither memory nor the checks after.
    static let longestCell = PlistLimits.designStringBytes
    /// The most rows, header included: a design's own bound on a list, refused where the row past
    /// it starts.
    static let mostRows = PlistLimits.designContainerEntries

    /// Nil, with the place and the reason, for a quote left open or text after a closing quote.
    static func parse(_ bytes: [UInt8]) -> Result<CSVTable, CSVSyntaxError> {
        var table = CSVTable()
        var row: [Cell] = []
        var cell: [UInt8] = []
        var cellStart = SourceLocation(line: 1, column: 1)
        var line = 1
        var column = 1
        var i = 0
        var quoted = false
        var afterQuote = false
        var rowHasContent = false
        func endCell() {
            row.append(Cell(text: String(decoding: cell, as: UTF8.self), location: cellStart))
            cell.removeAll(keepingCapacity: true)
            afterQuote = false
        }
        // A leading byte-order mark is not part of the first cell.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        while i < bytes.count {
            if cell.count > longestCell {
                return .failure(CSVSyntaxError(
                    location: cellStart, message: "a cell longer than \(longestCell.groupedText) bytes: a log holds at most \(longestCell.groupedText) bytes (64 KiB) in a cell"))
            }
            let b = bytes[i]
            if quoted {
                if b == UInt8(ascii: "\"") {
                    if i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\"") {
                        cell.append(b)
                        i += 2
                        column += 2
                        continue
                    }
                    quoted = false
                    afterQuote = true
                } else {
                    cell.append(b)
                    if b == UInt8(ascii: "\n") {
                        line += 1
                        column = 0
                    }
                }
            } else if b == UInt8(ascii: ",") {
                endCell()
                cellStart = SourceLocation(line: line, column: column + 1)
            } else if b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") {
                if b == UInt8(ascii: "\r"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\n") { i += 1 }
                if rowHasContent || !row.isEmpty || !cell.isEmpty {
                    endCell()
                    table.rows.append(row)
                    if table.rows.count > mostRows {
                        return .failure(CSVSyntaxError(
                            location: row[0].location, message: "more than \(mostRows.groupedText) rows: a log holds at most \(mostRows.groupedText) (a design's bound on a list)"))
                    }
                }
                row = []
                rowHasContent = false
                line += 1
                column = 0
                cellStart = SourceLocation(line: line, column: 1)
            } else if b == UInt8(ascii: "\"") && cell.isEmpty && !afterQuote {
                quoted = true
                rowHasContent = true
            } else {
                if afterQuote && b != UInt8(ascii: " ") {
                    return .failure(CSVSyntaxError(location: SourceLocation(line: line, column: column), message: "text after a closing quote"))
                }
                if !afterQuote { cell.append(b) }
                rowHasContent = true
            }
            i += 1
            column += 1
        }
        if quoted { return .failure(CSVSyntaxError(location: cellStart, message: "a quoted cell is never closed")) }
        if rowHasContent || !row.isEmpty || !cell.isEmpty {
            endCell()
            table.rows.append(row)
        }
        return .success(table)
    }
}

struct CSVSyntaxError: Error {
    var location: SourceLocation
    var message: String
}
