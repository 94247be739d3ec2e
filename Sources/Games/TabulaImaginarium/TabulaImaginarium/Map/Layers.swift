import Diagnostics
import PropertyList

/// The background layer (7.1.1): the standard texture on every tile not painted, and the
/// painted areas, a later one over an earlier one.
public struct Background: Sendable {
    public var standard: String
    public var standardPlace: Place
    public var painted: [Painting]

    public init(standard: String, standardPlace: Place = .nowhere, painted: [Painting] = []) {
        self.standard = standard
        self.standardPlace = standardPlace
        self.painted = painted
    }

    /// The texture each tile shows, row by row: the standard one unless an area painted it.
    public func textures(on grid: MapGrid) -> [[String]] {
        var tiles = Array(repeating: Array(repeating: standard, count: grid.columns), count: grid.rows)
        for painting in painted {
            // Clipped to the grid: a painting partly outside it (TI3) still paints what lies on it.
            let area = painting.area
            let left = max(0, area.column), right = min(grid.columns, area.column + area.columns)
            let top = max(0, area.row), bottom = min(grid.rows, area.row + area.rows)
            guard left < right, top < bottom else { continue }
            for r in top..<bottom {
                for c in left..<right { tiles[r][c] = painting.texture }
            }
        }
        return tiles
    }
}

/// A texture painted onto a rectangle of tiles (the app paints tile by tile as a finger moves;
/// a rectangle is this file's shorthand for many tiles).
public struct Painting: Sendable {
    public var texture: String
    public var area: TileRect
    public var place: Place

    public init(texture: String, area: TileRect, place: Place = .nowhere) {
        self.texture = texture
        self.area = area
        self.place = place
    }
}

/// A point of the finger drawing layer, in tiles from the map's top left corner.
public struct GridPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// A grid corner: both coordinates whole.
    public var isCorner: Bool { x.rounded() == x && y.rounded() == y }
}

/// A wall: a line snapped to the grid and drawn with a wall texture (6.5.1.3), through corners.
public struct Stroke: Sendable {
    public var texture: String
    public var points: [GridPoint]
    public var place: Place

    public init(texture: String, points: [GridPoint], place: Place = .nowhere) {
        self.texture = texture
        self.points = points
        self.place = place
    }
}

/// A free-hand line in a colour (6.6.1.2: the colours of the free-hand drawing mode).
public struct FreehandLine: Sendable {
    /// `#rrggbb`.
    public var color: String
    public var points: [GridPoint]
    public var place: Place

    public init(color: String, points: [GridPoint], place: Place = .nowhere) {
        self.color = color
        self.points = points
        self.place = place
    }
}

/// An object (7.1.3) at a tile: it covers the rectangle its image's file name gives, from there.
public struct PlacedPiece: Sendable {
    public var image: String
    public var column: Int
    public var row: Int
    public var place: Place

    public init(image: String, column: Int, row: Int, place: Place = .nowhere) {
        self.image = image
        self.column = column
        self.row = row
        self.place = place
    }

    /// The tiles it covers.
    public var area: TileRect {
        let size = ImageName.size(of: image) ?? (1, 1)
        return TileRect(column: column, row: row, columns: size.columns, rows: size.rows)
    }
}

/// A token (7.1.4): a piece with the number shown in its bottom right corner.
public struct Token: Sendable {
    public var piece: PlacedPiece
    public var number: Int

    public init(piece: PlacedPiece, number: Int) {
        self.piece = piece
        self.number = number
    }
}
