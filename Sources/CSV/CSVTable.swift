import Diagnostics

/// The cells of a CSV file (RFC 4180: commas, double quotes around cells that hold commas,
/// quotes or line breaks, a doubled quote inside them; CRLF or LF), each with its line and
/// column for messages: what any game's reader of a table (a playtest log) starts from.
public struct CSVTable: Sendable {
    public struct Cell: Sendable {
        public var text: String
        public var location: SourceLocation

        public init(text: String, location: SourceLocation) {
            self.text = text
            self.location = location
        }
    }

    /// How much a file may hold, refused as it is read so that a huge file costs neither memory
    /// nor the checks after.
    public struct Limits: Sendable {
        /// The longest cell, in bytes.
        public var longestCell: Int
        /// The most rows, header included, refused where the row past it starts.
        public var mostRows: Int
        /// What messages call the file ("a log").
        public var holder: String

        public init(longestCell: Int, mostRows: Int, holder: String) {
            self.longestCell = longestCell
            self.mostRows = mostRows
            self.holder = holder
        }
    }

    public var rows: [[Cell]] = []

    /// The table, or the place and the reason it cannot be read: a quote left open, text after
    /// a closing quote, a cell or a table past `limits`.
    public static func parse(_ bytes: [UInt8], limits: Limits) -> Result<CSVTable, CSVSyntaxError> {
        let (longestCell, mostRows, holder) = (limits.longestCell, limits.mostRows, limits.holder)
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
                    location: cellStart, message: "a cell longer than \(longestCell.groupedText) bytes: \(holder) holds at most \(longestCell.groupedText) bytes (\(longestCell / 1024) KiB) in a cell"))
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
                            location: row[0].location, message: "more than \(mostRows.groupedText) rows: \(holder) holds at most \(mostRows.groupedText) (a design's bound on a list)"))
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

/// Where and why a CSV file cannot be read.
public struct CSVSyntaxError: Error, Sendable {
    public var location: SourceLocation
    public var message: String
}
