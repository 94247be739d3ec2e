import Diagnostics
import PropertyList

/// A map of Tabula Imaginarium (seeds/004, 7.1): a square grid of tiles and four layers drawn in
/// this order: the background (a texture per tile), the finger drawing (walls snapped to the
/// grid and free-hand lines), the objects (doors) and the tokens (characters and monsters, each
/// with its number). The app saved maps with NSKeyedArchiver; this is the same content as a plain
/// property list (`TabulaMap.plist`, read by ``MapReader``), what the checks, the page and the
/// generator share.
public struct TabulaMap: Sendable {
    public var grid: MapGrid
    /// Every image file a layer may name, by layer.
    public var images: DeclaredImages
    public var background: Background
    public var walls: [Stroke]
    public var freehand: [FreehandLine]
    public var objects: [PlacedPiece]
    public var tokens: [Token]
    /// The number the next token placed receives: the counter the app keeps in sync (6.6.1.2).
    public var nextTokenNumber: Int
    public var nextTokenPlace: Place = .nowhere

    public init(
        grid: MapGrid, images: DeclaredImages, background: Background, walls: [Stroke] = [], freehand: [FreehandLine] = [], objects: [PlacedPiece] = [],
        tokens: [Token] = [], nextTokenNumber: Int = 1
    ) {
        self.grid = grid
        self.images = images
        self.background = background
        self.walls = walls
        self.freehand = freehand
        self.objects = objects
        self.tokens = tokens
        self.nextTokenNumber = nextTokenNumber
    }
}

/// Where a piece of a map was read: what a message about it points at. Made maps (the
/// generator's) have no location.
public struct Place: Sendable, Hashable {
    public var location: SourceLocation?
    public var path: PlistPath

    public init(_ location: SourceLocation?, _ path: PlistPath) {
        self.location = location
        self.path = path
    }

    public static let nowhere = Place(nil, PlistPath())
}

/// The grid: `columns` × `rows` square tiles; tile (0, 0) is the top left one, and grid corners
/// run from (0, 0) to (columns, rows).
public struct MapGrid: Sendable, Hashable {
    public var columns: Int
    public var rows: Int

    /// The largest side the reader accepts: "very large maps" (7.3), a million tiles at most.
    public static let largestSide = 1000

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    public var whole: TileRect { TileRect(column: 0, row: 0, columns: columns, rows: rows) }
}

/// A rectangle of tiles: what a painted area, an object or a token covers.
public struct TileRect: Sendable, Hashable {
    public var column: Int
    public var row: Int
    public var columns: Int
    public var rows: Int

    public init(column: Int, row: Int, columns: Int, rows: Int) {
        self.column = column
        self.row = row
        self.columns = columns
        self.rows = rows
    }

    public var lastColumn: Int { column + columns - 1 }
    public var lastRow: Int { row + rows - 1 }

    public func contains(_ other: TileRect) -> Bool {
        other.column >= column && other.row >= row && other.lastColumn <= lastColumn && other.lastRow <= lastRow
    }

    public func contains(column c: Int, row r: Int) -> Bool { (column...lastColumn).contains(c) && (row...lastRow).contains(r) }

    public func intersects(_ other: TileRect) -> Bool {
        column <= other.lastColumn && other.column <= lastColumn && row <= other.lastRow && other.row <= lastRow
    }

    /// "(3, 4)" for one tile, "(3, 4)–(5, 6)" for more.
    public var text: String {
        columns == 1 && rows == 1 ? "(\(column), \(row))" : "(\(column), \(row))–(\(lastColumn), \(lastRow))"
    }
}
