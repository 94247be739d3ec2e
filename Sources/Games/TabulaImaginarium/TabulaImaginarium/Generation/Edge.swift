/// The side two 4-adjacent tiles share: a unit stretch of the grid net, where a wall may stand.
public struct Edge: Sendable, Hashable {
    /// The tile above or to the left.
    public var column: Int
    public var row: Int
    /// Whether the other tile is to the right (else below).
    public var toTheRight: Bool

    public init(column: Int, row: Int, toTheRight: Bool) {
        self.column = column
        self.row = row
        self.toTheRight = toTheRight
    }

    /// The edge between two 4-adjacent tiles.
    init(_ a: MapGenerator.Tile, _ b: MapGenerator.Tile) {
        self.init(column: min(a.column, b.column), row: min(a.row, b.row), toTheRight: a.row == b.row)
    }

    /// Its ends on the grid net: a vertical stretch for tiles side by side, a horizontal one for
    /// tiles one above the other.
    public var start: GridPoint {
        toTheRight ? GridPoint(x: Double(column + 1), y: Double(row)) : GridPoint(x: Double(column), y: Double(row + 1))
    }

    public var end: GridPoint {
        toTheRight ? GridPoint(x: Double(column + 1), y: Double(row + 1)) : GridPoint(x: Double(column + 1), y: Double(row + 1))
    }

    /// A room's four sides, each as its unit edges in order (an edge of a side joins a tile of
    /// the room to one outside it).
    static func sides(of room: TileRect) -> [[Edge]] {
        let columns = room.column...room.lastColumn, rows = room.row...room.lastRow
        return [
            columns.map { Edge(column: $0, row: room.row - 1, toTheRight: false) },
            columns.map { Edge(column: $0, row: room.lastRow, toTheRight: false) },
            rows.map { Edge(column: room.column - 1, row: $0, toTheRight: true) },
            rows.map { Edge(column: room.lastColumn, row: $0, toTheRight: true) },
        ]
    }

    /// The unit edges a wall stretch from `a` to `b` lies on: none for a diagonal (it closes no
    /// side between two tiles) or a point off the corners.
    public static func along(_ a: GridPoint, _ b: GridPoint) -> [Edge] {
        guard a.isCorner, b.isCorner, a.x == b.x || a.y == b.y, abs(a.x - b.x) + abs(a.y - b.y) <= 2_000_000 else { return [] }
        let (x0, y0, x1, y1) = (Int(a.x), Int(a.y), Int(b.x), Int(b.y))
        if x0 == x1 {
            // A vertical stretch at x separates column x - 1 from column x.
            return (min(y0, y1)..<max(y0, y1)).map { Edge(column: x0 - 1, row: $0, toTheRight: true) }
        }
        return (min(x0, x1)..<max(x0, x1)).map { Edge(column: $0, row: y0 - 1, toTheRight: false) }
    }
}
