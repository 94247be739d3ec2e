/// What the map generator makes (an extension of seeds/004, whose maps are drawn by hand during
/// play; its goal, maps made as fast as a referee describes rooms, is what a generator serves):
/// a grid of `columns` × `rows`, `rooms` rooms of sides `smallestRoom...largestRoom`, corridors
/// joining them, doors where a corridor passes a room's wall, and a token for each of `tokens`.
/// Read from `Generator.plist` beside the map (``GeneratorReader``), every key with a default.
public struct GeneratorParameters: Sendable, Hashable {
    public var columns = 40
    public var rows = 28
    public var rooms = 6
    public var smallestRoom = 3
    public var largestRoom = 7
    /// The standard background: the rock every tile not painted shows.
    public var standard = "rock.png"
    public var floor = "flagstones.png"
    public var corridor = "gravel.png"
    public var wall = "stone-wall.png"
    public var horizontalDoor = "door-horizontal_2x1.png"
    public var verticalDoor = "door-vertical_1x2.png"
    /// One token each, numbered from 1 in this order.
    public var tokens = ["hero.png", "goblin.png", "goblin.png", "ogre_2x2.png"]

    public init() {}

    /// The grid's side limits: a map must hold a room and its border, and stay quick to make.
    public static let sides = 5...200
    public static let roomSides = 1...50
    public static let mostRooms = 200

    /// TI10: why no seed can place the rooms, or nil. Rooms lie a tile off the grid's edge and
    /// two tiles from each other (so that a corridor between two has a tile of its own), so
    /// each takes its side plus 2 each way of the grid at least: `rooms` squares of
    /// `smallestRoom + 2` must fit in the grid.
    public var impossibility: String? {
        let footprint = smallestRoom + 2
        if footprint > columns || footprint > rows {
            return "a room of \(smallestRoom)x\(smallestRoom) tiles (smallestRoom) and its border of one tile take \(footprint)x\(footprint), more than the \(columns)x\(rows) grid"
        }
        if rooms * footprint * footprint > columns * rows {
            return "\(rooms) rooms of \(smallestRoom)x\(smallestRoom) tiles at least, each with a border of one tile (\(footprint)x\(footprint)), need \(rooms * footprint * footprint) tiles; the \(columns)x\(rows) grid has \(columns * rows)"
        }
        for token in tokens {
            guard let size = ImageName.size(of: token), size.columns > largestRoom || size.rows > largestRoom else { continue }
            return "the token \"\(token)\" covers \(size.columns)x\(size.rows) tiles, more than the largest room (largestRoom \(largestRoom))"
        }
        return nil
    }
}
