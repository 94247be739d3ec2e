import Diagnostics
import PropertyList

/// Reads `TabulaMap.plist`, a map of Tabula Imaginarium's four layers (seeds/004, 7.1), every
/// mistake located with its rule id; ``MapChecks`` then judges what was read (TI2–TI8).
///
/// ```xml
/// <dict>
///   <key>grid</key>       <dict><key>columns</key><integer>24</integer><key>rows</key><integer>16</integer></dict>  <!-- TI1 -->
///   <key>images</key>                                                                                               <!-- TI2 -->
///   <dict>
///     <key>textures</key> <array><string>grass.png</string><string>flagstones.png</string></array>
///     <key>walls</key>    <array><string>brick-wall.png</string></array>
///     <key>objects</key>  <array><dict><key>file</key><string>door-vertical_1x2.png</string><key>door</key><string>vertical</string></dict></array>
///     <key>tokens</key>   <array><string>goblin.png</string><string>ogre_2x2.png</string></array>
///   </dict>
///   <key>background</key> <dict><key>standard</key><string>grass.png</string>
///     <key>painted</key> <array><dict><key>texture</key><string>flagstones.png</string><key>column</key><integer>2</integer>
///       <key>row</key><integer>2</integer><key>columns</key><integer>6</integer><key>rows</key><integer>4</integer></dict></array></dict>
///   <key>drawing</key>    <dict><key>walls</key> <array><dict><key>texture</key><string>brick-wall.png</string>
///     <key>points</key><array><array><integer>2</integer><integer>2</integer></array><array><integer>8</integer><integer>2</integer></array></array></dict></array></dict>
///   <key>objects</key>    <array><dict><key>image</key><string>door-vertical_1x2.png</string><key>column</key><integer>4</integer><key>row</key><integer>5</integer></dict></array>
///   <key>tokens</key>     <array><dict><key>image</key><string>goblin.png</string><key>column</key><integer>3</integer><key>row</key><integer>3</integer><key>number</key><integer>1</integer></dict></array>
///   <key>nextTokenNumber</key> <integer>2</integer>                                                              <!-- TI8 -->
/// </dict>
/// ```
public enum MapReader {
    public static let fileName = "TabulaMap.plist"
    public static let topKeys = ["grid", "images", "background", "drawing", "objects", "tokens", "nextTokenNumber"]
    public static let gridKeys = ["columns", "rows"]
    public static let imageKeys = ["textures", "walls", "objects", "tokens"]
    public static let objectImageKeys = ["file", "door"]
    public static let backgroundKeys = ["standard", "painted"]
    public static let paintingKeys = ["texture", "column", "row", "columns", "rows"]
    public static let drawingKeys = ["walls", "freehand"]
    public static let wallKeys = ["texture", "points"]
    public static let freehandKeys = ["color", "points"]
    public static let objectKeys = ["image", "column", "row"]
    public static let tokenKeys = ["image", "column", "row", "number"]
    /// How far from the grid a position may be written: far enough for any mistake, near enough
    /// that no sum of positions and sizes overflows.
    public static let farthest = 1_000_000

    /// The map and every mistake of its shape (TI1) and declarations (TI2); nil when one stops
    /// the map being read. The checks of what the layers hold are ``MapChecks``'.
    public static func read(_ root: PlistNode, file: String) -> (TabulaMap?, [Diagnostic]) {
        var log = DiagnosticLog(file: file)
        let top = PlistPath()
        guard let fields = FieldReader(root, top, "the map's root", known: topKeys, rule: "TI1", &log) else { return (nil, log.diagnostics) }
        let grid = Self.grid(fields, &log)
        let images = Self.images(fields, &log)
        let background = Self.background(fields, &log)
        let (walls, freehand) = Self.drawing(fields, &log)
        let objects = Self.pieces(fields, "objects", keys: objectKeys, &log)
        let tokens = Self.tokens(fields, &log)
        let next = fields.integer("nextTokenNumber", in: 1...farthest, default: 1, rule: "TI8", &log)
        guard !log.hasErrors, let grid, let images, let background, let next else { return (nil, log.diagnostics) }
        var map = TabulaMap(
            grid: grid, images: images, background: background, walls: walls, freehand: freehand, objects: objects.map(\.piece), tokens: tokens,
            nextTokenNumber: next)
        map.nextTokenPlace = Place(fields["nextTokenNumber"]?.location ?? root.location, top.appending("nextTokenNumber"))
        return (map, log.diagnostics)
    }

    /// TI1: the grid, 1 to ``MapGrid/largestSide`` tiles a side.
    static func grid(_ fields: FieldReader, _ log: inout DiagnosticLog) -> MapGrid? {
        guard let node = log.required("grid", in: fields.dictionary, at: fields.node.location, fields.path, rule: "TI1"),
            let grid = FieldReader(node, fields.path.appending("grid"), "the grid", known: gridKeys, rule: "TI1", &log)
        else { return nil }
        let columns = grid.integer("columns", in: 1...MapGrid.largestSide, default: nil, rule: "TI1", &log)
        let rows = grid.integer("rows", in: 1...MapGrid.largestSide, default: nil, rule: "TI1", &log)
        guard let columns, let rows else { return nil }
        return MapGrid(columns: columns, rows: rows)
    }

    /// The array at `key` of `fields` (absent: empty), each element handed to `element`.
    static func elements<T>(
        _ fields: FieldReader, _ key: String, rule: String, _ log: inout DiagnosticLog, _ element: (PlistNode, PlistPath, inout DiagnosticLog) -> T?
    ) -> [T] {
        guard let node = fields[key], let items = log.array(node, fields.path.appending(key), key, rule: rule) else { return [] }
        return items.enumerated().compactMap { i, item in element(item, fields.path.appending(key).appending(i), &log) }
    }

    /// A file name: a non-empty string.
    static func fileName(_ node: PlistNode, _ path: PlistPath, rule: String, _ log: inout DiagnosticLog) -> String? {
        guard let text = log.string(node, path, rule: rule) else { return nil }
        guard !text.allSatisfy(\.isWhitespace) else {
            log.error("an image's file name cannot be empty", at: node.location, path, rule: rule)
            return nil
        }
        return text
    }

    /// A position (a column or a row): a whole number within ``farthest`` of the grid.
    static func position(_ fields: FieldReader, _ key: String, _ log: inout DiagnosticLog) -> Int? {
        fields.integer(key, in: -farthest...farthest, default: nil, rule: "TI1", &log)
    }
}
