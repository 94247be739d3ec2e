import Diagnostics
import PropertyList

/// Reads `Generator.plist`, the map generator's parameters (TI9), each key optional:
///
/// ```xml
/// <dict>
///   <key>columns</key> <integer>40</integer>  <key>rows</key> <integer>28</integer>
///   <key>rooms</key> <integer>6</integer>  <key>smallestRoom</key> <integer>3</integer>  <key>largestRoom</key> <integer>7</integer>
///   <key>floor</key> <string>flagstones.png</string>
///   <key>tokens</key> <array><string>hero.png</string><string>ogre_2x2.png</string></array>
/// </dict>
/// ```
public enum GeneratorReader {
    public static let fileName = "Generator.plist"
    public static let keys = [
        "columns", "rows", "rooms", "smallestRoom", "largestRoom", "standard", "floor", "corridor", "wall", "horizontalDoor", "verticalDoor", "tokens",
    ]

    public static func read(_ root: PlistNode, file: String) -> (GeneratorParameters?, [Diagnostic]) {
        var log = DiagnosticLog(file: file)
        let top = PlistPath()
        guard let fields = FieldReader(root, top, "the generator's parameters", known: keys, rule: "TI9", &log) else { return (nil, log.diagnostics) }
        var p = GeneratorParameters()
        let defaults = p
        func whole(_ key: String, _ range: ClosedRange<Int>, _ fallback: Int) -> Int {
            fields.integer(key, in: range, default: fallback, rule: "TI9", &log) ?? fallback
        }
        p.columns = whole("columns", GeneratorParameters.sides, defaults.columns)
        p.rows = whole("rows", GeneratorParameters.sides, defaults.rows)
        p.rooms = whole("rooms", 1...GeneratorParameters.mostRooms, defaults.rooms)
        p.smallestRoom = whole("smallestRoom", GeneratorParameters.roomSides, defaults.smallestRoom)
        p.largestRoom = whole("largestRoom", GeneratorParameters.roomSides, defaults.largestRoom)
        if p.largestRoom < p.smallestRoom {
            log.error(
                "largestRoom \(p.largestRoom) is below smallestRoom \(p.smallestRoom)", at: fields["largestRoom"]?.location ?? root.location,
                top.appending("largestRoom"), rule: "TI9")
        }
        func image(_ key: String, _ fallback: String) -> String {
            guard let node = fields[key] else { return fallback }
            return MapReader.fileName(node, top.appending(key), rule: "TI9", &log) ?? fallback
        }
        p.standard = image("standard", defaults.standard)
        p.floor = image("floor", defaults.floor)
        p.corridor = image("corridor", defaults.corridor)
        p.wall = image("wall", defaults.wall)
        p.horizontalDoor = image("horizontalDoor", defaults.horizontalDoor)
        p.verticalDoor = image("verticalDoor", defaults.verticalDoor)
        for key in ["floor", "corridor"] where (key == "floor" ? p.floor : p.corridor) == p.standard {
            log.error(
                "\(key) is the standard texture \"\(p.standard)\": a room or corridor must show on the rock", at: fields[key]?.location ?? root.location,
                top.appending(key), rule: "TI9")
        }
        for (key, door) in [("horizontalDoor", DoorDirection.horizontal), ("verticalDoor", .vertical)] {
            let file = key == "horizontalDoor" ? p.horizontalDoor : p.verticalDoor
            guard let size = ImageName.size(of: file), size != door.size else { continue }
            log.error(
                "a \(door.rawValue) door covers \(door.size.columns)x\(door.size.rows), but \"\(file)\" covers \(size.columns)x\(size.rows)",
                at: fields[key]?.location ?? root.location, top.appending(key), rule: "TI5")
        }
        if let node = fields["tokens"], let items = log.array(node, top.appending("tokens"), "tokens", rule: "TI9") {
            p.tokens = items.enumerated().compactMap { i, item in
                let path = top.appending("tokens").appending(i)
                guard let file = MapReader.fileName(item, path, rule: "TI9", &log) else { return nil }
                MapReader.sized(file, item, path, &log)
                return file
            }
        }
        if !log.hasErrors, let why = p.impossibility {
            log.error("no map can be made: \(why)", at: root.location, top, rule: "TI10", suggestion: "fewer or smaller rooms, or a larger grid")
        }
        return (log.hasErrors ? nil : p, log.diagnostics)
    }
}
