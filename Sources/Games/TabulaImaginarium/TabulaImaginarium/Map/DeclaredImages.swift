/// The image files a map may name, by layer (the app's selection menus: textures, wall textures,
/// objects and tokens). A name no list declares is an image the app would not have (TI2).
public struct DeclaredImages: Sendable {
    public var textures: [String]
    public var walls: [String]
    public var objects: [ObjectImage]
    public var tokens: [String]

    public init(textures: [String], walls: [String] = [], objects: [ObjectImage] = [], tokens: [String] = []) {
        self.textures = textures
        self.walls = walls
        self.objects = objects
        self.tokens = tokens
    }

    public func object(_ file: String) -> ObjectImage? { objects.first { $0.file == file } }
}

/// An object's image: its file, and, for a door, the direction its picture shows (6.5.1.1: "one
/// depicting a door between two vertically adjacent tiles, and one between two horizontally
/// adjacent tiles").
public struct ObjectImage: Sendable, Hashable {
    public var file: String
    public var door: DoorDirection?

    public init(file: String, door: DoorDirection? = nil) {
        self.file = file
        self.door = door
    }
}

/// Which two adjacent tiles a door lies between.
public enum DoorDirection: String, Sendable, CaseIterable {
    /// Between two horizontally adjacent tiles: it covers 2 columns × 1 row.
    case horizontal
    /// Between two vertically adjacent tiles: 1 column × 2 rows.
    case vertical

    /// The tiles such a door covers.
    public var size: (columns: Int, rows: Int) { self == .horizontal ? (2, 1) : (1, 2) }
}

/// What an image's file name says: "Objects can cover one or more tiles in a rectangular area,
/// as determined by the file name of each object" (7.1.3; tokens alike, 7.1.4). The document does
/// not say how a name says it; this project reads `NAME_WxH.EXT` (`ogre_2x2.png`: 2 columns, 2
/// rows), and a name without it as one tile, the smallest token (6.2.1.9).
public enum ImageName {
    /// The largest side a name may give: a piece bigger than 20 tiles is no character or door.
    public static let largestSide = 20

    /// Columns and rows; nil when the name gives a size outside 1...``largestSide``.
    public static func size(of file: String) -> (columns: Int, rows: Int)? {
        guard let given = givenSize(of: file) else { return (1, 1) }
        guard (1...largestSide).contains(given.columns), (1...largestSide).contains(given.rows) else { return nil }
        return given
    }

    /// The `_WxH` before the extension, as written (any whole numbers), or nil when the name has none.
    public static func givenSize(of file: String) -> (columns: Int, rows: Int)? {
        // Bytes from the end: "." "_" "x" and digits are ASCII, so no character straddles them,
        // and a name of megabytes costs one pass, not a split into parts (issue 43).
        let bytes = file.utf8
        let stem = bytes[..<(bytes.lastIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex)]
        guard let underscore = stem.lastIndex(of: UInt8(ascii: "_")) else { return nil }
        let size = stem[stem.index(after: underscore)...]
        // Two Ints and an x: anything longer is no size an Int holds.
        guard size.count <= 41 else { return nil }
        let parts = size.split(separator: UInt8(ascii: "x"), omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
            let columns = Int(String(decoding: parts[0], as: UTF8.self)), let rows = Int(String(decoding: parts[1], as: UTF8.self))
        else { return nil }
        return (columns, rows)
    }
}
